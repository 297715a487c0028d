import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isShortMapLinkText, parseLocationLink, type LatLng, type RunStop } from '@school-transport/contracts';
import { trpc } from '../../../../trpc.js';

interface PinStopProps {
  stop: RunStop;
  number: number;
  saving: boolean;
  onSave: (at: LatLng) => void;
  onRemove: () => void;
  onClose: () => void;
}

/**
 * Pinning where a stop is without the map (keyboard, screen readers, a link the parent sent on
 * WhatsApp): a Google or Apple Maps link, or the latitude and longitude typed. A short link
 * (maps.app.goo.gl, what WhatsApp shares) holds no position itself: the server follows it when
 * the stop is saved. The map beside it takes a click or a dragged marker for the same stop.
 */
export function PinStop({ stop, number, saving, onSave, onRemove, onClose }: PinStopProps) {
  const { t } = useTranslation('routes');
  const [link, setLink] = useState('');
  const [lat, setLat] = useState<number | string>(stop.location?.lat ?? '');
  const [lng, setLng] = useState<number | string>(stop.location?.lng ?? '');
  const linkPosition = useMutation(trpc.admin.routes.linkPosition.mutationOptions());
  const linked = link.trim() ? parseLocationLink(link) : null;
  const shortLink = !linked && isShortMapLinkText(link);
  const typed = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const at = linked ?? typed;
  const linkError = linkPosition.isError ? t('pin.shortLinkFailed') : link.trim() && !linked && !shortLink ? t('pin.linkInvalid') : undefined;

  const save = async () => {
    if (shortLink) {
      const answer = await linkPosition.mutateAsync({ link }).catch(() => null);
      if (answer) onSave(answer.position);
      return;
    }
    if (at) onSave(at);
  };

  return (
    <Stack
      gap="xs"
      p="sm"
      style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}
      role="group"
      aria-labelledby="pin-stop-title"
    >
      <Text fw={700} id="pin-stop-title">
        {t('pin.title', { number })}
      </Text>
      <Alert color="blue" variant="light" p="xs">
        {t('map.placing', { number })}
      </Alert>
      <Text size="sm" c="dark.7">
        {t('pin.note')}
      </Text>
      <TextInput
        label={t('pin.link')}
        value={link}
        onChange={(event) => {
          setLink(event.currentTarget.value);
          linkPosition.reset();
        }}
        error={linkError}
        dir="ltr"
      />
      <Group grow>
        <NumberInput label={t('pin.lat')} value={lat} onChange={setLat} min={-90} max={90} decimalScale={6} hideControls dir="ltr" />
        <NumberInput label={t('pin.lng')} value={lng} onChange={setLng} min={-180} max={180} decimalScale={6} hideControls dir="ltr" />
      </Group>
      <Group gap="xs">
        <Button mih={44} disabled={!at && !shortLink} loading={saving || linkPosition.isPending} onClick={() => void save()}>
          {t('pin.save')}
        </Button>
        {stop.location?.source === 'set' && (
          <Button mih={44} variant="default" color="red" onClick={onRemove} disabled={saving}>
            {t('pin.remove')}
          </Button>
        )}
        <Button mih={44} variant="subtle" onClick={onClose}>
          {t('pin.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
