import { useState } from 'react';
import { Badge, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OnlinePaymentStatus } from '@school-transport/contracts';
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
 * meanwhile), each with why, for the office to check in Tap's dashboard.
 */
export function OnlinePaymentsTab() {
  const { t, i18n } = useTranslation('fees');
  const [filter, setFilter] = useState<Filter>('all');
  const list = useQuery({ ...trpc.admin.fees.onlinePayments.queryOptions({ filter }), ...ADMIN_LIST_QUERY });
  const rows = list.data?.payments ?? [];
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
                    <Table.Td>{row.receiptNumber ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
      </ListState>
    </Stack>
  );
}
