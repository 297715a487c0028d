import { useState } from 'react';
import { Anchor, Button, Card, Checkbox, Grid, Group, Image, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { acceptProofInput, PAYMENT_METHODS, PROOF_STATUSES, type PaymentMethod, type PaymentProof, type ProofStatus } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../../trpc.js';
import { zodValidate } from '../../../forms/validation.js';
import { refreshAdminData } from '../../../queries/admin-queries.js';
import { ListState } from './ListState.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { ReasonModal } from '../../../components/AdminFees/ReasonModal.js';
import { FeeStatusBadge } from '../../../components/StudentFees/FeeStatusBadge.js';
import { formatAmount, formatDate, formatMonth } from '../../../i18n/format.js';
import { AdminDialog } from '../../../components/AdminDialog/AdminDialog.js';
import { TableScrollRegion } from '../../../components/TableScrollRegion/TableScrollRegion.js';
import { YES_COLOR } from './action-colors.js';

interface AcceptValues {
  id: string;
  amountBhd: string;
  reference: string;
  method: PaymentMethod;
  feeIds: string[];
}

/** Accept: the payment the proof shows, amount and reference prefilled from what the parent typed. */
function AcceptModal({ proof, onClose }: { proof: PaymentProof; onClose: () => void }) {
  const { t, i18n } = useTranslation('fees');
  const accept = useMutation(trpc.admin.fees.acceptProof.mutationOptions());
  const form = useForm<AcceptValues>({
    initialValues: { id: proof.id, amountBhd: proof.amountBhd, reference: proof.reference, method: 'bank_transfer', feeIds: [proof.feeId] },
    validate: zodValidate(acceptProofInput),
  });
  const submit = async (values: AcceptValues) => {
    const done = await runAdminChange(
      () => accept.mutateAsync(values),
      {
        success: ({ payment }) => ({ title: t('proofs.accepted'), message: t('payment.recordedText', { number: payment.receiptNumber }) }),
        failure: t('proofs.acceptFailed'),
      },
      { after: refreshAdminData, setErrors: form.setErrors },
    );
    if (done) onClose();
  };
  const choices = proof.familyDueFees.some((fee) => fee.id === proof.feeId) ? proof.familyDueFees : [];
  return (
    <AdminDialog onClose={onClose} title={t('proofs.acceptTitle')} centered>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          <Text size="sm">{t('proofs.acceptHint')}</Text>
          <TextInput label={t('payment.amount')} inputMode="decimal" withAsterisk {...form.getInputProps('amountBhd')} />
          <TextInput label={t('payment.reference')} maxLength={120} {...form.getInputProps('reference')} />
          <Select
            label={t('payment.method')}
            allowDeselect={false}
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
            {...form.getInputProps('method')}
          />
          {choices.length > 1 && (
            <Checkbox.Group label={t('payment.months')} {...form.getInputProps('feeIds')}>
              <Stack gap={6} mt={4}>
                {choices.map((fee) => (
                  <Checkbox
                    key={fee.id}
                    value={fee.id}
                    label={`${fee.studentName}, ${formatMonth(fee.month, i18n.language)}: ${t('amount', { amount: formatAmount(fee.outstandingBhd, i18n.language) })}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={44}>
              {t('payment.cancel')}
            </Button>
            <Button type="submit" color={YES_COLOR} loading={accept.isPending} mih={44}>
              {t('proofs.accept')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminDialog>
  );
}

function ProofCard({ proof, onAccept, onReject }: { proof: PaymentProof; onAccept: () => void; onReject: () => void }) {
  const { t, i18n } = useTranslation('fees');
  const title = t('proofs.from', { parent: proof.parentName, student: proof.studentName, month: formatMonth(proof.month, i18n.language) });
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={title}>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {proof.mime === 'application/pdf' || proof.mime === 'image/heic' ? (
            <Anchor href={proof.fileUrl} target="_blank" rel="noopener noreferrer">
              {t('proofs.openPdf')}
            </Anchor>
          ) : (
            <Anchor href={proof.fileUrl} target="_blank" rel="noopener noreferrer">
              <Image src={proof.fileUrl} alt={t('proofs.image', { parent: proof.parentName })} mah={420} fit="contain" radius="sm" />
            </Anchor>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {t('proofs.sent', { date: formatDate(proof.createdAt, i18n.language) })} · {proof.parentPhone ?? ''}
            </Text>
            <Text size="sm">{t('proofs.claimed', { amount: formatAmount(proof.amountBhd, i18n.language), reference: proof.reference || '—' })}</Text>
            {proof.reason && (
              <Text size="sm" c="red">
                {t('proofs.decidedReason', { reason: proof.reason })}
              </Text>
            )}
            <Text size="sm" fw={600}>
              {t('proofs.familyDue')}
            </Text>
            {proof.familyDueFees.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('proofs.nothingDue')}
              </Text>
            ) : (
              <TableScrollRegion label={t('proofs.familyDue')} minWidth={360}>
                <Table>
                  <Table.Tbody>
                    {proof.familyDueFees.map((fee) => (
                      <Table.Tr key={fee.id}>
                        <Table.Td>{fee.studentName}</Table.Td>
                        <Table.Td>{formatMonth(fee.month, i18n.language)}</Table.Td>
                        <Table.Td>{t('amount', { amount: formatAmount(fee.outstandingBhd, i18n.language) })}</Table.Td>
                        <Table.Td>
                          <FeeStatusBadge status={fee.status} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScrollRegion>
            )}
            {proof.status === 'pending' && (
              <Group>
                <Button color={YES_COLOR} onClick={onAccept} mih={44}>
                  {t('proofs.accept')}
                </Button>
                <Button color="red" variant="light" onClick={onReject} mih={44}>
                  {t('proofs.reject')}
                </Button>
              </Group>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}

/** The office's queue of proofs of payment: the file beside the family's months to pay; accept or reject with a reason. */
export function PaymentProofsTab() {
  const { t } = useTranslation('fees');
  const [status, setStatus] = useState<ProofStatus>('pending');
  const proofs = useQuery({ ...trpc.admin.fees.proofs.queryOptions({ status }), ...ADMIN_LIST_QUERY });
  const reject = useMutation(trpc.admin.fees.rejectProof.mutationOptions());
  const [accepting, setAccepting] = useState<PaymentProof | null>(null);
  const [rejecting, setRejecting] = useState<PaymentProof | null>(null);
  const all = proofs.data?.proofs ?? [];
  return (
    <Stack>
      <Title order={2}>{t('proofs.title')}</Title>
      <SegmentedControl
        aria-label={t('proofs.statusFilter')}
        value={status}
        onChange={(value) => setStatus(value as ProofStatus)}
        data={PROOF_STATUSES.map((s) => ({ value: s, label: t(`proofStatus.${s}`) }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      <ListState query={proofs}>
        {all.length === 0 ? (
          <Text c="dimmed">{t('proofs.empty')}</Text>
        ) : (
          <Stack>
            {all.map((proof) => (
              <ProofCard key={proof.id} proof={proof} onAccept={() => setAccepting(proof)} onReject={() => setRejecting(proof)} />
            ))}
          </Stack>
        )}
      </ListState>
      {accepting && <AcceptModal proof={accepting} onClose={() => setAccepting(null)} />}
      {rejecting && (
        <ReasonModal
          title={t('proofs.rejectTitle')}
          hint={t('proofs.rejectHint')}
          confirm={t('proofs.reject')}
          pending={reject.isPending}
          onClose={() => setRejecting(null)}
          onConfirm={(reason) =>
            void runAdminChange(
              () => reject.mutateAsync({ id: rejecting.id, reason }),
              { success: () => ({ title: t('proofs.rejected') }), failure: t('proofs.rejectFailed') },
              { after: refreshAdminData },
            ).then((done) => {
              if (done) setRejecting(null);
            })
          }
        />
      )}
    </Stack>
  );
}
