import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage, trpc } from '../../trpc.js';
import { formatAmountWithFils } from '../../i18n/format.js';

/** What the chosen rows still owe, in fils: the amount the button names (the server charges its own sum). */
export function owedWithFils(rows: readonly { amountBhd: string; paidBhd: string }[]): string {
  const fils = rows.reduce((sum, row) => sum + Math.round(Number(row.amountBhd) * 1000) - Math.round(Number(row.paidBhd) * 1000), 0);
  return (fils / 1000).toFixed(3);
}

/**
 * 'Pay BHD 55.000 online' for the ticked rows: the server holds them in a checkout and answers Tap's
 * hosted payment page, where the browser goes (BENEFIT, cards, Apple Pay); Tap sends it back to
 * the payment's own page.
 */
export function OnlinePayButton({ feeIds, amountBhd }: { feeIds: string[]; amountBhd: string }) {
  const { t, i18n } = useTranslation('fees');
  const checkout = useMutation(
    trpc.parent.payments.checkout.mutationOptions({
      onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
    }),
  );
  const opening = checkout.isPending || checkout.isSuccess;
  return (
    <Stack gap="xs">
      {checkout.isError && (
        <Alert color="red" role="alert" title={t('online.failed')}>
          {errorMessage(checkout.error, t('online.failed'))}
        </Alert>
      )}
      <Button size="md" mih={44} disabled={feeIds.length === 0} loading={opening} onClick={() => checkout.mutate({ feeIds })}>
        {opening ? t('online.opening') : t('online.pay', { amount: formatAmountWithFils(amountBhd, i18n.language) })}
      </Button>
    </Stack>
  );
}
