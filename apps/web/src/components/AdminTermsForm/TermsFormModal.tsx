import { Button, Checkbox, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { termsVersionInput } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { showServerErrors, zodValidate } from '../../forms/validation.js';

interface TermsValues {
  content: string;
  activate: boolean;
}

/** A new terms version, starting from the current text; active at once only when ticked. */
export function TermsFormModal({ startingText, onClose, onSaved }: { startingText: string; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t } = useTranslation('admin');
  const form = useForm<TermsValues>({ initialValues: { content: startingText, activate: false }, validate: zodValidate(termsVersionInput) });
  const create = useMutation(trpc.admin.terms.create.mutationOptions());

  const submit = async (values: TermsValues) => {
    try {
      const saved = await create.mutateAsync(values);
      notify({ title: values.activate ? t('terms.activated', { version: saved.termsVersion.version }) : t('terms.added'), message: t('terms.version', { version: saved.termsVersion.version }) });
      await onSaved();
      onClose();
    } catch (error) {
      notify({ title: t('terms.saveFailed'), message: showServerErrors(error, form.setErrors, t('terms.saveFailed')), variant: 'destructive' });
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('terms.addTitle')} size="xl">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Textarea label={t('terms.content')} withAsterisk autosize minRows={10} maxRows={24} {...form.getInputProps('content')} />
          <Checkbox label={t('terms.activateNow')} description={t('terms.activateHint')} {...form.getInputProps('activate', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {create.isPending ? t('common.saving') : t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
