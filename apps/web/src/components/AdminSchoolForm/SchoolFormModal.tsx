import { Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GRADES, schoolInput, type AdminSchool } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../forms/validation.js';
import { FormActions } from '../AdminForm/FormActions.js';
import { runAdminChange } from '../AdminForm/run-admin-change.js';
import { AdminDialog } from '../AdminDialog/AdminDialog.js';

interface SchoolValues {
  schoolCode: string;
  name: string;
  address: string;
  contactName: string;
  contactPhone: string;
  /** '' : no handover rule. */
  handoverUpToGrade: string;
}

const valuesOf = (school: AdminSchool | null): SchoolValues => ({
  schoolCode: school?.schoolCode ?? '',
  name: school?.name ?? '',
  address: school?.address ?? '',
  contactName: school?.contactName ?? '',
  contactPhone: school?.contactPhone ?? '',
  handoverUpToGrade: school?.handoverUpToGrade ?? '',
});

/** Adds a school (school = null) or edits one; opened afresh for each use, so it starts from that school's values. */
export function SchoolFormModal({ school, onClose, onSaved }: { school: AdminSchool | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t } = useTranslation('admin');
  const form = useForm<SchoolValues>({ initialValues: valuesOf(school), validate: zodValidate(schoolInput) });
  const create = useMutation(trpc.admin.schools.create.mutationOptions());
  const update = useMutation(trpc.admin.schools.update.mutationOptions());
  const setRule = useMutation(trpc.admin.handover.setSchoolRule.mutationOptions());
  const pending = create.isPending || update.isPending || setRule.isPending;

  const submit = async ({ handoverUpToGrade, ...values }: SchoolValues) => {
    const saved = await runAdminChange(
      async () => {
        const result = school ? await update.mutateAsync({ ...values, id: school.id }) : await create.mutateAsync(values);
        // The handover rule has its own path (it is the school day's rule, audited apart).
        if (handoverUpToGrade !== (school?.handoverUpToGrade ?? '')) {
          await setRule.mutateAsync({ id: result.school.id, upToGrade: (handoverUpToGrade || null) as (typeof GRADES)[number] | null });
        }
        return result;
      },
      { success: () => ({ title: school ? t('schools.updated') : t('schools.added'), message: values.name }), failure: t('schools.saveFailed') },
      { after: onSaved, setErrors: form.setErrors },
    );
    if (saved) onClose();
  };

  return (
    <AdminDialog onClose={onClose} title={school ? t('schools.editTitle') : t('schools.addTitle')}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label={t('schools.schoolCode')} withAsterisk {...form.getInputProps('schoolCode')} />
          <TextInput label={t('schools.name')} withAsterisk {...form.getInputProps('name')} />
          <TextInput label={t('schools.address')} {...form.getInputProps('address')} />
          <TextInput label={t('schools.contactName')} {...form.getInputProps('contactName')} />
          <TextInput label={t('schools.contactPhone')} inputMode="numeric" maxLength={8} {...form.getInputProps('contactPhone')} />
          <Select
            label={t('schools.handoverUpToGrade')}
            description={t('schools.handoverHint')}
            data={[{ value: '', label: t('schools.noHandoverRule') }, ...GRADES.map((grade) => ({ value: grade, label: grade }))]}
            allowDeselect={false}
            {...form.getInputProps('handoverUpToGrade')}
          />
          <FormActions pending={pending} onCancel={onClose} />
        </Stack>
      </form>
    </AdminDialog>
  );
}
