import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Button, Menu, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconDatabase, IconKey, IconLogout2, IconUserCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { rememberSignedInUser } from '../../auth/session.js';

// The dialog loads when first opened: most visits never change a password.
const ChangePasswordModal = lazy(() => import('./ChangePasswordModal.js').then((m) => ({ default: m.ChangePasswordModal })));
const MyDataModal = lazy(() => import('./MyDataModal.js').then((m) => ({ default: m.MyDataModal })));

/**
 * The signed-in user's account menu, in every signed-in header beside the language and Logout:
 * Change Password, and Sign Out Everywhere (every session of the account ends, this one too, and
 * the user lands on `signInPath`). `compact` shows the icon alone. `myData`: a family's My Data
 * (its download and its erasure request).
 */
export function AccountMenu({
  signInPath,
  size = 'xs',
  variant = 'subtle',
  compact = false,
  myData = false,
}: {
  signInPath: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  compact?: boolean;
  myData?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const [showingData, setShowingData] = useState(false);
  const signOutEverywhere = useMutation({
    ...trpc.auth.signOutEverywhere.mutationOptions(),
    onSuccess: async () => {
      // Leave first, as Logout does: a guarded page would otherwise send the user to its own sign-in page.
      await navigate(signInPath);
      rememberSignedInUser(null);
      notify({ title: t('account.signedOutEverywhere') });
    },
    onError: (error) =>
      notify({ title: t('account.signOutEverywhereFailed'), message: errorMessage(error, t('account.signOutEverywhereFailed')), variant: 'destructive' }),
  });

  return (
    <>
      {/* No focus placeholder: an element of role presentation that takes focus is not a child a menu may have (axe). */}
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          {compact ? (
            // A header with no room for the word (the office's on a phone): the icon, named for screen readers.
            <ActionIcon variant={variant} size={44} aria-label={t('account.menu')}>
              <IconUserCircle size={20} aria-hidden />
            </ActionIcon>
          ) : (
            <Button
              size={size}
              variant={variant}
              leftSection={<IconUserCircle size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
            >
              {t('account.menu')}
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          {myData && (
            <Menu.Item leftSection={<IconDatabase size={16} aria-hidden />} onClick={() => setShowingData(true)}>
              {t('myData.title')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => setChanging(true)}>
            {t('account.changePassword')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLogout2 size={16} aria-hidden />}
            title={t('account.signOutEverywhereHint')}
            disabled={signOutEverywhere.isPending}
            onClick={() => signOutEverywhere.mutate()}
          >
            {t('account.signOutEverywhere')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {changing && (
        <Suspense fallback={null}>
          <ChangePasswordModal onClose={() => setChanging(false)} />
        </Suspense>
      )}
      {showingData && (
        <Suspense fallback={null}>
          <MyDataModal onClose={() => setShowingData(false)} />
        </Suspense>
      )}
    </>
  );
}
