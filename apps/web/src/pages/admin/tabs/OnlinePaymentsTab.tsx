import { useState } from 'react';
import { Anchor, Badge, Button, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OfficeOnlinePayment, OnlinePaymentStatus } from '@school-transport/contracts';
import { useCan } from '../../../auth/permissions.js';
import { refreshAdminData } from '../../../queries/admin-queries.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { RefundModal, type RefundRequest } from '../../../components/AdminFees/RefundModal.js';
import { ReconciliationSection } from './ReconciliationSection.js';
import { ADMIN_LIST_QUERY, trpc } from '../../../trpc.js';
import { ListState } from './ListState.js';
import { formatAmountWithFils, formatDateTime } from '../../../i18n/format.js';
import { TableScrollRegion } from '../../../components/TableScrollRegion/TableScrollRegion.js';

type Filter = 'all' | 'attention';

const STATUS_COLOR: Record<OnlinePaymentStatus, string> = { initiated: 'blue', paid: 'green', failed: 'red', cancelled: 'gray' };

/**
 * The office's online payments through Tap, newest first: the family, the amount, the card scheme
 * or wallet, Tap's charge id and state, the receipt. 'Needs attention' shows the captured charges
 * the server did not book (an amount or reference that differ, months paid another way
 * meanwhile), each with why, for the office to check in Tap's dashboard. Admins (payments.refund)
 * refund a paid one through Tap; every refund is listed under its payment with its credit note.
 */
export function OnlinePaymentsTab() {
  const { t, i18n } = useTranslation('fees');
  const [filter, setFilter] = useState<Filter>('all');
  const list = useQuery({ ...trpc.admin.fees.onlinePayments.queryOptions({ filter }), ...ADMIN_LIST_QUERY });
  const rows = list.data?.payments ?? [];
  const canRefund = useCan()('payments.refund');
  const [refunding, setRefunding] = useState<OfficeOnlinePayment | null>(null);
  const refund = useMutation(trpc.admin.fees.refundPayment.mutationOptions());
  const runRefund = (payment: OfficeOnlinePayment, request: RefundRequest) =>
    runAdminChange(
      () => refund.mutateAsync({ id: payment.paymentId!, ...request }),
      { success: ({ refund: made }) => ({ title: t('refund.done'), message: made.creditNoteNumber }), failure: t('refund.failed') },
      { after: refreshAdminData },
    ).then((done) => {
      if (done) {
        setRefunding(null);
        void list.refetch();
      }
    });
  return (
    <Stack>
      <Title order={2}>{t('onlineOffice.title')}</Title>
      <SegmentedControl
        aria-label={t('onlineOffice.filter')}
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={[
          { value: 'all', label: t('onlineOffice.all') },
          { value: 'attention', label: t('onlineOffice.attention') },
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      <ListState query={list}>
        {rows.length === 0 ? (
          <Text c="dimmed">{t(filter === 'attention' ? 'onlineOffice.noneAttention' : 'onlineOffice.none')}</Text>
        ) : (
          <TableScrollRegion label={t('onlineOffice.title')} minWidth={760}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('onlineOffice.when')}</Table.Th>
                  <Table.Th>{t('onlineOffice.family')}</Table.Th>
                  <Table.Th>{t('onlineOffice.amount')}</Table.Th>
                  <Table.Th>{t('onlineOffice.method')}</Table.Th>
                  <Table.Th>{t('onlineOffice.charge')}</Table.Th>
                  <Table.Th>{t('onlineOffice.state')}</Table.Th>
                  <Table.Th>{t('onlineOffice.receipt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{formatDateTime(row.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>{row.parentName}</Table.Td>
                    <Table.Td>{t('online.amount', { amount: formatAmountWithFils(row.amountBhd, i18n.language) })}</Table.Td>
                    <Table.Td>{row.method ? t(`online.scheme.${row.method}`, { defaultValue: row.method }) : '—'}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {row.chargeId ?? '—'}
                      </Text>
                      {row.chargeStatus && (
                        <Text size="xs" c="dark.7">
                          {row.chargeStatus}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[row.status]} variant="light">
                        {t(`onlineOffice.status.${row.status}`)}
                      </Badge>
                      {row.attention && (
                        <Text size="sm" c="red.9" mt={4}>
                          {t('onlineOffice.why', { reason: row.attention })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <Text size="sm">{row.receiptNumber ?? '—'}</Text>
                        {row.refunds.map((made) => (
                          <Anchor key={made.id} size="sm" href={`/api/credit-notes/${made.id}.pdf`} target="_blank" rel="noopener">
                            {t('refund.creditNote', { number: made.creditNoteNumber, amount: formatAmountWithFils(made.amountBhd, i18n.language) })}
                          </Anchor>
                        ))}
                        {canRefund && row.status === 'paid' && row.paymentId && (
                          <Button size="compact-sm" variant="light" color="red" mih={36} onClick={() => setRefunding(row)}>
                            {t('refund.button', { number: row.receiptNumber ?? '' })}
                          </Button>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
      </ListState>
      <ReconciliationSection />
      {refunding && (
        <RefundModal
          payment={refunding}
          pending={refund.isPending}
          onConfirm={(request) => void runRefund(refunding, request)}
          onClose={() => setRefunding(null)}
        />
      )}
    </Stack>
  );
}
