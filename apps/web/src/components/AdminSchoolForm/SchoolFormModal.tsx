import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { schoolInput, type AdminSchool } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { showServerErrors, zodValidate } from '../../forms/validation.js';

interface SchoolValues {
  schoolCode: string;
  name: string;
  address: string;
  contactName: string;
  contactPhone: string;
}

const valuesOf = (school: AdminSchool | null): SchoolValues => ({
  schoolCode: school?.schoolCode ?? '',
  name: school?.name ?? '',
  address: school?.address ?? '',
  contactName: school?.contactName ?? '',
  contactPhone: school?.contactPhone ?? '',
});

/** Adds a school (school = null) or edits one; opened afresh for each use, so it starts from that school's values. */
export function SchoolFormModal({ school, onClose, onSaved }: { school: AdminSchool | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t } = useTranslation('admin');
  const form = useForm<SchoolValues>({ initialValues: valuesOf(school), validate: zodValidate(schoolInput) });
  const create = useMutation(trpc.admin.schools.create.mutationOptions());
  const update = useMutation(trpc.admin.schools.update.mutationOptions());
  const pending = create.isPending || update.isPending;

  const submit = async (values: SchoolValues) => {
    try {
      if (school) await update.mutateAsync({ ...values, id: school.id });
      else await create.mutateAsync(values);
      notify({ title: school ? t('schools.updated') : t('schools.added'), message: values.name });
      await onSaved();
      onClose();
    } catch (error) {
      notify({ title: t('schools.saveFailed'), message: showServerErrors(error, form.setErrors, t('schools.saveFailed')), variant: 'destructive' });
    }
  };

  return (
    <Modal opened onClose={onClose} title={school ? t('schools.editTitle') : t('schools.addTitle')}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label={t('schools.schoolCode')} withAsterisk {...form.getInputProps('schoolCode')} />
          <TextInput label={t('schools.name')} withAsterisk {...form.getInputProps('name')} />
          <TextInput label={t('schools.address')} {...form.getInputProps('address')} />
          <TextInput label={t('schools.contactName')} {...form.getInputProps('contactName')} />
          <TextInput label={t('schools.contactPhone')} inputMode="numeric" maxLength={8} {...form.getInputProps('contactPhone')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {pending ? t('common.saving') : t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
