import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODIFICATION_FIELD_LABELS, type AdminModificationRequest, type ModificationStatus } from '@school-transport/contracts';
import { trpc } from '../../../trpc.js';
import { refreshAdminData } from '../../../queries/admin-queries.js';
import { useModificationRequestCounts, useModificationRequests } from '../../../queries/modification-request-queries.js';
import { ListState } from './ListState.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { OverCapacityField } from '../../../components/Seats/OverCapacityField.js';
import { useOverCapacity } from '../../../components/Seats/use-over-capacity.js';
import { seatRefusalOf } from '../../../components/Seats/seat-refusal.js';
import { ModificationComparison } from '../../../components/ModificationRequests/ModificationComparison.js';
import { ModificationStatusBadge } from '../../../components/ModificationRequests/ModificationStatusBadge.js';
import { formatDateTime } from '../../../i18n/format.js';
import { AdminDialog } from '../../../components/AdminDialog/AdminDialog.js';
import { NO_COLOR, YES_COLOR } from './action-colors.js';

type Filter = 'all' | ModificationStatus;
type Decision = { kind: 'approve' | 'reject'; request: AdminModificationRequest };

const studentName = (request: AdminModificationRequest) => `${request.student.firstName} ${request.student.lastName}`;

/**
 * The office's review of the parents' modification requests: pending first, a status filter,
 * old against new with the changes highlighted, and Approve / Reject with a note for the parent.
 */
export function ModificationRequestsTab() {
  const { t } = useTranslation('modificationRequests');
  const [filter, setFilter] = useState<Filter>('all');
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const requests = useModificationRequests(filter === 'all' ? undefined : filter);
  const counts = useModificationRequestCounts();
  const narrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  const list = requests.data?.modificationRequests ?? [];

  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          aria-label={t('filter')}
          value={filter}
          onChange={(value) => setFilter(value as Filter)}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth={narrow}
          w={narrow ? '100%' : undefined}
          styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
          data={[
            { value: 'all', label: t('filters.all') },
            { value: 'pending', label: t('filters.pending', { count: counts.data?.pending ?? 0 }) },
            { value: 'approved', label: t('filters.approved') },
            { value: 'rejected', label: t('filters.rejected') },
          ]}
        />
        <Text c="dimmed" size="sm">
          {t('total', { count: list.length })}
        </Text>
      </Group>
      <ListState query={requests}>
        {list.length === 0 ? (
          <Text c="dimmed">{t(`empty.${filter}`)}</Text>
        ) : (
          <Stack gap="md">
            {list.map((request) => (
              <ModificationRequestCard key={request.id} request={request} onDecide={(kind) => setDeciding({ kind, request })} />
            ))}
          </Stack>
        )}
      </ListState>
      {deciding && <DecisionModal decision={deciding} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}

function ModificationRequestCard({ request, onDecide }: { request: AdminModificationRequest; onDecide: (kind: 'approve' | 'reject') => void }) {
  const { t } = useTranslation('modificationRequests');
  const { t: tp } = useTranslation('parent');
  const name = studentName(request);
  const conflicts = request.conflictingFields.map((field) => MODIFICATION_FIELD_LABELS[field]);
  const statusText = tp(`requests.statusLabel.${request.status}`);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={t('card.label', { name })}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3} size="h5">
              {t('card.student', { name, id: request.student.automatedId })}
            </Title>
            <Text size="sm">{t('card.school', { school: request.student.schoolName })}</Text>
          </div>
          <ModificationStatusBadge status={request.status} />
        </Group>
        <Text size="sm">
          {t('card.parent', { name: request.parent.name })}
          {' · '}
          {request.parent.phone ? (
            <Anchor
              href={`tel:+973${request.parent.phone}`}
              aria-label={t('card.callParent', { name: request.parent.name, phone: request.parent.phone })}
              inherit
            >
              {request.parent.phone}
            </Anchor>
          ) : (
            t('card.noPhone')
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {t('card.requestedOn', { date: formatDateTime(request.createdAt) })} · {t('card.changedCount', { count: request.changedFields.length })}
        </Text>
        {request.decidedAt && (
          <Text size="sm">
            {request.decidedBy
              ? t('card.decided', { status: statusText, name: request.decidedBy.name, date: formatDateTime(request.decidedAt) })
              : t('card.decidedUnknown', { status: statusText, date: formatDateTime(request.decidedAt) })}
          </Text>
        )}
        {conflicts.length > 0 && (
          <Alert color="red" variant="light" p="xs">
            {t('card.conflict', { fields: conflicts.join(', ') })}
          </Alert>
        )}
        <ModificationComparison
          before={request.payloadOld}
          after={request.payloadNew}
          changed={request.changedFields}
          conflicting={request.conflictingFields}
        />
        {request.adminNote && <Text size="sm">{t('card.note', { note: request.adminNote })}</Text>}
        {request.status === 'pending' && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" color="red" mih={44} onClick={() => onDecide('reject')} aria-label={t('actions.rejectLabel', { name })}>
              {t('actions.reject')}
            </Button>
            <Button
              color={YES_COLOR}
              mih={44}
              onClick={() => onDecide('approve')}
              disabled={conflicts.length > 0}
              aria-label={t('actions.approveLabel', { name })}
            >
              {t('actions.approve')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Confirms a decision, with the optional note the parent will read. */
function DecisionModal({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const { t } = useTranslation('modificationRequests');
  const [note, setNote] = useState('');
  const approve = useMutation(trpc.admin.modificationRequests.approve.mutationOptions());
  const reject = useMutation(trpc.admin.modificationRequests.reject.mutationOptions());
  const pending = approve.isPending || reject.isPending;
  const name = studentName(decision.request);
  const approving = decision.kind === 'approve';
  const overCapacity = useOverCapacity();

  const confirm = async () => {
    const input = { id: decision.request.id, adminNote: note };
    let busFull = false;
    await runAdminChange(
      () => (approving ? approve.mutateAsync({ ...input, ...overCapacity.choice() }) : reject.mutateAsync(input)),
      {
        success: () => ({ title: approving ? t('decide.approved') : t('decide.rejected'), message: name }),
        failure: t('decide.failed'),
      },
      {
        after: async () => undefined,
        refused: (error) => {
          overCapacity.refusedWith(error);
          busFull = seatRefusalOf(error) !== null;
        },
      },
    );
    // A full bus keeps the dialog open (an admin may allow it); any other refusal or success closes it.
    if (busFull) return;
    // Refused or not, the queue is read again: a 409 means someone else decided, or the student changed.
    onClose();
    await refreshAdminData();
  };

  return (
    <AdminDialog onClose={onClose} title={approving ? t('decide.approveTitle') : t('decide.rejectTitle')}>
      <Stack>
        <Text size="sm">{approving ? t('decide.approveText', { name }) : t('decide.rejectText', { name })}</Text>
        <Textarea
          label={t('decide.note')}
          description={t('decide.noteHint')}
          maxLength={500}
          autosize
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <OverCapacityField state={overCapacity} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} mih={44}>
            {t('decide.cancel')}
          </Button>
          <Button color={approving ? YES_COLOR : NO_COLOR} onClick={() => void confirm()} loading={pending} mih={44}>
            {approving ? t('decide.confirmApprove') : t('decide.confirmReject')}
          </Button>
        </Group>
      </Stack>
    </AdminDialog>
  );
}
