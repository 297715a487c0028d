// The English of the office's, fees' and modification requests' screens comes with this page.
import '../../i18n/office.js';
import { Alert, Anchor, Button, Center, Divider, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../../styles/signed-in.js';
import { isOfficeRole, receiptPdfPath, type Receipt } from '@school-transport/contracts';
import { useSession, homePathFor } from '../../auth/session.js';
import { errorMessage, trpc } from '../../trpc.js';
import { formatAmount, formatDate, formatMonth } from '../../i18n/format.js';
import '../../styles/print-document.css';
import { TableScrollRegion } from '../../components/TableScrollRegion/TableScrollRegion.js';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={600} w={140} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* <bdi>: a Latin name or reference keeps its own direction (and its full stop) on an Arabic page. */}
      <Text size="sm">
        <bdi>{value}</bdi>
      </Text>
    </Group>
  );
}

function TotalLine({ label, amount, bold }: { label: string; amount: string; bold?: boolean }) {
  const { t, i18n } = useTranslation('fees');
  return (
    <Group justify="flex-end" gap="xl" wrap="nowrap">
      <Text size="sm" fw={bold ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={bold ? 700 : 400} miw={110} ta="right">
        {t('amount', { amount: formatAmount(amount, i18n.language) })}
      </Text>
    </Group>
  );
}

/** The receipt itself, laid out like its PDF: company, facts, the months paid, and the totals (net / VAT / total when a VAT rate is set). */
function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useTranslation('fees');
  const { company, vat } = receipt;
  return (
    <>
      <Stack gap={2}>
        <Title order={1} size="h2">
          <bdi>{company.name || t('receipt.company')}</bdi>
        </Title>
        {company.contactText && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            <bdi>{company.contactText}</bdi>
          </Text>
        )}
        {company.phones.length > 0 && <Text size="sm">{`${t('receipt.phones')}: ${company.phones.join(' / ')}`}</Text>}
        {vat?.registrationNumber && <Text size="sm">{`${t('receipt.vatNumber')}: ${vat.registrationNumber}`}</Text>}
      </Stack>
      <Divider my="md" />
      <Title order={2} size="h3">
        {vat ? t('receipt.taxTitle') : t('receipt.title')}
      </Title>
      {receipt.voided && (
        <Text c="red" fw={700} mt={4} role="status">
          {receipt.voidReason ? t('receipt.voidedBecause', { reason: receipt.voidReason }) : t('receipt.voided')}
        </Text>
      )}
      <Stack gap={4} mt="sm">
        <Fact label={t('receipt.number')} value={receipt.receiptNumber} />
        <Fact label={t('receipt.paidAt')} value={formatDate(receipt.paidAt, i18n.language)} />
        <Fact label={t('receipt.receivedFrom')} value={receipt.parentName} />
        <Fact label={t('receipt.method')} value={t(`method.${receipt.method}`)} />
        {receipt.reference && <Fact label={t('receipt.reference')} value={receipt.reference} />}
      </Stack>
      <TableScrollRegion minWidth={420} mt="lg" label={t('receipt.title')}>
        <Table withTableBorder aria-label={t('receipt.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('receipt.student')}</Table.Th>
              <Table.Th>{t('receipt.studentId')}</Table.Th>
              <Table.Th>{t('receipt.month')}</Table.Th>
              <Table.Th ta="right">{t('receipt.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {receipt.lines.map((line) => (
              <Table.Tr key={`${line.automatedId}-${line.month}`}>
                <Table.Td>{line.studentName}</Table.Td>
                <Table.Td>{line.automatedId}</Table.Td>
                <Table.Td>{formatMonth(line.month, i18n.language)}</Table.Td>
                <Table.Td ta="right">{formatAmount(line.amountBhd, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
      <Stack gap={4} mt="md" role="group" aria-label={t('receipt.total')}>
        {vat ? (
          <>
            <TotalLine label={t('receipt.net')} amount={vat.netBhd} />
            <TotalLine label={t('receipt.vat', { rate: vat.ratePercent })} amount={vat.vatBhd} />
            <TotalLine label={t('receipt.total')} amount={vat.totalBhd} bold />
          </>
        ) : (
          <TotalLine label={t('receipt.total')} amount={receipt.amountBhd} bold />
        )}
      </Stack>
      <Text size="xs" c="dimmed" ta="center" mt="xl">
        {t('receipt.thanks')}
      </Text>
    </>
  );
}

/**
 * A payment's receipt as a printable A4 page, for the family that paid and for the office (the
 * same receipt as the PDF, which is one click away). Someone else's receipt reads 'not found'.
 */
export function ReceiptPage() {
  const { t } = useTranslation('fees');
  const { paymentId = '' } = useParams();
  const { user } = useSession();
  const isAdmin = user ? isOfficeRole(user.role) : false;
  const asAdmin = useQuery({ ...trpc.admin.fees.receipt.queryOptions({ id: paymentId }), enabled: isAdmin });
  const asParent = useQuery({ ...trpc.parent.fees.receipt.queryOptions({ id: paymentId }), enabled: !isAdmin });
  const query = isAdmin ? asAdmin : asParent;
  const receipt = query.data?.receipt;

  if (query.isError) {
    return (
      <Center p="xl">
        <Alert color="red" title={t('receipt.notFound')}>
          {errorMessage(query.error, t('receipt.notFound'))}
        </Alert>
      </Center>
    );
  }
  if (!receipt) {
    return (
      <Center h="60vh" role="status" aria-label={t('receipt.loading')}>
        <Loader />
      </Center>
    );
  }
  return (
    <main className="document-sheet">
      <Group justify="space-between" mb="md" className="no-print" wrap="wrap" gap="xs">
        <Anchor component={Link} to={user ? homePathFor(user.role) : '/'} size="sm">
          {t('receipt.back')}
        </Anchor>
        <Group gap="xs">
          <Button component="a" href={receiptPdfPath(receipt.id)} download variant="light" mih={44}>
            {t('receipt.downloadPdf')}
          </Button>
          <Button onClick={() => window.print()} mih={44}>
            {t('receipt.print')}
          </Button>
        </Group>
      </Group>
      <ReceiptSheet receipt={receipt} />
    </main>
  );
}
