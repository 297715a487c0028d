import { useMemo, useState } from 'react';
import { Anchor, Button, Group, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  addMonths,
  bahrainDate,
  currentServiceMonth,
  FEE_STATUSES,
  receiptPagePath,
  receiptPdfPath,
  schoolYearMonths,
  whatsappLink,
  type AdminFee,
  type FeeStatus,
} from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../../trpc.js';
import { useCan } from '../../../auth/permissions.js';
import { refreshAdminData, useAreas, useDrivers, useSchools } from '../../../queries/admin-queries.js';
import { ListState } from './ListState.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { FeeStatusBadge } from '../../../components/StudentFees/FeeStatusBadge.js';
import { formatAmount, formatDate, formatMonth } from '../../../i18n/format.js';
import { RecordPaymentModal } from '../../../components/AdminFees/RecordPaymentModal.js';
import { ReasonModal } from '../../../components/AdminFees/ReasonModal.js';
import { TableScrollRegion } from '../../../components/TableScrollRegion/TableScrollRegion.js';
import { usePhoneScreen } from '../../../components/AdminDialog/use-phone-screen.js';

const PAGE_SIZE = 25;

function Total({ label, amount }: { label: string; amount: string | undefined }) {
  const { t, i18n } = useTranslation('fees');
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {amount === undefined ? '…' : t('amount', { amount: formatAmount(amount, i18n.language) })}
      </Text>
    </Paper>
  );
}

