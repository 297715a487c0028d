import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SharingState } from './use-position-sharing.js';

/** Whether families can see the bus, and in plain words why not. */
export function LocationStatus({ state }: { state: SharingState }) {
  const { t } = useTranslation('driver');
  if (state === 'off') return null;
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
