// The English of the fee screens comes with this page.
import '../../i18n/office.js';
import { Alert, Button, Container, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OnlinePayment } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../trpc.js';
import { LanguageSwitch } from '../../components/LanguageSwitch/LanguageSwitch.js';
import { formatAmountWithFils, formatMonth } from '../../i18n/format.js';

const COLOR: Record<OnlinePayment['status'], string> = { initiated: 'blue', paid: 'green', failed: 'red', cancelled: 'gray' };
const TITLE: Record<OnlinePayment['status'], string> = {
  initiated: 'online.initiatedTitle',
  paid: 'online.paidTitle',
  failed: 'online.failedTitle',
  cancelled: 'online.cancelledTitle',
};
const TEXT: Record<OnlinePayment['status'], string> = {
  initiated: 'payLink.initiated',
  paid: 'online.paid',
  failed: 'payLink.failed',
  cancelled: 'payLink.cancelled',
};

/**
 * /pay/:token: a fee reminder's pay link, opened without signing in. The reminded months (a child's
 * first name, the month, what it still owes) and one action, Pay, to Tap's hosted page; Tap sends
 * the family back here, and the page shows the outcome (the server reads the charge from Tap). It
 * does not poll: every request of a link counts against the address's hour, so 'Check again' asks.
 */
export function PayLinkPage() {
  const { t, i18n } = useTranslation('fees');
  const { token = '' } = useParams();
  const link = useQuery({ ...trpc.payLinks.get.queryOptions({ token }), retry: false });
  const checkout = useMutation(trpc.payLinks.checkout.mutationOptions({ onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl) }));
  const shown = link.data?.payLink;
  const payment = shown?.payment;
  const opening = checkout.isPending || checkout.isSuccess;
  const language = i18n.language;

  return (
    <>
      <header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="sm" py="sm">
          <Group justify="flex-end" wrap="nowrap">
            <LanguageSwitch />
          </Group>
        </Container>
      </header>
      <Container size="sm" py="md" px="sm" component="main">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('payLink.title')}
          </Title>
          {link.isPending && (
            <Group gap="xs" role="status">
              <Loader size="sm" />
            </Group>
          )}
          {link.isError && (
            <Alert color="red" role="alert" data-testid="pay-link-error">
              {errorMessage(link.error, t('payLink.loadFailed'))}
            </Alert>
          )}
          {shown?.testMode && <Alert color="yellow">{t('online.testBanner')}</Alert>}
          {payment && (
            <Alert
              color={COLOR[payment.status]}
              title={t(TITLE[payment.status] as never)}
              role="status"
              data-testid="online-payment-outcome"
              data-status={payment.status}
            >
              <Stack gap={4}>
                <Text c="dark.9">{t(TEXT[payment.status] as never)}</Text>
                <Text c="dark.9">{t('online.amount', { amount: formatAmountWithFils(payment.amountBhd, language) })}</Text>
                {payment.receiptNumbers.length > 0 && <Text c="dark.9">{t('online.receipts', { numbers: payment.receiptNumbers.join(', ') })}</Text>}
              </Stack>
            </Alert>
          )}
          {shown && (
            <>
              <Table aria-label={t('payLink.months')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('payLink.child')}</Table.Th>
                    <Table.Th>{t('payLink.month')}</Table.Th>
                    <Table.Th>{t('payLink.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.items.map((item) => (
                    <Table.Tr key={item.feeId} data-testid="pay-link-row">
                      <Table.Td>{item.firstName}</Table.Td>
                      <Table.Td>{formatMonth(item.month, language)}</Table.Td>
                      <Table.Td>{item.paid ? t('payLink.paid') : t('online.amount', { amount: formatAmountWithFils(item.amountBhd, language) })}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {shown.allPaid ? (
                <Alert color="green" data-testid="pay-link-all-paid">
                  {t('payLink.allPaid')}
                </Alert>
              ) : payment?.status === 'initiated' ? (
                <Button size="md" mih={44} variant="light" loading={link.isFetching} onClick={() => void link.refetch()}>
                  {t('payLink.checkAgain')}
                </Button>
              ) : (
                <Stack gap="xs">
                  {checkout.isError && (
                    <Alert color="red" role="alert" title={t('online.failed')}>
                      {errorMessage(checkout.error, t('online.failed'))}
                    </Alert>
                  )}
                  <Button size="md" mih={44} loading={opening} onClick={() => checkout.mutate({ token })}>
                    {opening ? t('online.opening') : t('online.pay', { amount: formatAmountWithFils(shown.totalBhd, language) })}
                  </Button>
                </Stack>
              )}
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}
