import { useEffect, useState } from 'react';
import { Button, Group, Image, List, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { generateTrackerId, OSMAND_PATH, TRACKING_APP_SETTINGS } from '@school-transport/contracts';

/**
 * The vehicle's tracker on the driver's form: the identifier the bus's tracker or tracking app
 * reports under, a 'Generate' for a phone app (a random one nobody guesses), and how to set the
 * app up: the server address, the identifier, a QR code carrying both, and the settings to type.
 * The QR library is loaded only when a code is drawn.
 */
export function TrackerSetup<Values extends { vehicle: { trackerId: string } }>({ form }: { form: UseFormReturnType<Values> }) {
  const { t } = useTranslation('admin');
  const trackerId = form.getValues().vehicle.trackerId.trim();
  const serverAddress = `${window.location.origin}${OSMAND_PATH}`;
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (!trackerId) {
      setQr(null);
      return;
    }
    let current = true;
    // The OsmAnd protocol's own form of the two: the address with the identifier as `id`.
    const text = `${serverAddress}?id=${encodeURIComponent(trackerId)}`;
    void import('qrcode').then(({ toDataURL }) => toDataURL(text, { margin: 1, width: 192 })).then((url) => current && setQr(url));
    return () => {
      current = false;
    };
  }, [trackerId, serverAddress]);

  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('drivers.trackerId')}
          description={t('drivers.trackerIdHint')}
          maxLength={64}
          {...form.getInputProps('vehicle.trackerId')}
        />
        <Button variant="default" mih={44} onClick={() => form.setFieldValue('vehicle.trackerId' as never, generateTrackerId() as never)}>
          {t('drivers.generateTrackerId')}
        </Button>
      </Group>
      {trackerId && (
        <Stack gap={4} data-testid="tracker-setup">
          <Text size="sm" fw={600}>
            {t('drivers.trackerSetupTitle')}
          </Text>
          <List size="sm" type="ordered">
            <List.Item>{t('drivers.trackerSetupApp')}</List.Item>
            <List.Item>
              {t('drivers.trackerSetupServer')}{' '}
              <Text span ff="monospace" dir="ltr">
                {serverAddress}
              </Text>
            </List.Item>
            <List.Item>
              {t('drivers.trackerSetupId')}{' '}
              <Text span ff="monospace" dir="ltr">
                {trackerId}
              </Text>
            </List.Item>
            <List.Item>
              {t('drivers.trackerSetupSettings', { seconds: TRACKING_APP_SETTINGS.intervalSeconds, metres: TRACKING_APP_SETTINGS.distanceMetres })}
            </List.Item>
          </List>
          {qr && <Image src={qr} alt={t('drivers.trackerQrAlt')} w={192} h={192} />}
        </Stack>
      )}
    </Stack>
  );
}
