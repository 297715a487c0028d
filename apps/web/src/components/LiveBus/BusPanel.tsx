import { useMemo } from 'react';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BUS_STALE_AFTER_S, type StudentBus } from '@school-transport/contracts';
import { formatNumber } from '../../i18n/format.js';
import { LazyRunMap } from '../RunMap/LazyRunMap.js';
import { useNow } from './use-live-bus.js';
import { useEtaText } from './use-eta-text.js';

type OnTheWay = Extract<StudentBus, { status: 'on_the_way' }>;

/** A duration in the page's words: '12 s', '3 min'. */
function useAge() {
  const { t, i18n } = useTranslation('liveBus');
  return (seconds: number) =>
    seconds < 60 ? t('seconds', { count: seconds, formatted: formatNumber(seconds, i18n.language) }) : t('minutes', { count: Math.floor(seconds / 60) });
}

/**
 * The bus on its way to the family's stop: the map (the bus, greyed when its position is old, and
 * their own stop only, both kept in view as the bus moves), 'updated 12 s ago' ticking, the stops before theirs and the ETA range.
 */
export function BusPanel({ bus }: { bus: OnTheWay }) {
  const { t } = useTranslation('liveBus');
  const age = useAge();
  const now = useNow();
  const etaText = useEtaText();
  const eta = bus.eta ? etaText(bus.eta) : null;
  const seconds = Math.max(0, Math.round((now - Date.parse(bus.position.at)) / 1000));
  // The server says so at each change; between changes the page's own clock does.
  const stale = bus.stale || seconds > BUS_STALE_AFTER_S;
  // The clock ticks every second; the map redraws its markers only when what it shows changes.
  const { lat, lng } = bus.position;
  const stopLat = bus.stop?.lat;
  const stopLng = bus.stop?.lng;
  const yourStop = t('yourStop');
  const busTitle = stale ? t('staleBusMarker') : t('busMarker');
  const stops = useMemo(
    () => (stopLat !== undefined && stopLng !== undefined ? [{ id: 'own-stop', number: 1, title: yourStop, location: { lat: stopLat, lng: stopLng } }] : []),
    [stopLat, stopLng, yourStop],
  );
  const marker = useMemo(() => ({ lat, lng, title: busTitle, stale }), [lat, lng, busTitle, stale]);
  const zoomIn = t('zoomIn');
  const zoomOut = t('zoomOut');
  const zoomLabels = useMemo(() => ({ zoomIn, zoomOut }), [zoomIn, zoomOut]);
  return (
    <Stack gap="sm">
      <LazyRunMap loadingLabel={t('loadingMap')} label={t('mapLabel')} zoomLabels={zoomLabels} stops={stops} bus={marker} followLabel={t('followBus')} />
      <Group gap="xs" justify="space-between">
        <Text fw={600} c="dark.9" data-testid="bus-updated" aria-live="off">
          {t('updated', { age: age(seconds) })}
        </Text>
        {stale && (
          <Badge color="gray.7" variant="filled">
            {t('staleBusMarker')}
          </Badge>
        )}
      </Group>
      {stale && (
        <Alert color="gray" role="status" data-testid="bus-stale">
          <Text c="dark.9">{t('stale')}</Text>
        </Alert>
      )}
      {bus.toSchool ? (
        <Text c="dark.9">{t('onBoard')}</Text>
      ) : (
        <>
          <Text c="dark.9">{bus.stopsBefore === 0 ? t('nextStop') : t('stopsBefore', { count: bus.stopsBefore })}</Text>
          {eta ? (
            <Group gap="xs" align="baseline">
              <Text c="dark.9">{eta.label}</Text>
              <Text fw={700} size="xl" c="dark.9" data-testid="bus-eta">
                {eta.figure}
              </Text>
            </Group>
          ) : (
            <Text c="dark.9" data-testid="bus-eta-withheld">
              {bus.stop ? t('etaWithheld') : t('etaUnknown')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
