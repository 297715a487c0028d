import { PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { attendantInput, attendantUpdate, USER_STATUSES, type AdminAttendant, type AdminDriver, type UserStatus } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../forms/validation.js';
import { FormActions } from '../AdminForm/FormActions.js';
import { runAdminChange } from '../AdminForm/run-admin-change.js';
import { AdminDialog } from '../AdminDialog/AdminDialog.js';

interface AttendantValues {
  name: string;
  phone: string;
  password: string;
  driverId: string;
  status: UserStatus;
}

// Editing checks the same contract as the server, less the id the form does not hold.
const editSchema = attendantUpdate.omit({ id: true });

/**
 * Adds an attendant to a bus (attendant = null), or edits one: a new password is typed only to
 * reset it, and another bus moves them (a bus has at most one attendant). The attendant signs in
 * on the driver sign-in page with phone and password as soon as this saves.
 */
export function AttendantFormModal({
  attendant,
  driverId,
  drivers,
  onClose,
  onSaved,
}: {
  attendant: AdminAttendant | null;
  /** The bus the dialog was opened from. */
  driverId: string;
  drivers: readonly AdminDriver[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const form = useForm<AttendantValues>({
    initialValues: {
      name: attendant?.name ?? '',
      phone: attendant?.phone ?? '',
      password: '',
      driverId: attendant?.driverId ?? driverId,
      status: attendant?.status ?? 'active',
    },
    validate: zodValidate(attendant ? editSchema : attendantInput),
  });
  const create = useMutation(trpc.admin.attendants.create.mutationOptions());
  const update = useMutation(trpc.admin.attendants.update.mutationOptions());
  const busOptions = drivers.map((driver) => ({ value: driver.id, label: driver.vehicle.plate ? `${driver.name} · ${driver.vehicle.plate}` : driver.name }));
  const statusOptions = USER_STATUSES.map((status) => ({ value: status, label: status === 'active' ? t('common.active') : t('common.inactive') }));

  const submit = async (values: AttendantValues) => {
    const saved = await runAdminChange(
      () => (attendant ? update.mutateAsync({ ...values, id: attendant.id }) : create.mutateAsync(values)),
      { success: () => ({ title: attendant ? t('crew.updated') : t('crew.added'), message: values.name }), failure: t('crew.saveFailed') },
      { after: onSaved, setErrors: form.setErrors },
    );
    if (saved) onClose();
  };

  return (
    <AdminDialog onClose={onClose} title={attendant ? t('crew.editTitle') : t('crew.addTitle')} size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label={t('crew.name')} withAsterisk {...form.getInputProps('name')} />
          <TextInput
            label={t('crew.phone')}
            description={t('crew.phoneHint')}
            inputMode="numeric"
            maxLength={8}
            withAsterisk
            {...form.getInputProps('phone')}
          />
          <PasswordInput
            label={attendant ? t('crew.newPassword') : t('crew.password')}
            description={attendant ? t('crew.newPasswordHint') : t('crew.passwordHint')}
            withAsterisk={!attendant}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('crew.bus')}
              description={attendant ? t('crew.busHint') : undefined}
              data={busOptions}
              searchable
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('driverId')}
            />
            <Select label={t('crew.status')} data={statusOptions} allowDeselect={false} {...form.getInputProps('status')} />
          </SimpleGrid>
          <FormActions pending={create.isPending || update.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </AdminDialog>
  );
}
