import { useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FEE_MESSAGES, PROOF_MAX_BYTES, proofUploadFields, proofUploadPath, type ParentFee } from '@school-transport/contracts';
import { zodValidate } from '../../forms/validation.js';
import { notify } from '../../notify.js';
import { translateMessage, translateMessages } from '../../i18n/messages.js';
import { formatAmount, formatMonth } from '../../i18n/format.js';
import { useReturnFocusToOpener } from '../../a11y/use-return-focus-to-opener.js';

interface Values {
  amountBhd: string;
  reference: string;
  file: File | null;
}

/**
 * The parent sends a screenshot or PDF of a payment for one month. The file goes as multipart to
 * the REST path (tRPC carries JSON only); the server checks the real type and size again.
 */
export function ProofUploadModal({ fee, studentName, onClose, onSent }: { fee: ParentFee; studentName: string; onClose: () => void; onSent: () => void }) {
  const { t, i18n } = useTranslation('fees');
  const [pending, setPending] = useState(false);
  useReturnFocusToOpener(true);
  const [serverError, setServerError] = useState<string | null>(null);
  const outstanding = (Number(fee.amountBhd) - Number(fee.paidBhd)).toFixed(2);
  const form = useForm<Values>({
    initialValues: { amountBhd: outstanding, reference: '', file: null },
    validate: (values) => ({
      ...zodValidate<Values>(proofUploadFields)(values),
      ...(values.file
        ? values.file.size > PROOF_MAX_BYTES
          ? { file: translateMessage(FEE_MESSAGES.fileTooLarge) }
          : {}
        : { file: translateMessage(FEE_MESSAGES.fileRequired) }),
    }),
  });

  const submit = async (values: Values) => {
    if (pending || !values.file) return;
    setPending(true);
    setServerError(null);
    try {
      const body = new FormData();
      body.append('amountBhd', values.amountBhd);
      body.append('reference', values.reference);
      body.append('file', values.file, values.file.name);
      const response = await fetch(proofUploadPath(fee.id), { method: 'POST', body, credentials: 'include' });
      if (!response.ok) {
        // The REST error answer: { message, issues?, code?, issueCodes? }, translated by its codes.
        const answer = (await response.json().catch(() => ({}))) as {
          message?: string;
          issues?: Record<string, string>;
          code?: string;
          issueCodes?: Record<string, string>;
        };
        if (answer.issues) form.setErrors(translateMessages(answer.issues, answer.issueCodes));
        const message = answer.message ? translateMessage(answer.message, answer.code) : `${response.status}: ${response.statusText}`;
        setServerError(message);
        notify({ title: t('upload.failed'), message, variant: 'destructive' });
        return;
      }
      notify({ title: t('upload.sent'), message: t('upload.sentText') });
      onSent();
      onClose();
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('upload.title')} centered>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          <Text size="sm">
            {t('upload.forMonth', { name: studentName, month: formatMonth(fee.month, i18n.language), amount: formatAmount(outstanding, i18n.language) })}
          </Text>
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <FileInput
            label={t('upload.file')}
            description={t('upload.fileHint')}
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif,application/pdf"
            clearable
            withAsterisk
            {...form.getInputProps('file')}
          />
          <TextInput label={t('upload.amount')} inputMode="decimal" withAsterisk {...form.getInputProps('amountBhd')} />
          <TextInput label={t('upload.reference')} maxLength={120} {...form.getInputProps('reference')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending} mih={44}>
              {t('upload.cancel')}
            </Button>
            <Button type="submit" loading={pending} mih={44}>
              {pending ? t('upload.submitting') : t('upload.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
