// The English of the fee screens comes with this page.
import '../../i18n/office.js';
import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OnlinePayment } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { LanguageSwitch } from '../../components/LanguageSwitch/LanguageSwitch.js';
import { formatAmountWithFils } from '../../i18n/format.js';
import '../../styles/signed-in.js';

/** How often the page asks again while the payment is under way (the server asks Tap each time). */
const REFRESH_MS = 3000;

const COLOR: Record<OnlinePayment['status'], string> = { initiated: 'blue', paid: 'green', failed: 'red', cancelled: 'gray' };

/**
 * /parent/payments/:id: where Tap sends the family back after its hosted page. The outcome of the
 * payment (paid with its receipt, declined, cancelled, or still waiting for the bank), asked again
 * every few seconds while it is under way; the server reads the charge from Tap itself, so the page
 * is right even before Tap's webhook arrives.
 */
export function OnlinePaymentPage() {
  const { t, i18n } = useTranslation('fees');
  const { id = '' } = useParams();
  const payment = useQuery({
    ...trpc.parent.payments.get.queryOptions({ id }),
    refetchInterval: (query) => (query.state.data?.payment.status === 'initiated' ? REFRESH_MS : false),
  });
  const shown = payment.data?.payment;
  const title = shown
    ? t(
        shown.status === 'initiated'
          ? 'online.initiatedTitle'
          : shown.status === 'paid'
            ? 'online.paidTitle'
            : shown.status === 'failed'
              ? 'online.failedTitle'
              : 'online.cancelledTitle',
      )
    : '';
  const text = shown
    ? t(
        shown.status === 'initiated'
          ? 'online.initiated'
          : shown.status === 'paid'
            ? 'online.paid'
            : shown.status === 'failed'
              ? 'online.failedText'
              : 'online.cancelledText',
      )
    : '';
  const scheme = shown?.method ? t(`online.scheme.${shown.method}`, { defaultValue: shown.method }) : null;

  return (
    <>
      <header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="sm" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Button component={Link} to="/parent" variant="subtle" size="sm" px={4}>
              {t('online.back')}
            </Button>
            <LanguageSwitch />
          </Group>
        </Container>
      </header>
      <Container size="sm" py="md" px="sm" component="main">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('online.title')}
          </Title>
          {payment.isPending && (
            <Group gap="xs" role="status">
              <Loader size="sm" />
            </Group>
          )}
          {payment.isError && (
            <Alert color="red" role="alert">
              {t('online.loadFailed')}
            </Alert>
          )}
          {shown && (
            <Alert color={COLOR[shown.status]} title={title} role="status" data-testid="online-payment-outcome" data-status={shown.status}>
              <Stack gap={4}>
                <Text c="dark.9">{text}</Text>
                <Text c="dark.9">{t('online.amount', { amount: formatAmountWithFils(shown.amountBhd, i18n.language) })}</Text>
                {shown.status === 'paid' && scheme && <Text c="dark.9">{t('online.method', { method: scheme })}</Text>}
                {shown.receiptNumbers.length > 0 && <Text c="dark.9">{t('online.receipts', { numbers: shown.receiptNumbers.join(', ') })}</Text>}
              </Stack>
            </Alert>
          )}
          <Button component={Link} to="/parent" mih={44} variant={shown?.status === 'initiated' ? 'light' : 'filled'}>
            {t('online.back')}
          </Button>
        </Stack>
      </Container>
    </>
  );
}
