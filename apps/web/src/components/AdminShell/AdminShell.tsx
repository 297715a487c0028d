import { useRef, type ReactNode } from 'react';
import { AppShell, Badge, Burger, Button, Group, NavLink, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLogout, useSession } from '../../auth/session.js';
import { UnassignedBell } from '../UnassignedBell/UnassignedBell.js';
import { LanguageSwitch } from '../LanguageSwitch/LanguageSwitch.js';
import { AccountMenu } from '../AccountMenu/AccountMenu.js';
import { usePhoneScreen } from '../AdminDialog/use-phone-screen.js';

export interface AdminTab {
  key: string;
  label: string;
  /** Shown as a badge beside the label; undefined while loading or where nothing is counted. */
  count?: number | undefined;
  /** The badge's colour (default: the theme's); red for counts that need attention. */
  color?: string | undefined;
  /**
   * A second count after the first, shown only when above 0 (the Outbox's held messages), with
   * the words that say what it counts to a screen reader.
   */
  extraCount?: { count: number | undefined; color: string; label: string } | undefined;
}

function TabBadges({ tab }: { tab: AdminTab }) {
  const extra = tab.extraCount;
  const extraCount = extra?.count ?? 0;
  if (tab.count === undefined && extraCount === 0) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {tab.count !== undefined && (
        <Badge size="sm" variant="light" color={tab.color} circle={tab.count < 10}>
          {tab.count}
        </Badge>
      )}
      {extra && extraCount > 0 && (
        <Badge size="sm" variant="light" color={extra.color} circle={extraCount < 10}>
          {extraCount}
          <VisuallyHidden> {extra.label}</VisuallyHidden>
        </Badge>
      )}
    </Group>
  );
}

const NAVIGATION_ID = 'admin-sections';

/**
 * The admin console's frame: header with the bell, the signed-in admin, the language and Logout;
 * the sections with their counts in a sidebar, or on a phone in a drawer behind the menu button.
 */
export function AdminShell({ tabs, current, onSelect, children }: { tabs: AdminTab[]; current: string; onSelect: (key: string) => void; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const { user } = useSession();
  const logout = useLogout('/admin-login');
  const phone = usePhoneScreen();
  const [opened, { toggle, close }] = useDisclosure();
  const burger = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  const drawerOpen = phone && opened;

  // Escape closes the drawer and gives the focus back to the menu button, as a dialog would.
  useWindowEvent('keydown', (event) => {
    if (drawerOpen && event.key === 'Escape') {
      close();
      burger.current?.focus();
    }
  });

  const select = (key: string) => {
    onSelect(key);
    if (drawerOpen) {
      close();
      // The drawer (and the focused section in it) hides: the focus moves to the section shown.
      main.current?.focus({ preventScroll: true });
    }
  };

  // On a phone the header has no room for the product's name beside its buttons: it heads the page instead.
  const title = (
    <Title order={1} size="h4" mb={phone ? 'md' : undefined}>
      {t('shell.title')}
    </Title>
  );

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              ref={burger}
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              miw={44}
              mih={44}
              aria-label={t('shell.navigation')}
              aria-expanded={opened}
              aria-controls={NAVIGATION_ID}
            />
            {!phone && title}
          </Group>
          <Group gap={4} wrap="nowrap">
            <UnassignedBell />
            {user && (
              <Text size="sm" c="dimmed" visibleFrom="md">
                {t('shell.signedInAs', { name: user.name })}
              </Text>
            )}
            <LanguageSwitch />
            <AccountMenu signInPath="/admin-login" compact={phone} />
            <Button size="xs" variant="light" onClick={() => logout.mutate()} disabled={logout.isPending}>
              {logout.isPending ? tc('nav.loggingOut') : tc('nav.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      {/* Off screen when collapsed on a phone: hidden too, so its sections are not tabbed to or read out unseen.
          It scrolls: the office's sections are taller than a laptop's screen (16 at 44 px each). */}
      <AppShell.Navbar
        id={NAVIGATION_ID}
        p="xs"
        aria-label={t('shell.navigation')}
        style={{ overflowY: 'auto', ...(phone && !opened ? { visibility: 'hidden' } : {}) }}
      >
        {tabs.map((tab) => (
          <NavLink
            key={tab.key}
            component="button"
            label={tab.label}
            mih={44}
            active={tab.key === current}
            aria-current={tab.key === current ? 'page' : undefined}
            rightSection={<TabBadges tab={tab} />}
            onClick={() => select(tab.key)}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main ref={main} tabIndex={-1} style={{ outline: 'none' }}>
        {phone && title}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
