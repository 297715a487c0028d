import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc.js';
import { formatTime } from '../../i18n/format.js';
import { translateMessage } from '../../i18n/messages.js';
import { runAdminChange } from './run-admin-change.js';

/**
 * A parent's or driver's sign-in lock on their record: after ten wrong passwords from one address
 * (or fifty from several) sign-ins wait ten minutes; a driver locked out by someone else before
 * the morning run calls the office, which clears it here. Shows nothing while the account is not locked.
 */
export function SignInLockNotice({ account, id }: { account: 'parent' | 'driver'; id: string }) {
  const { t, i18n } = useTranslation();
  const procedures = account === 'driver' ? trpc.admin.drivers : trpc.admin.parents;
  const lock = useQuery(procedures.signInLock.queryOptions({ id }));
  const clear = useMutation(procedures.clearSignInLock.mutationOptions());
  const lockedUntil = lock.data?.lockedUntil;
  if (!lockedUntil) return null;

  const clearLock = () =>
    runAdminChange(
      () => clear.mutateAsync({ id }),
      { success: (result) => ({ title: translateMessage(result.message) }), failure: t('signInLock.clearFailed') },
      { after: async () => void (await lock.refetch()) },
    );

  return (
    <Alert color="orange" variant="light" title={t('signInLock.lockedUntil', { time: formatTime(lockedUntil, i18n.language) })}>
      <Group gap="sm" wrap="wrap">
        <Button type="button" variant="light" color="orange" size="xs" onClick={() => void clearLock()} disabled={clear.isPending}>
          {t('signInLock.clear')}
        </Button>
        <Text size="xs" c="dimmed" style={{ flex: '1 1 12rem' }}>
          {t('signInLock.clearHint')}
        </Text>
      </Group>
    </Alert>
  );
}
