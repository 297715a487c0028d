import { Checkbox, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { termsVersionInput } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../forms/validation.js';
import { FormActions } from '../AdminForm/FormActions.js';
import { runAdminChange } from '../AdminForm/run-admin-change.js';
import { AdminDialog } from '../AdminDialog/AdminDialog.js';

interface TermsValues {
  content: string;
  contentAr: string;
  activate: boolean;
}

/**
 * A new terms version in English and Arabic, starting from the current texts; active at once only
 * when ticked, which needs both texts. Each text is laid out in its own direction, whatever the
 * screen's language.
 */
export function TermsFormModal({
  starting,
  onClose,
  onSaved,
}: {
  starting: { content: string; contentAr: string };
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const form = useForm<TermsValues>({ initialValues: { ...starting, activate: false }, validate: zodValidate(termsVersionInput) });
  const create = useMutation(trpc.admin.terms.create.mutationOptions());

  const submit = async (values: TermsValues) => {
    const saved = await runAdminChange(
      () => create.mutateAsync(values),
      {
        success: ({ termsVersion }) => ({
          title: values.activate ? t('terms.activated', { version: termsVersion.version }) : t('terms.added'),
          message: t('terms.version', { version: termsVersion.version }),
        }),
        failure: t('terms.saveFailed'),
      },
      { after: onSaved, setErrors: form.setErrors },
    );
    if (saved) onClose();
  };

  return (
    <AdminDialog onClose={onClose} title={t('terms.addTitle')} size="xl">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Textarea label={t('terms.content')} withAsterisk autosize minRows={8} maxRows={20} lang="en" dir="ltr" {...form.getInputProps('content')} />
          <Textarea
            label={t('terms.contentAr')}
            description={t('terms.contentArHint')}
            withAsterisk
            autosize
            minRows={8}
            maxRows={20}
            lang="ar"
            dir="rtl"
            {...form.getInputProps('contentAr')}
          />
          <Checkbox label={t('terms.activateNow')} description={t('terms.activateHint')} {...form.getInputProps('activate', { type: 'checkbox' })} />
          <FormActions pending={create.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </AdminDialog>
  );
}
