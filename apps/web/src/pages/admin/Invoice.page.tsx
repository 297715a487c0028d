// The English of the office's, fees' and modification requests' screens comes with this page.
import '../../i18n/office.js';
import { useEffect, useRef } from 'react';
import { Alert, Button, Center, Divider, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../../styles/signed-in.js';
import type { StudentInvoice } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { formatAmount, formatDate, formatMonth } from '../../i18n/format.js';
import '../../styles/print-document.css';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      {/* <bdi>: a Latin name or address keeps its own direction (and its full stop) on an Arabic page. */}
      <Text size="sm">
        <bdi>{value}</bdi>
      </Text>
    </div>
  );
}

/**
 * The printable invoice of one student, opened in a window of its own from the Students tab and
 * laid out for A4. Opening it issues (or reprints) this month's invoice with its sequential number;
 * the payment status and driver are as they are now.
 */
export function InvoicePage() {
  const { t, i18n } = useTranslation('students');
  const { studentId = '' } = useParams();
  const issue = useMutation(trpc.admin.students.issueInvoice.mutationOptions());
  const issued = useRef<string | null>(null);

  useEffect(() => {
    if (issued.current === studentId) return;
    issued.current = studentId;
    issue.mutate(
      { id: studentId },
      {
        onSuccess: () => notify({ title: t('toasts.invoiceGenerated') }),
        onError: (error) => notify({ title: t('toasts.invoiceFailed'), message: error.message, variant: 'destructive' }),
      },
    );
  }, [issue, studentId, t]);

  if (issue.isError) {
    return (
      <Center p="xl">
        <Alert color="red" title={t('invoice.failed')}>
          {issue.error.message}
        </Alert>
      </Center>
    );
  }
  const invoice: StudentInvoice | undefined = issue.data?.invoice;
  if (!invoice) {
    return (
      <Center h="60vh" role="status" aria-label={t('invoice.loading')}>
        <Loader />
      </Center>
    );
  }

  const date = formatDate(invoice.issuedAt, i18n.language, 'long');
  const period = formatMonth(invoice.period, i18n.language);
  const bhd = (amount: string) => t('price', { price: formatAmount(amount, i18n.language) });
  const { company } = invoice;
  const phones = [company.supportPhone1, company.supportPhone2].filter(Boolean).join(' / ');
  const paid = invoice.paymentStatus === 'paid';

  return (
    <main className="document-sheet">
      <Group justify="space-between" align="flex-start" className="invoice-header">
        <div>
          <Title order={1} size="h2">
            <bdi>{company.companyName || t('invoice.title')}</bdi>
          </Title>
          {company.contactText && (
            <Text size="sm" c="dimmed">
              <bdi>{company.contactText}</bdi>
            </Text>
          )}
          {phones && <Text size="sm">{`${t('invoice.phones')}: ${phones}`}</Text>}
          {company.whatsappNumber && <Text size="sm">{`${t('invoice.whatsapp')}: ${company.whatsappNumber}`}</Text>}
          {invoice.vat?.registrationNumber && <Text size="sm">{`${t('invoice.vatNumber')}: ${invoice.vat.registrationNumber}`}</Text>}
        </div>
        <Stack gap={2} align="flex-end">
          <Title order={2} size="h3">
            {invoice.vat ? t('invoice.taxTitle') : t('invoice.title')}
          </Title>
          <Text size="sm">{`${t('invoice.number')} ${invoice.invoiceNumber}`}</Text>
          <Text size="sm">{`${t('invoice.date')}: ${date}`}</Text>
          <Text size="sm">{`${t('invoice.period')}: ${period}`}</Text>
        </Stack>
      </Group>
      <Divider my="md" />
      <SimpleGrid cols={2} spacing="lg">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('invoice.billTo')}
          </Title>
          <Field label={t('invoice.name')} value={invoice.parent.name} />
          {invoice.parent.phone && <Field label={t('invoice.phones')} value={invoice.parent.phone} />}
          {invoice.parent.email && <Field label={t('invoice.email')} value={invoice.parent.email} />}
          <Field label={t('invoice.address')} value={invoice.student.address} />
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('invoice.studentInfo')}
          </Title>
          <Field label={t('invoice.name')} value={invoice.student.name} />
          <Field label={t('invoice.studentId')} value={invoice.student.automatedId} />
          <Field label={t('invoice.grade')} value={[invoice.student.grade, invoice.student.class].filter(Boolean).join(' / ')} />
          <Field label={t('invoice.school')} value={invoice.school.name} />
          <Field label={t('invoice.area')} value={invoice.area?.name ?? t('notSpecified')} />
          <Field label={t('invoice.serviceType')} value={t(`form.services.${invoice.student.serviceType}`)} />
          <Field label={t('invoice.driver')} value={invoice.driver ? `${invoice.driver.name} (${invoice.driver.phone})` : t('invoice.toBeAssigned')} />
        </Stack>
      </SimpleGrid>
      <Table mt="lg" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoice.description')}</Table.Th>
            <Table.Th ta="end">{t('invoice.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{`${t('invoice.line', { period })} · ${t(`form.services.${invoice.student.serviceType}`)}`}</Table.Td>
            <Table.Td ta="end">{formatAmount(invoice.monthlyFeeBhd, i18n.language)}</Table.Td>
          </Table.Tr>
          {invoice.vat && (
            <>
              <Table.Tr>
                <Table.Td fw={500}>{t('invoice.net')}</Table.Td>
                <Table.Td ta="end" data-testid="net">
                  {bhd(invoice.vat.netBhd)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={500}>{t('invoice.vat', { rate: invoice.vat.ratePercent })}</Table.Td>
                <Table.Td ta="end" data-testid="vat">
                  {bhd(invoice.vat.vatBhd)}
                </Table.Td>
              </Table.Tr>
            </>
          )}
          <Table.Tr>
            <Table.Td fw={500}>{t('invoice.monthlyFee')}</Table.Td>
            <Table.Td ta="end" data-testid="monthly-fee">
              {bhd(invoice.monthlyFeeBhd)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={500}>{t('invoice.paymentStatus')}</Table.Td>
            <Table.Td ta="end" data-testid="payment-status" c={paid ? 'green' : 'orange'} fw={600}>
              {paid ? t('paid') : t('pending')}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>{t('invoice.totalDue')}</Table.Td>
            <Table.Td ta="end" fw={700} data-testid="total-due">
              {bhd(invoice.totalDueBhd)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {(company.paymentBankAccount || company.paymentMobileNumber) && (
        <Stack gap={4} mt="lg">
          <Title order={3} size="h5">
            {t('invoice.paymentDetails')}
          </Title>
          {company.paymentBankAccount && <Text size="sm">{`${t('invoice.bank')}: ${company.paymentBankAccount}`}</Text>}
          {company.paymentMobileNumber && <Text size="sm">{`${t('invoice.mobile')}: ${company.paymentMobileNumber}`}</Text>}
        </Stack>
      )}
      <Group justify="flex-end" mt="xl" className="no-print">
        <Button onClick={() => window.print()}>{t('invoice.print')}</Button>
      </Group>
    </main>
  );
}