/** Families with overdue months: phone and a WhatsApp message ready to send. */
function OverdueFamilies() {
  const { t, i18n } = useTranslation('fees');
  const overdue = useQuery({ ...trpc.admin.fees.overdue.queryOptions(), ...ADMIN_LIST_QUERY });
  const families = overdue.data?.families ?? [];
  return (
    // Not a named region itself: the table's scroll region below carries the name (two nested
    // regions called "Overdue families" would be read twice).
    <Stack component="section">
      <Title order={3}>{t('admin.overdueTitle')}</Title>
      <ListState query={overdue}>
        {families.length === 0 ? (
          <Text c="dimmed">{t('admin.overdueEmpty')}</Text>
        ) : (
          <TableScrollRegion label={t('admin.overdueTitle')} minWidth={640} pinLastColumn>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.parent')}</Table.Th>
                  <Table.Th>{t('admin.phone')}</Table.Th>
                  <Table.Th>{t('admin.months')}</Table.Th>
                  <Table.Th>{t('admin.outstanding')}</Table.Th>
                  <Table.Th>{t('admin.whatsapp')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {families.map((family) => {
                  const phone = family.whatsappNumber ?? family.phone;
                  const months = family.months.map((m) => formatMonth(m, i18n.language)).join(', ');
                  return (
                    <Table.Tr key={family.parentId}>
                      <Table.Td>
                        {family.parentName}
                        <Text size="xs" c="dimmed">
                          {family.students.join(', ')}
                        </Text>
                      </Table.Td>
                      <Table.Td>{phone ? <Anchor href={`tel:${phone}`}>{phone}</Anchor> : '—'}</Table.Td>
                      <Table.Td>{months}</Table.Td>
                      <Table.Td>{t('amount', { amount: formatAmount(family.outstandingBhd, i18n.language) })}</Table.Td>
                      <Table.Td>
                        {phone && (
                          <Button
                            component="a"
                            href={whatsappLink(
                              phone,
                              t('admin.whatsappText', { name: family.parentName, months, amount: formatAmount(family.outstandingBhd, i18n.language) }),
                            )}
                            target="_blank"
                            rel="noopener noreferrer"
                            size="xs"
                            mih={44}
                            color="green"
                            variant="light"
                            aria-label={t('admin.whatsappTo', { name: family.parentName })}
                          >
                            {t('admin.whatsapp')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
      </ListState>
    </Stack>
  );
}

/**
 * The office's Fees tab: a month's rows with totals, filters and server-side paging;
 * record a payment, void one, waive a month (or lift the waiver), generate the month; and the
 * overdue families.
 */
export function FeesTab() {
  const { t, i18n } = useTranslation('fees');
  const { t: ta } = useTranslation('admin');
  const phone = usePhoneScreen();
  const today = bahrainDate(new Date());
  const [month, setMonth] = useState(() => currentServiceMonth(today));
  const [status, setStatus] = useState<FeeStatus | ''>('');
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [areaId, setAreaId] = useState<string | null>(null);
  const [driverId, setDriverId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<AdminFee | null>(null);
  const [voiding, setVoiding] = useState<{ id: string; number: string } | null>(null);
  const [waiving, setWaiving] = useState<AdminFee | null>(null);

  const schools = useSchools();
  const areas = useAreas();
  const drivers = useDrivers();
  const input = {
    month,
    status,
    page,
    pageSize: PAGE_SIZE,
    ...(schoolId ? { schoolId } : {}),
    ...(areaId ? { areaId } : {}),
    ...(driverId ? { driverId } : {}),
  };
  const fees = useQuery({ ...trpc.admin.fees.list.queryOptions(input), ...ADMIN_LIST_QUERY });
  const generate = useMutation(trpc.admin.fees.generate.mutationOptions());
  const voidPayment = useMutation(trpc.admin.fees.voidPayment.mutationOptions());
  // Voiding a payment and waiving a fee are the admins' (staff see neither button).
  const can = useCan();
  const canVoid = can('fees.void');
  const canWaive = can('fees.waive');
  const waive = useMutation(trpc.admin.fees.waive.mutationOptions());
  const setWaived = (fee: AdminFee, waived: boolean, reason: string) =>
    runAdminChange(
      () => waive.mutateAsync({ id: fee.id, waived, reason }),
      { success: () => ({ title: waived ? t('admin.waived') : t('admin.unwaived') }), failure: t('admin.waiveFailed') },
      { after: refreshAdminData },
    );

  // This school year and the one before, so last year's arrears stay reachable.
  const monthOptions = useMemo(() => {
    const months = [...schoolYearMonths(addMonths(month, -12)), ...schoolYearMonths(currentServiceMonth(today)), ...schoolYearMonths(month)];
    return [...new Set(months)].sort().map((m) => ({ value: m, label: formatMonth(m, i18n.language) }));
  }, [month, today, i18n.language]);

  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const rows = fees.data?.fees ?? [];
  const total = fees.data?.total ?? 0;
  const totals = fees.data?.totals;

  const runGenerate = () =>
    runAdminChange(
      () => generate.mutateAsync({ month }),
      {
        success: ({ created }) => ({
          title: t('admin.generated'),
          message: t('admin.generatedText', { count: created, month: formatMonth(month, i18n.language) }),
        }),
        failure: t('admin.generateFailed'),
      },
      { after: refreshAdminData },
    );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('admin.title')}</Title>
        <Button onClick={() => void runGenerate()} loading={generate.isPending} mih={44}>
          {generate.isPending ? t('admin.generating') : t('admin.generate')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
        <Select label={t('admin.month')} data={monthOptions} value={month} allowDeselect={false} onChange={(value) => value && filter(setMonth)(value)} />
        <Select
          label={t('admin.statusFilter')}
          data={[{ value: '', label: t('admin.all') }, ...FEE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          value={status}
          allowDeselect={false}
          onChange={(value) => filter(setStatus)((value ?? '') as FeeStatus | '')}
        />
        <Select
          label={t('admin.school')}
          placeholder={t('admin.all')}
          clearable
          data={(schools.data?.schools ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={schoolId}
          onChange={filter(setSchoolId)}
        />
        <Select
          label={t('admin.area')}
          placeholder={t('admin.all')}
          clearable
          data={(areas.data?.areas ?? []).map((a) => ({ value: a.id, label: a.name }))}
          value={areaId}
          onChange={filter(setAreaId)}
        />
        <Select
          label={t('admin.driver')}
          placeholder={t('admin.all')}
          clearable
          data={(drivers.data?.drivers ?? []).map((d) => ({ value: d.id, label: d.name }))}
          value={driverId}
          onChange={filter(setDriverId)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Total label={t('admin.expected')} amount={totals?.expectedBhd} />
        <Total label={t('admin.collected')} amount={totals?.collectedBhd} />
        <Total label={t('admin.outstanding')} amount={totals?.outstandingBhd} />
        <Total label={t('admin.overdue')} amount={totals?.overdueBhd} />
      </SimpleGrid>
      <ListState query={fees}>
        {rows.length === 0 ? (
          <Text c="dimmed">{t('admin.empty')}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('admin.rows', { count: total })}
            </Text>
            <TableScrollRegion label={t('admin.rowsTable')} minWidth={960} pinLastColumn>
              <Table striped highlightOnHover aria-label={t('admin.rowsTable')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.student')}</Table.Th>
                    <Table.Th>{t('admin.parent')}</Table.Th>
                    <Table.Th>{t('admin.amount')}</Table.Th>
                    <Table.Th>{t('admin.paid')}</Table.Th>
                    <Table.Th>{t('admin.dueDate')}</Table.Th>
                    <Table.Th>{t('admin.status')}</Table.Th>
                    <Table.Th>{t('admin.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((fee) => (
                    <Table.Tr key={fee.id}>
                      <Table.Td>
                        {fee.studentName}
                        <Text size="xs" c="dimmed">
                          {fee.automatedId} · {fee.schoolName} · {fee.areaName}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {fee.parentName}
                        <Text size="xs" c="dimmed">
                          {fee.parentPhone ?? ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>{t('amount', { amount: formatAmount(fee.amountBhd, i18n.language) })}</Table.Td>
                      <Table.Td>{t('amount', { amount: formatAmount(fee.paidBhd, i18n.language) })}</Table.Td>
                      <Table.Td>{formatDate(fee.dueDate, i18n.language)}</Table.Td>
                      <Table.Td>
                        <FeeStatusBadge status={fee.status} />
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={4} align="flex-start">
                          {fee.outstandingBhd !== '0.00' && (
                            <Button
                              size="xs"
                              mih={phone ? 44 : 36}
                              onClick={() => setPaying(fee)}
                              aria-label={t('admin.recordPaymentFor', { name: fee.studentName, month: formatMonth(fee.month, i18n.language) })}
                            >
                              {t('admin.recordPayment')}
                            </Button>
                          )}
                          {!canWaive ? null : fee.waived ? (
                            <Button
                              size="compact-xs"
                              miw={phone ? 44 : undefined}
                              variant="subtle"
                              loading={waive.isPending}
                              onClick={() => void setWaived(fee, false, '')}
                              aria-label={t('admin.unwaiveFor', { name: fee.studentName, month: formatMonth(fee.month, i18n.language) })}
                            >
                              {t('admin.unwaive')}
                            </Button>
                          ) : (
                            fee.status !== 'paid' && (
                              <Button
                                size="compact-xs"
                                miw={phone ? 44 : undefined}
                                variant="subtle"
                                color="gray"
                                onClick={() => setWaiving(fee)}
                                aria-label={t('admin.waiveFor', { name: fee.studentName, month: formatMonth(fee.month, i18n.language) })}
                              >
                                {t('admin.waive')}
                              </Button>
                            )
                          )}
                          {fee.payments
                            .filter((p) => !p.voided)
                            .map((p) => (
                              // Wraps rather than running past the cell: the receipt, its print link and its void button.
                              <Group key={p.paymentId} gap={6}>
                                <Anchor href={receiptPdfPath(p.paymentId)} size="xs" download>
                                  {t('admin.receipt', { number: p.receiptNumber })} · {t('amount', { amount: formatAmount(p.amountBhd, i18n.language) })}
                                </Anchor>
                                <Anchor
                                  href={receiptPagePath(p.paymentId)}
                                  target="_blank"
                                  rel="noopener"
                                  size="xs"
                                  aria-label={t('admin.printReceipt', { number: p.receiptNumber })}
                                >
                                  {t('admin.printShort')}
                                </Anchor>
                                {canVoid && (
                                  <Button
                                    size="compact-xs"
                                    variant="subtle"
                                    color="red"
                                    onClick={() => setVoiding({ id: p.paymentId, number: p.receiptNumber })}
                                  >
                                    {t('admin.voidPayment', { number: p.receiptNumber })}
                                  </Button>
                                )}
                              </Group>
                            ))}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScrollRegion>
            {total > PAGE_SIZE && (
              <Pagination
                total={Math.ceil(total / PAGE_SIZE)}
                value={page}
                onChange={setPage}
                aria-label={t('admin.pagination')}
                // On a phone: thumb-sized first, previous, next and last (a row of numbers would not fit).
                size={phone ? 'xl' : 'md'}
                withPages={!phone}
                withEdges={phone}
                getControlProps={(control) => ({ 'aria-label': ta(`common.paging.${control}`) })}
                getItemProps={(item) => ({ 'aria-label': ta('common.paging.page', { page: item }) })}
              />
            )}
          </>
        )}
      </ListState>
      <OverdueFamilies />
      {paying && <RecordPaymentModal fee={paying} onClose={() => setPaying(null)} onSaved={refreshAdminData} />}
      {waiving && (
        <ReasonModal
          title={t('admin.waiveFor', { name: waiving.studentName, month: formatMonth(waiving.month, i18n.language) })}
          hint={t('admin.waiveHint')}
          confirm={t('admin.waive')}
          pending={waive.isPending}
          onClose={() => setWaiving(null)}
          onConfirm={(reason) =>
            void setWaived(waiving, true, reason).then((done) => {
              if (done) setWaiving(null);
            })
          }
        />
      )}
      {voiding && (
        <ReasonModal
          title={t('payment.voidTitle', { number: voiding.number })}
          confirm={t('payment.voidConfirm')}
          pending={voidPayment.isPending}
          onClose={() => setVoiding(null)}
          onConfirm={(reason) =>
            void runAdminChange(
              () => voidPayment.mutateAsync({ id: voiding.id, reason }),
              { success: () => ({ title: t('payment.voided'), message: voiding.number }), failure: t('payment.voidFailed') },
              { after: refreshAdminData },
            ).then((done) => {
              if (done) setVoiding(null);
            })
          }
        />
      )}
    </Stack>
  );
}
