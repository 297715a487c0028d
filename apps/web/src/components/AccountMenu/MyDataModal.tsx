import { Alert, Anchor, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { formatDate } from '../../i18n/format.js';
import { useReturnFocusToOpener } from '../../a11y/use-return-focus-to-opener.js';
import { usePhoneScreen } from '../AdminDialog/use-phone-screen.js';

/**
 * A family's data rights: download everything the service holds about it (a ZIP made by the
 * server), and ask for it to be erased, with the office's answer once given.
 */
export function MyDataModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = usePhoneScreen();
  useReturnFocusToOpener(true);
  const queryClient = useQueryClient();
  const requests = useQuery(trpc.parent.dataRights.erasureRequests.queryOptions());
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const request = useMutation({
    ...trpc.parent.dataRights.requestErasure.mutationOptions(),
    onSuccess: async () => {
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: trpc.parent.dataRights.erasureRequests.queryKey() });
      notify({ title: t('myData.requested') });
    },
    onError: (error) => notify({ title: t('myData.requestFailed'), message: errorMessage(error, t('myData.requestFailed')), variant: 'destructive' }),
  });
  const latest = requests.data?.erasureRequests[0];
  const language = i18n.language === 'ar' ? 'ar' : 'en';

  return (
    <Modal opened onClose={onClose} title={t('myData.title')} fullScreen={phone}>
      <Stack>
        <Text size="sm">{t('myData.downloadHint')}</Text>
        <Button component="a" href="/api/parent/my-data" download="my-data.zip">
          {t('myData.download')}
        </Button>
        <Title order={3} size="h5">
          {t('myData.erasureTitle')}
        </Title>
        {latest && (
          <Alert color={latest.status === 'refused' ? 'red' : latest.status === 'completed' ? 'green' : 'blue'} title={t(`myData.status.${latest.status}`)}>
            {latest.status === 'open' && t('myData.dueBy', { date: formatDate(latest.dueBy, language) })}
            {latest.status === 'refused' && t('myData.refusedBecause', { reason: latest.refusalReason ?? '' })}
          </Alert>
        )}
        {latest?.status !== 'open' &&
          (asking ? (
            <Stack gap="xs">
              <Text size="sm">{t('myData.erasureWarning')}</Text>
              <Textarea
                label={t('myData.reason')}
                value={reason}
                maxLength={500}
                onChange={(event) => setReason(event.currentTarget.value)}
                autosize
                minRows={2}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setAsking(false)}>
                  {t('actions.cancel')}
                </Button>
                <Button color="red" disabled={request.isPending} onClick={() => request.mutate({ reason: reason.trim() || undefined })}>
                  {t('myData.sendRequest')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Text size="sm">
              {t('myData.erasureHint')}{' '}
              <Anchor component="button" type="button" size="sm" onClick={() => setAsking(true)}>
                {t('myData.askErasure')}
              </Anchor>
            </Text>
          ))}
      </Stack>
    </Modal>
  );
}
