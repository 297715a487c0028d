import { Anchor, Button, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isOfficeRole } from '@school-transport/contracts';
import { useLogout, useSession } from '../../auth/session.js';
import { LanguageSwitch } from '../LanguageSwitch/LanguageSwitch.js';

/** Home, Login, Register; signed in: a greeting, Admin (admins), Dashboard (parents) and Logout. No driver link. */
export function PublicHeader() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout('/');
  return (
    <header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="sm">
        <Group justify="space-between">
          <Anchor component={Link} to="/" fw={700} size="lg" underline="never">
            {t('appName')}
          </Anchor>
          <Group gap="md" component="nav">
            <Anchor component={Link} to="/">
              {t('nav.home')}
            </Anchor>
            {!user && (
              <Anchor component={Link} to="/parent-login">
                {t('nav.login')}
              </Anchor>
            )}
            <Anchor component={Link} to="/register">
              {t('nav.register')}
            </Anchor>
            {user && isOfficeRole(user.role) && (
              <Anchor component={Link} to="/admin">
                {t('nav.admin')}
              </Anchor>
            )}
            {user?.role === 'parent' && (
              <Anchor component={Link} to="/parent">
                {t('nav.dashboard')}
              </Anchor>
            )}
            {user && (
              <>
                <Text size="sm" c="dimmed">
                  {t('nav.greeting', { name: user.name })}
                </Text>
                <Button size="xs" variant="light" onClick={() => logout.mutate()} disabled={logout.isPending}>
                  {logout.isPending ? t('nav.loggingOut') : t('nav.logout')}
                </Button>
              </>
            )}
            <LanguageSwitch />
          </Group>
        </Group>
      </Container>
    </header>
  );
}
