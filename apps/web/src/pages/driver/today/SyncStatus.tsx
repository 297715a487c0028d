import { Alert, Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/format.js';

interface SyncStatusProps {
  /** Marks (and starts and ends) on the phone, not yet received by the server. */
  waiting: number;
  /** When the list shown was saved, if it comes from the phone because the server cannot be reached. */
  savedAt: string | null;
  /** The session ended: nothing can be sent until the driver signs in again. */
  signedOut: boolean;
}

/** How many marks are waiting to be sent, and whether the list shown is the one saved on the phone. */
export function SyncStatus({ waiting, savedAt, signedOut }: SyncStatusProps) {
  const { t } = useTranslation('driver');
  return (
    <>
      {savedAt && (
        <Alert color="yellow" icon={<IconCloudOff aria-hidden />} p="xs">
          <Text size="sm" c="dark.9">
            {t('today.sync.fromPhone', { time: formatTime(savedAt) })}
          </Text>
        </Alert>
      )}
      {signedOut && (
        <Alert color="red" p="xs" role="alert">
          <Text size="sm" c="dark.9">
            {t('today.sync.signedOut')}{' '}
            <Anchor component={Link} to="/driver-login" state={{ from: '/driver/today' }} c="blue.9" fw={700}>
              {t('today.sync.signIn')}
            </Anchor>
          </Text>
        </Alert>
      )}
      {/* Announced as it changes: the driver hears the count go down as marks arrive. */}
      <Group gap="xs" role="status" aria-live="polite" wrap="nowrap">
        {waiting > 0 ? (
          <>
            <Badge size="lg" color="#a63c06" variant="filled" style={{ flexShrink: 0 }}>
              {t('today.sync.waiting', { count: waiting })}
            </Badge>
            <Text size="sm" c="dark.7">
              {t('today.sync.waitingHelp')}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dark.7">
            {t('today.sync.allSent')}
          </Text>
        )}
      </Group>
    </>
  );
}
