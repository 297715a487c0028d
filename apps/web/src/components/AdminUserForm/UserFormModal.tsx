import { PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OFFICE_ROLES, officeUserCreate, officeUserUpdate, type OfficeRole, type OfficeUser } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../forms/validation.js';
import { FormActions } from '../AdminForm/FormActions.js';
import { runAdminChange } from '../AdminForm/run-admin-change.js';
import { AdminDialog } from '../AdminDialog/AdminDialog.js';

interface UserValues {
  name: string;
  email: string;
  phone: string;
  role: OfficeRole;
  password: string;
}

// Editing checks the same contract as the server, less the id the form does not hold.
const editSchema = officeUserUpdate.omit({ id: true });

/**
 * Adds an admin or a staff member with an initial password the admin types and hands over
 * (user = null), or renames one and changes their role. Deactivating is the list's own button.
 */
export function UserFormModal({ user, onClose, onSaved }: { user: OfficeUser | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t } = useTranslation('users');
  const form = useForm<UserValues>({
    initialValues: { name: user?.name ?? '', email: user?.email ?? '', phone: '', role: user?.role ?? 'staff', password: '' },
    validate: zodValidate(user ? editSchema : officeUserCreate),
  });
  const create = useMutation(trpc.admin.users.create.mutationOptions());
  const update = useMutation(trpc.admin.users.update.mutationOptions());
  const roleOptions = OFFICE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));

  const submit = async (values: UserValues) => {
    const saved = await runAdminChange(
      () => (user ? update.mutateAsync({ id: user.id, name: values.name, role: values.role }) : create.mutateAsync(values)),
      { success: () => ({ title: user ? t('updated') : t('added'), message: values.name }), failure: t('saveFailed') },
      { after: onSaved, setErrors: form.setErrors },
    );
    if (saved) onClose();
  };

  return (
    <AdminDialog onClose={onClose} title={user ? t('editTitle', { name: user.name }) : t('addTitle')}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label={t('name')} withAsterisk autoComplete="off" {...form.getInputProps('name')} />
          {!user && (
            <>
              <TextInput label={t('email')} type="email" withAsterisk autoComplete="off" {...form.getInputProps('email')} />
              <TextInput label={t('phone')} inputMode="numeric" maxLength={8} {...form.getInputProps('phone')} />
            </>
          )}
          <Select label={t('role')} data={roleOptions} allowDeselect={false} withAsterisk {...form.getInputProps('role')} />
          {!user && (
            <PasswordInput label={t('password')} description={t('passwordHint')} withAsterisk autoComplete="new-password" {...form.getInputProps('password')} />
          )}
          <FormActions pending={create.isPending || update.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </AdminDialog>
  );
}
