import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parentAccountUpdate, type AdminStudent } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../forms/validation.js';
import { runAdminChange } from '../AdminForm/run-admin-change.js';
import { ResetCodeButton } from '../AdminForm/ResetCodeButton.js';
import { SignInLockNotice } from '../AdminForm/SignInLockNotice.js';

const correctionSchema = parentAccountUpdate.omit({ id: true });

/**
 * The student's parent in the edit dialog: their account's name, email and phone, which the office
 * can correct (an email of another account is refused), and Send Reset Code for a parent who cannot
 * sign in. A form of its own beside the student's, since a form cannot hold another.
 */
export function ParentAccountPanel({ parent, onSaved }: { parent: AdminStudent['parent']; onSaved: () => Promise<void> }) {
  const { t } = useTranslation('students');
  const { t: tc } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState(parent);
  const form = useForm({ initialValues: { name: parent.name, email: parent.email ?? '', phone: parent.phone ?? '' }, validate: zodValidate(correctionSchema) });
  const update = useMutation(trpc.admin.parents.update.mutationOptions());
  const sendResetCode = useMutation(trpc.admin.parents.sendResetCode.mutationOptions());

  const save = async (values: { name: string; email: string; phone: string }) => {
    const saved = await runAdminChange(
      () => update.mutateAsync({ id: parent.id, ...values }),
      { success: (result) => ({ title: t('parentAccount.saved'), message: result.parent.name }), failure: t('parentAccount.saveFailed') },
      { after: onSaved, setErrors: form.setErrors },
    );
    if (saved) {
      setShown(saved.parent);
      setEditing(false);
    }
  };

  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('parentAccount.title')}
      </Title>
      {editing ? (
        <form onSubmit={form.onSubmit(save)} noValidate>
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('parentAccount.name')} withAsterisk {...form.getInputProps('name')} />
              <TextInput label={t('parentAccount.email')} type="email" withAsterisk {...form.getInputProps('email')} />
              <TextInput label={t('parentAccount.phone')} inputMode="numeric" maxLength={8} {...form.getInputProps('phone')} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setEditing(false)}>
                {tc('actions.cancel')}
              </Button>
              <Button type="submit" size="xs" disabled={update.isPending}>
                {update.isPending ? t('parentAccount.saving') : t('parentAccount.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">{[shown.name, shown.email, shown.phone ?? t('parentAccount.noPhone')].filter(Boolean).join(' · ')}</Text>
          <Button variant="light" size="xs" onClick={() => setEditing(true)}>
            {t('parentAccount.correct')}
          </Button>
        </Group>
      )}
      <SignInLockNotice account="parent" id={parent.id} />
      {shown.phone && (
        <ResetCodeButton
          label={t('parentAccount.sendResetCode')}
          hint={t('parentAccount.sendResetCodeHint')}
          failure={t('parentAccount.resetCodeFailed')}
          send={() => sendResetCode.mutateAsync({ id: parent.id })}
        />
      )}
    </Stack>
  );
}
