import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FEE_MESSAGES, type OfficeOnlinePayment } from '@school-transport/contracts';
import { translateMessage } from '../../i18n/messages.js';
import { formatAmountWithFils, formatMonth } from '../../i18n/format.js';
import { AdminDialog } from '../AdminDialog/AdminDialog.js';

export interface RefundRequest {
  amountBhd?: string;
  reason: string;
  feeIds?: string[];
}

/**
 * Gives back an online payment through Tap: without an amount, all that is left of it; with one, a
 * partial refund, on the months ticked (none ticked: the server spreads it over the payment's
 * months). The reason is required: it goes on the credit note and to the family.
 */
export function RefundModal({
  payment,
  pending,
  onConfirm,
  onClose,
}: {
  payment: OfficeOnlinePayment;
  pending: boolean;
  onConfirm: (refund: RefundRequest) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('fees');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [feeIds, setFeeIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  return (
    <AdminDialog onClose={onClose} title={t('refund.title', { number: payment.receiptNumber ?? '' })} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return setError(translateMessage(FEE_MESSAGES.reasonRequired));
          onConfirm({ reason: reason.trim(), ...(amount.trim() ? { amountBhd: amount.trim() } : {}), ...(feeIds.length > 0 ? { feeIds } : {}) });
        }}
        noValidate
      >
        <Stack>
          <Text size="sm">{t('refund.hint', { amount: formatAmountWithFils(payment.amountBhd, i18n.language) })}</Text>
          <TextInput
            label={t('refund.amount')}
            description={t('refund.amountHint')}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            data-autofocus
          />
          {payment.fees.length > 1 && (
            <Checkbox.Group label={t('refund.months')} description={t('refund.monthsHint')} value={feeIds} onChange={setFeeIds}>
              <Stack gap="xs" mt="xs">
                {payment.fees.map((fee) => (
                  <Checkbox
                    key={fee.feeId}
                    value={fee.feeId}
                    label={`${fee.studentName}, ${formatMonth(fee.month, i18n.language)}: ${t('online.amount', { amount: formatAmountWithFils(fee.amountBhd, i18n.language) })}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Textarea
            label={t('proofs.reason')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={300}
            value={reason}
            error={error}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={44}>
              {t('payment.cancel')}
            </Button>
            <Button type="submit" color="red" loading={pending} mih={44}>
              {t('refund.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminDialog>
  );
}
