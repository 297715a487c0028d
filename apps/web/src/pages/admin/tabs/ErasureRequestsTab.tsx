import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OfficeErasureRequest } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../../trpc.js';
import { notify } from '../../../notify.js';
import { formatDate } from '../../../i18n/format.js';
import { ReasonModal } from '../../../components/AdminFees/ReasonModal.js';
import { ListState } from './ListState.js';
import { RecordViewsSection } from './RecordViewsSection.js';

/** How urgent an open request is: amber with 2 working days or fewer left, red when late. */
function daysLeftColor(daysLeft: number): string {
  if (daysLeft < 0) return 'red';
  if (daysLeft <= 2) return 'orange';
  return 'gray';
}

/**
 * Families' requests to erase their data (Bahrain's PDPL: answered within 10 working days): open
 * ones first by due date with the working days left; the admin completes one (the family is erased)
 * or refuses it with a reason the family is sent. Below, who in the office looked at which child.
 */
export function ErasureRequestsTab() {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const requests = useQuery(trpc.admin.dataRights.erasureRequests.queryOptions());
  const [refusing, setRefusing] = useState<OfficeErasureRequest | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.dataRights.erasureRequests.queryKey() });
  const complete = useMutation({
    ...trpc.admin.dataRights.completeErasure.mutationOptions(),
    onSuccess: async () => {
      setConfirming(null);
      await refresh();
      notify({ title: t('erasure.completed') });
    },
    onError: (error) => notify({ title: t('erasure.failed'), message: errorMessage(error, t('erasure.failed')), variant: 'destructive' }),
  });
  const refuse = useMutation({
    ...trpc.admin.dataRights.refuseErasure.mutationOptions(),
    onSuccess: async () => {
      setRefusing(null);
      await refresh();
      notify({ title: t('erasure.refused') });
    },
    onError: (error) => notify({ title: t('erasure.failed'), message: errorMessage(error, t('erasure.failed')), variant: 'destructive' }),
  });
  const list = requests.data?.erasureRequests ?? [];

  return (
    <Stack>
      <Title order={2} size="h3">
        {t('erasure.title')}
      </Title>
      <Text size="sm">{t('erasure.hint')}</Text>
      <ListState query={requests}>
        {list.length === 0 && <Text c="dimmed">{t('erasure.none')}</Text>}
        {list.map((request) => (
          <Card key={request.id} component="article" withBorder padding="sm" aria-label={request.familyName}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>{request.familyName}</Text>
                {request.status === 'open' ? (
                  <Badge color={daysLeftColor(request.workingDaysLeft)} variant="light">
                    {request.workingDaysLeft < 0
                      ? t('erasure.late', { count: -request.workingDaysLeft })
                      : t('erasure.daysLeft', { count: request.workingDaysLeft })}
                  </Badge>
                ) : (
                  <Badge color={request.status === 'completed' ? 'green' : 'gray'} variant="light">
                    {t(`erasure.status.${request.status}`)}
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                {t('erasure.requestedOn', { date: formatDate(request.createdAt.slice(0, 10), i18n.language) })} ·{' '}
                {t('erasure.dueBy', { date: formatDate(request.dueBy, i18n.language) })}
              </Text>
              {request.reason && <Text size="sm">{t('erasure.familyReason', { reason: request.reason })}</Text>}
              {request.refusalReason && <Text size="sm">{t('erasure.refusalReason', { reason: request.refusalReason })}</Text>}
              {request.status === 'open' && (
                <Group gap="xs" wrap="wrap">
                  {confirming === request.id ? (
                    <>
                      <Text size="sm" c="red">
                        {t('erasure.confirm')}
                      </Text>
                      <Button color="red" size="sm" mih={44} loading={complete.isPending} onClick={() => complete.mutate({ id: request.id })}>
                        {t('erasure.eraseNow')}
                      </Button>
                      <Button variant="default" size="sm" mih={44} onClick={() => setConfirming(null)}>
                        {t('common.cancel')}
                      </Button>
                    </>
                  ) : (
                    <>
                      <Button color="red" size="sm" mih={44} onClick={() => setConfirming(request.id)}>
                        {t('erasure.complete')}
                      </Button>
                      <Button variant="default" size="sm" mih={44} onClick={() => setRefusing(request)}>
                        {t('erasure.refuse')}
                      </Button>
                    </>
                  )}
                </Group>
              )}
            </Stack>
          </Card>
        ))}
      </ListState>
      {refusing && (
        <ReasonModal
          title={t('erasure.refuseTitle', { family: refusing.familyName })}
          hint={t('erasure.refuseHint')}
          confirm={t('erasure.refuse')}
          pending={refuse.isPending}
          onConfirm={(reason) => refuse.mutate({ id: refusing.id, reason })}
          onClose={() => setRefusing(null)}
        />
      )}
      <RecordViewsSection />
    </Stack>
  );
}
