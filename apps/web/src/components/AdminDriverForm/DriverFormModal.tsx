import { MultiSelect, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { driverInput, driverUpdate, USER_STATUSES, type AdminArea, type AdminDriver, type UserStatus } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../forms/validation.js';
import { FormActions } from '../AdminForm/FormActions.js';
import { runAdminChange } from '../AdminForm/run-admin-change.js';
import { AdminDialog } from '../AdminDialog/AdminDialog.js';
import { ResetCodeButton } from '../AdminForm/ResetCodeButton.js';
import { SignInLockNotice } from '../AdminForm/SignInLockNotice.js';
import { TrackerSetup } from './TrackerSetup.js';

interface DriverValues {
  name: string;
  phone: string;
  licenseNo: string;
  password: string;
  areaIds: string[];
  vehicle: { plate: string; seats: string | number; trackerId: string };
  status: UserStatus;
}

const valuesOf = (driver: AdminDriver | null): DriverValues => ({
  name: driver?.name ?? '',
  phone: driver?.phone ?? '',
  licenseNo: driver?.licenseNo ?? '',
  password: '',
  areaIds: driver?.areaIds ?? [],
  vehicle: { plate: driver?.vehicle.plate ?? '', seats: driver?.vehicle.seats ?? '', trackerId: driver?.vehicle.trackerId ?? '' },
  status: driver?.status ?? 'active',
});

// Editing checks the same contract as the server, less the id the form does not hold.
const editSchema = driverUpdate.omit({ id: true });

/**
 * Adds a driver with a password (driver = null), or edits one: a new password is typed only to
 * reset it. The driver can sign in with phone and password as soon as this saves.
 */
export function DriverFormModal({
  driver,
  areas,
  onClose,
  onSaved,
}: {
  driver: AdminDriver | null;
  areas: AdminArea[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const form = useForm<DriverValues>({ initialValues: valuesOf(driver), validate: zodValidate(driver ? editSchema : driverInput) });
  const create = useMutation(trpc.admin.drivers.create.mutationOptions());
  const update = useMutation(trpc.admin.drivers.update.mutationOptions());
  const sendResetCode = useMutation(trpc.admin.drivers.sendResetCode.mutationOptions());
  const pending = create.isPending || update.isPending;
  // An area the driver serves stays listed even when it was deactivated since.
  const areaOptions = areas.filter((area) => area.active || driver?.areaIds.includes(area.id)).map((area) => ({ value: area.id, label: area.name }));
  const statusOptions = USER_STATUSES.map((status) => ({ value: status, label: status === 'active' ? t('common.active') : t('common.inactive') }));

  const submit = async (values: DriverValues) => {
    const saved = await runAdminChange(
      () => (driver ? update.mutateAsync({ ...values, id: driver.id }) : create.mutateAsync(values)),
      { success: () => ({ title: driver ? t('drivers.updated') : t('drivers.added'), message: values.name }), failure: t('drivers.saveFailed') },
      { after: onSaved, setErrors: form.setErrors },
    );
    if (saved) onClose();
  };

  return (
    <AdminDialog onClose={onClose} title={driver ? t('drivers.editTitle') : t('drivers.addTitle')} size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label={t('drivers.name')} withAsterisk {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('drivers.phone')}
              description={t('drivers.phoneHint')}
              inputMode="numeric"
              maxLength={8}
              withAsterisk
              {...form.getInputProps('phone')}
            />
            <TextInput label={t('drivers.licenseNo')} withAsterisk {...form.getInputProps('licenseNo')} />
          </SimpleGrid>
          <PasswordInput
            label={driver ? t('drivers.newPassword') : t('drivers.password')}
            description={driver ? t('drivers.newPasswordHint') : t('drivers.passwordHint')}
            withAsterisk={!driver}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          {driver && <SignInLockNotice account="driver" id={driver.id} />}
          {driver?.status === 'active' && (
            <ResetCodeButton
              label={t('drivers.sendResetCode')}
              hint={t('drivers.sendResetCodeHint')}
              failure={t('drivers.resetCodeFailed')}
              send={() => sendResetCode.mutateAsync({ id: driver.id })}
            />
          )}
          <MultiSelect
            label={t('drivers.areas')}
            placeholder={t('drivers.areasPlaceholder')}
            data={areaOptions}
            searchable
            clearable
            {...form.getInputProps('areaIds')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('drivers.vehiclePlate')} {...form.getInputProps('vehicle.plate')} />
            <TextInput label={t('drivers.vehicleSeats')} inputMode="numeric" {...form.getInputProps('vehicle.seats')} />
            <Select label={t('drivers.status')} data={statusOptions} allowDeselect={false} {...form.getInputProps('status')} />
          </SimpleGrid>
          <TrackerSetup form={form} />
          <FormActions pending={pending} onCancel={onClose} />
        </Stack>
      </form>
    </AdminDialog>
  );
}
