import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FEE_MESSAGES } from '@school-transport/contracts';
import { translateMessage } from '../../i18n/messages.js';
import { AdminDialog } from '../AdminDialog/AdminDialog.js';

/** Asks the office for a reason (voiding a payment, rejecting a proof) before the change is made. */
export function ReasonModal({
  title,
  hint,
  confirm,
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  hint?: string;
  confirm: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('fees');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <AdminDialog onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return setError(translateMessage(FEE_MESSAGES.reasonRequired));
          onConfirm(reason.trim());
        }}
        noValidate
      >
        <Stack>
          {hint && <Text size="sm">{hint}</Text>}
          <Textarea
            label={t('proofs.reason')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={300}
            value={reason}
            error={error}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={44}>
              {t('payment.cancel')}
            </Button>
            <Button type="submit" color="red" loading={pending} mih={44}>
              {confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminDialog>
  );
}
