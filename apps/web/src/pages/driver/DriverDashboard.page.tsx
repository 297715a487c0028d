import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage, trpc } from '../../trpc.js';
import { useLogout, useSession } from '../../auth/session.js';
import { PageLoader } from '../../components/PageLoader/PageLoader.js';
import { LanguageSwitch } from '../../components/LanguageSwitch/LanguageSwitch.js';
import { AccountMenu } from '../../components/AccountMenu/AccountMenu.js';
import { DriverInfoCard } from '../../components/DriverInfoCard/DriverInfoCard.js';
import { DriverStudentList } from '../../components/DriverStudentList/DriverStudentList.js';
import '../../styles/signed-in.js';
import '../../i18n/screens.js';

/** /driver-dashboard and /driver: the signed-in driver's card and own students. */
export function DriverDashboardPage() {
  const { t } = useTranslation('driver');
  const { t: tc } = useTranslation();
  const { user } = useSession();
  const logout = useLogout('/driver-login');
  const me = useQuery(trpc.driver.me.queryOptions());
  const students = useQuery(trpc.driver.students.queryOptions());
  const failed = me.error ?? students.error;

  return (
    <>
      <header style={{ borderBottom: '2px solid var(--mantine-color-dark-2)' }}>
        <Container size="xl" py="sm">
          {/* On a phone the buttons go under the title rather than past the screen's edge. */}
          <Group justify="space-between" gap="sm">
            <div>
              <Title order={1} size="h3" c="dark.9">
                {t('title')}
              </Title>
              {user && (
                <Text size="md" c="dark.6">
                  {t('greeting', { name: user.name })}
                </Text>
              )}
            </div>
            <Group gap="xs">
              <LanguageSwitch size="lg" variant="default" />
              <AccountMenu signInPath="/driver-login" size="lg" variant="default" />
              <Button size="lg" variant="default" onClick={() => logout.mutate()} disabled={logout.isPending}>
                {logout.isPending ? tc('nav.loggingOut') : tc('nav.logout')}
              </Button>
            </Group>
          </Group>
        </Container>
      </header>
      <Container size="xl" py="lg" px={{ base: 'sm', sm: 'md' }} component="main">
        {/* The school day (marks, Start and End) is a screen of its own that also works without signal. */}
        <Button component={Link} to="/driver/today" size="lg" color="blue.9" fullWidth mb="lg">
          {t('today.open')}
        </Button>
        {(me.isLoading || students.isLoading) && <PageLoader />}
        {failed && (
          <Alert color="red" title={t('loadFailed')}>
            {errorMessage(failed, t('loadFailed'))}
            <Button size="md" variant="light" ms="md" onClick={() => void Promise.all([me.refetch(), students.refetch()])}>
              {t('retry')}
            </Button>
          </Alert>
        )}
        {me.data && students.data && (
          <Stack gap="xl">
            <DriverInfoCard driver={me.data.driver} />
            <DriverStudentList students={students.data.students} driverName={me.data.driver.name} />
          </Stack>
        )}
      </Container>
    </>
  );
}
