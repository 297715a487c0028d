import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/format.js';
import type { SharingState } from './use-position-sharing.js';

interface LocationStatusProps {
  state: SharingState;
  /** The phone has a connection: positions reach the families. */
  online: boolean;
  /** When the last position that reached the server was taken; null: none yet on this screen. */
  positionSentAt: string | null;
  /** The bus's tracker reports: its position is the bus's, and the phone shares none. */
  fromTracker: boolean;
}

/**
 * Whether families can see the bus, and in plain words why not. Without signal the phone still
 * finds its position, but families see only the last one that arrived: the screen says when.
 */
export function LocationStatus({ state, online, positionSentAt, fromTracker }: LocationStatusProps) {
  const { t } = useTranslation('driver');
  if (fromTracker) {
    return (
      <Text size="sm" c="dark.7" data-testid="location-tracker">
        {t('today.location.tracker')}
      </Text>
    );
  }
  if (state === 'off') return null;
  if (state === 'sharing' && !online) {
    return (
      <Alert color="orange" title={t('today.location.offTitle')} role="status" data-testid="location-offline">
        <Text c="dark.9">{positionSentAt ? t('today.location.offline', { time: formatTime(positionSentAt) }) : t('today.location.offlineNone')}</Text>
      </Alert>
    );
  }
  if (state === 'sharing') {
    return (
      <Text size="sm" c="dark.7" data-testid="location-sharing">
        {t('today.location.sharing')}
      </Text>
    );
  }
  return (
    <Alert color="orange" title={t('today.location.offTitle')} role="status" data-testid="location-off">
      <Text c="dark.9">{t(`today.location.${state}`)}</Text>
    </Alert>
  );
}
