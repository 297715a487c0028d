import { Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bahrainDate, PAYMENT_METHODS, recordPaymentInput, type AdminFee, type PaymentMethod } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../forms/validation.js';
import { runAdminChange } from '../AdminForm/run-admin-change.js';
import { formatAmount, formatMonth } from '../../i18n/format.js';
import { AdminDialog } from '../AdminDialog/AdminDialog.js';

interface Values {
  feeIds: string[];
  amountBhd: string;
  method: PaymentMethod;
  reference: string;
  paidAt: string;
  note: string;
}

/** The office records a payment against a family's month (amount prefilled with what it still owes; less is a partial payment). */
export function RecordPaymentModal({ fee, onClose, onSaved }: { fee: AdminFee; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t, i18n } = useTranslation('fees');
  const record = useMutation(trpc.admin.fees.recordPayment.mutationOptions());
  const form = useForm<Values>({
    initialValues: { feeIds: [fee.id], amountBhd: fee.outstandingBhd, method: 'bank_transfer', reference: '', paidAt: bahrainDate(new Date()), note: '' },
    validate: zodValidate(recordPaymentInput),
  });
  const submit = async (values: Values) => {
    const done = await runAdminChange(
      () => record.mutateAsync(values),
      {
        success: ({ payment }) => ({ title: t('payment.recorded'), message: t('payment.recordedText', { number: payment.receiptNumber }) }),
        failure: t('payment.failed'),
      },
      { after: onSaved, setErrors: form.setErrors },
    );
    if (done) onClose();
  };
  return (
    <AdminDialog onClose={onClose} title={t('admin.recordPaymentFor', { name: fee.studentName, month: formatMonth(fee.month, i18n.language) })} centered>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {fee.parentName} · {t('amount', { amount: formatAmount(fee.outstandingBhd, i18n.language) })}
          </Text>
          <TextInput label={t('payment.amount')} inputMode="decimal" withAsterisk {...form.getInputProps('amountBhd')} />
          <Select
            label={t('payment.method')}
            withAsterisk
            allowDeselect={false}
            data={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`method.${method}`) }))}
            {...form.getInputProps('method')}
          />
          <TextInput label={t('payment.reference')} maxLength={120} {...form.getInputProps('reference')} />
          <TextInput label={t('payment.paidAt')} type="date" withAsterisk {...form.getInputProps('paidAt')} />
          <Textarea label={t('payment.note')} autosize minRows={2} maxLength={500} {...form.getInputProps('note')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={44}>
              {t('payment.cancel')}
            </Button>
            <Button type="submit" loading={record.isPending} mih={44}>
              {t('payment.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminDialog>
  );
}
