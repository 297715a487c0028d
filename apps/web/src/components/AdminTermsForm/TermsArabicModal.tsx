import { Box, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { termsArabicInput } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../forms/validation.js';
import { FormActions } from '../AdminForm/FormActions.js';
import { runAdminChange } from '../AdminForm/run-admin-change.js';
import { AdminDialog } from '../AdminDialog/AdminDialog.js';

/**
 * The Arabic text of a version written without one, beside its English for the translator. Once
 * saved it cannot be changed (what parents accepted must not change under them).
 */
export function TermsArabicModal({
  version,
  onClose,
  onSaved,
}: {
  version: { id: string; version: number; content: string };
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const form = useForm({ initialValues: { id: version.id, contentAr: '' }, validate: zodValidate(termsArabicInput) });
  const write = useMutation(trpc.admin.terms.writeArabic.mutationOptions());

  const submit = async (values: { id: string; contentAr: string }) => {
    const saved = await runAdminChange(
      () => write.mutateAsync(values),
      { success: () => ({ title: t('terms.arabicSaved', { version: version.version }) }), failure: t('terms.saveFailed') },
      { after: onSaved, setErrors: form.setErrors },
    );
    if (saved) onClose();
  };

  return (
    <AdminDialog onClose={onClose} title={t('terms.writeArabicTitle', { version: version.version })} size="xl">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          {/* A region the keyboard can reach and scroll (axe: scrollable-region-focusable). */}
          <Box mah={200} style={{ overflowY: 'auto' }} tabIndex={0} role="region" aria-label={t('terms.content')}>
            <Text size="sm" lang="en" dir="ltr" style={{ whiteSpace: 'pre-wrap' }}>
              {version.content}
            </Text>
          </Box>
          <Textarea
            label={t('terms.contentAr')}
            description={t('terms.writeArabicHint')}
            withAsterisk
            autosize
            minRows={8}
            maxRows={20}
            lang="ar"
            dir="rtl"
            {...form.getInputProps('contentAr')}
          />
          <FormActions pending={write.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </AdminDialog>
  );
}
