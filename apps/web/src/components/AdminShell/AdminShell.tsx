import type { ReactNode } from 'react';
import { AppShell, Badge, Burger, Button, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLogout, useSession } from '../../auth/session.js';
import { UnassignedBell } from '../UnassignedBell/UnassignedBell.js';
import { LanguageSwitch } from '../LanguageSwitch/LanguageSwitch.js';

export interface AdminTab {
  key: string;
  label: string;
  /** Shown as a badge beside the label; undefined while loading or where nothing is counted. */
  count?: number | undefined;
  /** The badge's colour (default: the theme's); red for counts that need attention. */
  color?: string | undefined;
}

/** The admin console's frame: header with the signed-in admin and Logout, sidebar tabs with counts. */
export function AdminShell({ tabs, current, onSelect, children }: { tabs: AdminTab[]; current: string; onSelect: (key: string) => void; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const { user } = useSession();
  const logout = useLogout('/admin-login');
  const [opened, { toggle, close }] = useDisclosure();

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('shell.navigation')} />
            <Title order={4} lineClamp={1}>
              {t('shell.title')}
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <UnassignedBell />
            {user && (
              <Text size="sm" c="dimmed" visibleFrom="xs">
                {t('shell.signedInAs', { name: user.name })}
              </Text>
            )}
            <LanguageSwitch />
            <Button size="xs" variant="light" onClick={() => logout.mutate()} disabled={logout.isPending}>
              {logout.isPending ? tc('nav.loggingOut') : tc('nav.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('shell.navigation')}>
        {tabs.map((tab) => (
          <NavLink
            key={tab.key}
            component="button"
            label={tab.label}
            active={tab.key === current}
            aria-current={tab.key === current ? 'page' : undefined}
            rightSection={tab.count === undefined ? null : <Badge size="sm" variant="light" color={tab.color} circle={tab.count < 100}>{tab.count}</Badge>}
            onClick={() => {
              onSelect(tab.key);
              close();
            }}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
