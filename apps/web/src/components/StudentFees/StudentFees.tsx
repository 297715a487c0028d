import { useState } from 'react';
import { Alert, Anchor, Button, Card, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { receiptPagePath, receiptPdfPath, type ParentFee } from '@school-transport/contracts';
import { Link } from 'react-router';
import { queryClient, trpc } from '../../trpc.js';
import { FeeStatusBadge } from './FeeStatusBadge.js';
import { ProofUploadModal } from './ProofUploadModal.js';
import { OnlinePayButton, owedWithFils } from './OnlinePayButton.js';
import { formatAmount, formatDate, formatMonth } from '../../i18n/format.js';

const PAYABLE = new Set(['due', 'partly_paid', 'overdue']);

/** A row's tick box for paying it online: present when online payments are on and the row is still to pay. */
interface OnlineChoice {
  studentName: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

function FeeRow({ fee, onUpload, online }: { fee: ParentFee; onUpload: () => void; online: OnlineChoice | null }) {
  const { t, i18n } = useTranslation('fees');
  const month = formatMonth(fee.month, i18n.language);
  const latestProof = fee.proofs[0];
  const waitingForOffice = latestProof?.status === 'pending';
  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={month} style={{ listStyle: 'none' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {online && PAYABLE.has(fee.status) ? (
          <Checkbox
            size="md"
            styles={{ body: { alignItems: 'center', minHeight: 44 } }}
            label={<Text fw={600}>{month}</Text>}
            aria-label={t('online.select', { month, name: online.studentName })}
            checked={online.checked}
            onChange={(event) => online.onChange(event.currentTarget.checked)}
          />
        ) : (
          <Text fw={600}>{month}</Text>
        )}
        <FeeStatusBadge status={fee.status} />
      </Group>
      <Group gap="lg" mt={4} wrap="wrap">
        <Text size="sm">
          {t('parent.amount')}: {t('amount', { amount: formatAmount(fee.amountBhd, i18n.language) })}
        </Text>
        <Text size="sm">
          {t('parent.paid')}: {t('amount', { amount: formatAmount(fee.paidBhd, i18n.language) })}
        </Text>
        <Text size="sm">
          {t('parent.dueDate')}: {formatDate(fee.dueDate, i18n.language)}
        </Text>
      </Group>
      {latestProof && (
        <Text size="sm" mt={4} c={latestProof.status === 'rejected' ? 'red' : 'dimmed'}>
          {latestProof.status === 'rejected' && latestProof.reason
            ? t('parent.rejectedBecause', { reason: latestProof.reason })
            : t(`proofStatus.${latestProof.status}`)}
        </Text>
      )}
      {fee.receipts.length > 0 && (
        <Group gap="sm" mt={4}>
          {fee.receipts.map((receipt) => (
            <Group key={receipt.paymentId} gap="xs" wrap="nowrap">
              <Anchor
                href={receiptPdfPath(receipt.paymentId)}
                download
                size="sm"
                aria-label={t('parent.downloadReceipt', { number: receipt.receiptNumber })}
                style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
              >
                {t('parent.receipt', { number: receipt.receiptNumber })}
              </Anchor>
              <Anchor
                component={Link}
                to={receiptPagePath(receipt.paymentId)}
                size="sm"
                aria-label={t('parent.printReceipt', { number: receipt.receiptNumber })}
                style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
              >
                {t('parent.printShort')}
              </Anchor>
            </Group>
          ))}
        </Group>
      )}
      {PAYABLE.has(fee.status) && !waitingForOffice && (
        <Button mt="xs" size="sm" variant="light" mih={44} onClick={onUpload} aria-label={t('parent.uploadFor', { month })}>
          {t('parent.upload')}
        </Button>
      )}
    </Paper>
  );
}

/**
 * The parent's Fees section: per student the months with amount, due date and status,
 * the receipts as PDF, and 'Upload payment proof' for a month still to pay. With online payments on,
 * the months still to pay can be ticked (any children, any months) and paid together online.
 */
export function StudentFees({ students }: { students: { id: string; firstName: string; lastName: string }[] }) {
  const { t } = useTranslation('fees');
  const fees = useQuery(trpc.parent.fees.list.queryOptions());
  const [uploading, setUploading] = useState<ParentFee | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.parent.fees.list.queryKey() });
  const nameOf = (id: string) => {
    const student = students.find((s) => s.id === id);
    return student ? `${student.firstName} ${student.lastName}` : '';
  };
  const all = fees.data?.fees ?? [];
  const settings = useQuery(trpc.parent.payments.settings.queryOptions());
  const online = settings.data?.onlinePayments ?? null;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // Only rows still to pay count: a row paid meanwhile (another device, the office) drops out.
  const chosenRows = all.filter((fee) => chosen.has(fee.id) && PAYABLE.has(fee.status));
  const choose = (feeId: string, checked: boolean) =>
    setChosen((before) => {
      const after = new Set(before);
      if (checked) after.add(feeId);
      else after.delete(feeId);
      return after;
    });

  return (
    <Stack component="section" aria-labelledby="fees-title" mt="xl">
      <Title order={2} size="h3" id="fees-title">
        {t('parent.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('parent.intro')}
      </Text>
      {fees.isError && <Alert color="red">{t('parent.loadFailed')}</Alert>}
      {fees.data && all.length === 0 && <Text c="dimmed">{t('parent.empty')}</Text>}
      {online?.testMode && (
        <Alert color="yellow" data-testid="test-payments-banner">
          <Text size="sm" c="dark.9">
            {t('online.testBanner')}
          </Text>
        </Alert>
      )}
      {online && all.some((fee) => PAYABLE.has(fee.status)) && <Text size="sm">{t('online.choose')}</Text>}
      {all.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {students
            .filter((student) => all.some((fee) => fee.studentId === student.id))
            .map((student) => (
              <Card key={student.id} withBorder radius="md" padding="md" component="section" aria-label={t('parent.studentFees', { name: nameOf(student.id) })}>
                <Title order={3} size="h5" mb="sm">
                  {t('parent.studentFees', { name: nameOf(student.id) })}
                </Title>
                <Stack gap="xs" component="ul" p={0} m={0}>
                  {all
                    .filter((fee) => fee.studentId === student.id)
                    .map((fee) => (
                      <FeeRow
                        key={fee.id}
                        fee={fee}
                        onUpload={() => setUploading(fee)}
                        online={
                          online ? { studentName: nameOf(student.id), checked: chosen.has(fee.id), onChange: (checked) => choose(fee.id, checked) } : null
                        }
                      />
                    ))}
                </Stack>
              </Card>
            ))}
        </SimpleGrid>
      )}
      {online && chosenRows.length > 0 && <OnlinePayButton feeIds={chosenRows.map((fee) => fee.id)} amountBhd={owedWithFils(chosenRows)} />}
      {uploading && <ProofUploadModal fee={uploading} studentName={nameOf(uploading.studentId)} onClose={() => setUploading(null)} onSent={refresh} />}
    </Stack>
  );
}
