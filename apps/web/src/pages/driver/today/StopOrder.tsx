import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DriverTodayRun } from '@school-transport/contracts';
import { translateMessage } from '../../../i18n/messages.js';
import { notify } from '../../../notify.js';
import { DayRequestError, orderStops } from './day-api.js';
import { moved, stopsOfRun } from './run-stops.js';

interface StopOrderProps {
  run: DriverTodayRun;
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * The driver's own order of the run's stops: Up and Down buttons a thumb can hit (dragging on a
 * moving bus is not), then Save. Needs a connection: the server checks the order against the run.
 */
export function StopOrder({ run, onSaved, onClose }: StopOrderProps) {
  const { t } = useTranslation('driver');
  const [stops, setStops] = useState(() => stopsOfRun(run));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await orderStops(
        run.run,
        stops.map((stop) => stop.id),
      );
      await onSaved();
      notify({ title: t('today.stops.saved') });
      onClose();
    } catch (caught) {
      setError(caught instanceof DayRequestError ? translateMessage(caught.message, caught.code) : t('today.stops.offline'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="stop-order-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="stop-order-title" c="dark.9">
          {t('today.stops.title')}
        </Title>
        <Text size="sm" c="dark.7">
          {t('today.stops.note')}
        </Text>
        {error && (
          <Alert color="red" title={t('today.stops.failed')} role="alert">
            {error}
          </Alert>
        )}
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('today.stops.title')}>
          {stops.map((stop, index) => {
            const names = stop.names.join(', ');
            return (
              <Card key={stop.id} component="li" withBorder radius="md" padding="xs" data-testid="driver-stop">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700} c="dark.9">
                      {t('today.stops.number', { number: index + 1 })} · {names}
                    </Text>
                    <Text size="sm" c="dark.7" style={{ overflowWrap: 'anywhere' }}>
                      {stop.address}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    <Button
                      variant="default"
                      mih={48}
                      miw={48}
                      px="xs"
                      disabled={index === 0}
                      aria-label={t('today.stops.moveUpLabel', { number: index + 1, names })}
                      onClick={() => setStops((current) => moved(current, index, -1))}
                    >
                      <IconArrowUp size={20} aria-hidden />
                    </Button>
                    <Button
                      variant="default"
                      mih={48}
                      miw={48}
                      px="xs"
                      disabled={index === stops.length - 1}
                      aria-label={t('today.stops.moveDownLabel', { number: index + 1, names })}
                      onClick={() => setStops((current) => moved(current, index, 1))}
                    >
                      <IconArrowDown size={20} aria-hidden />
                    </Button>
                  </Group>
                </Group>
              </Card>
            );
          })}
        </Stack>
        <Group grow>
          <Button size="lg" color="blue.9" onClick={() => void save()} loading={saving}>
            {t('today.stops.save')}
          </Button>
          <Button size="lg" variant="default" onClick={onClose}>
            {t('today.stops.cancel')}
          </Button>
        </Group>
      </Stack>
    </section>
  );
}
