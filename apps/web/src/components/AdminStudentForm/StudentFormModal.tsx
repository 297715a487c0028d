import { Alert, Divider, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CLASSES,
  GRADES,
  PAYMENT_STATUSES,
  SERVICE_TYPES,
  studentCreate,
  studentForm,
  type AdminArea,
  type AdminDriver,
  type AdminSchool,
  type AdminStudent,
  type StudentCreateInput,
  type StudentFormInput,
} from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../forms/validation.js';
import { FormActions } from '../AdminForm/FormActions.js';
import { runAdminChange } from '../AdminForm/run-admin-change.js';
import { ParentFields } from './ParentFields.js';
import { ParentAccountPanel } from './ParentAccountPanel.js';
import { createPayload, editPayload, valuesOf, type StudentFormValues } from './form-values.js';
import { RunPlacementFields } from './RunPlacementFields.js';
import { StudentHandoverSwitch } from './StudentHandoverSwitch.js';
import { AdminDialog } from '../AdminDialog/AdminDialog.js';
import { formatAmount } from '../../i18n/format.js';
import { OverCapacityField } from '../Seats/OverCapacityField.js';
import { useOverCapacity } from '../Seats/use-over-capacity.js';

interface Lists {
  schools: AdminSchool[];
  areas: AdminArea[];
  drivers: AdminDriver[];
}

/**
 * Add Student (student = null) or Edit Student, with the validation rules of docs/product.md from the shared
 * contract. The driver select's 'None' is sent as null; the price is editable (a discount).
 */
export function StudentFormModal({
  student,
  lists,
  onClose,
  onSaved,
  onCreated,
}: {
  student: AdminStudent | null;
  lists: Lists;
  onClose: () => void;
  onSaved: () => Promise<void>;
  onCreated?: (result: { student: AdminStudent; generatedPassword?: string | undefined }, parentEmail: string) => void;
}) {
  const { t, i18n } = useTranslation('students');
  const form = useForm<StudentFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(student),
    validate: zodValidate(student ? studentForm : studentCreate),
    onValuesChange: (values, previous) => {
      // A roundabout belongs to its area: a new area without roundabouts clears it.
      if (values.areaId !== previous.areaId) {
        const area = lists.areas.find((a) => a.id === values.areaId);
        if (!area || area.roundaboutCount === 0 || Number(values.roundabout) > area.roundaboutCount) form.setFieldValue('roundabout', '');
      }
      // A run belongs to its bus: another bus lets go of the placement on that bus's runs.
      if (values.driverId !== previous.driverId) {
        form.setFieldValue('morningRunId', 'none');
        if (values.afternoonDriverId === 'none') form.setFieldValue('afternoonRunId', 'none');
      }
      if (values.afternoonDriverId !== previous.afternoonDriverId) form.setFieldValue('afternoonRunId', 'none');
    },
  });
  const create = useMutation(trpc.admin.students.create.mutationOptions());
  const update = useMutation(trpc.admin.students.update.mutationOptions());
  const overCapacity = useOverCapacity();
  const values = form.getValues();

  // The student's own school, area and driver stay choosable even when the office deactivated them since.
  const schoolOptions = lists.schools.filter((s) => s.active || s.id === student?.schoolId).map((s) => ({ value: s.id, label: s.name }));
  const areaOptions = lists.areas
    .filter((a) => a.active || a.id === student?.areaId)
    .map((a) => ({ value: a.id, label: t('form.areaOption', { name: a.name, price: formatAmount(a.price, i18n.language) }) }));
  const driverOptions = [
    { value: 'none', label: t('form.noDriver') },
    ...lists.drivers
      .filter((d) => d.status === 'active' || d.id === student?.driverId)
      .map((d) => ({ value: d.id, label: d.status === 'active' ? d.name : t('form.inactiveDriver', { name: d.name }) })),
  ];
  const area = lists.areas.find((a) => a.id === values.areaId);
  const roundaboutOptions = Array.from({ length: area?.roundaboutCount ?? 0 }, (_, i) => ({
    value: String(i + 1),
    label: t('form.roundaboutOption', { n: i + 1 }),
  }));
  const paymentOptions = PAYMENT_STATUSES.map((status) => ({ value: status, label: status === 'paid' ? t('paid') : t('pending') }));

  // The values passed the shared contract before submit; the casts only narrow the select strings (grade, ...).
  const submit = async (submitted: StudentFormValues) => {
    if (student) {
      const saved = await runAdminChange(
        () => update.mutateAsync({ ...(editPayload(submitted) as StudentFormInput), id: student.id, ...overCapacity.choice() }),
        { success: () => ({ title: t('toasts.updated'), message: `${submitted.firstName} ${submitted.lastName}` }), failure: t('toasts.updateFailed') },
        { after: onSaved, setErrors: form.setErrors, refused: overCapacity.refusedWith },
      );
      if (saved) onClose();
      return;
    }
    const created = await runAdminChange(
      () => create.mutateAsync({ ...(createPayload(submitted) as unknown as StudentCreateInput), ...overCapacity.choice() }),
      {
        success: (result) => ({
          title: t('toasts.created'),
          message: `${result.student.firstName} ${result.student.lastName} · ${result.student.automatedId}`,
        }),
        failure: t('toasts.createFailed'),
      },
      { after: onSaved, setErrors: form.setErrors, refused: overCapacity.refusedWith },
    );
    if (created) {
      onCreated?.(created, submitted.parent.email);
      onClose();
    }
  };

  return (
    <AdminDialog onClose={onClose} title={student ? t('form.editTitle') : t('form.addTitle')} size="xl">
      {student && (
        <>
          <ParentAccountPanel parent={student.parent} onSaved={onSaved} />
          <Divider my="md" />
          <StudentHandoverSwitch studentId={student.id} name={student.firstName} />
          <Divider my="md" />
        </>
      )}
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          {!student && (
            <>
              <Title order={3} size="h4">
                {t('form.sections.parent')}
              </Title>
              <ParentFields form={form} />
              <Divider />
            </>
          )}
          <Title order={3} size="h4">
            {t('form.sections.student')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('form.firstName')} withAsterisk {...form.getInputProps('firstName')} />
            <TextInput label={t('form.fathersName')} withAsterisk {...form.getInputProps('fathersName')} />
            <TextInput label={t('form.lastName')} withAsterisk {...form.getInputProps('lastName')} />
            <Select label={t('form.grade')} data={[...GRADES]} withAsterisk allowDeselect={false} {...form.getInputProps('grade')} />
            <Select label={t('form.class')} data={[...CLASSES]} clearable placeholder={t('form.noClass')} {...form.getInputProps('class')} />
            <TextInput label={t('form.studentSchoolId')} withAsterisk {...form.getInputProps('studentSchoolId')} />
          </SimpleGrid>
          <Select label={t('form.school')} data={schoolOptions} searchable withAsterisk {...form.getInputProps('schoolId')} />

          <Title order={3} size="h4">
            {t('form.sections.service')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t('form.area')} data={areaOptions} searchable withAsterisk {...form.getInputProps('areaId')} />
            {roundaboutOptions.length > 0 ? (
              <Select label={t('form.roundabout')} data={roundaboutOptions} clearable {...form.getInputProps('roundabout')} />
            ) : (
              <span />
            )}
            <Select
              label={t('form.serviceType')}
              data={SERVICE_TYPES.map((type) => ({ value: type, label: t(`form.services.${type}`) }))}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('serviceType')}
            />
            <TextInput
              label={t('form.price')}
              inputMode="decimal"
              withAsterisk={Boolean(student)}
              description={student ? undefined : area ? t('form.priceHintArea', { price: formatAmount(area.price, i18n.language) }) : t('form.priceHint')}
              placeholder={student ? undefined : area?.price}
              {...form.getInputProps('priceBhd')}
            />
            <Select
              label={t('form.paymentStatus')}
              description={t('form.paymentStatusHint')}
              data={paymentOptions}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('paymentStatus')}
            />
            <Select label={t('form.driver')} data={driverOptions} searchable allowDeselect={false} {...form.getInputProps('driverId')} />
          </SimpleGrid>
          {student && <RunPlacementFields form={form} driverOptions={driverOptions} />}

          <Title order={3} size="h4">
            {t('form.sections.contact')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('form.contactNumber1')}
              inputMode="numeric"
              maxLength={8}
              withAsterisk={Boolean(student)}
              description={student ? undefined : t('form.contactHint')}
              {...form.getInputProps('contactNumber1')}
            />
            <TextInput label={t('form.contactNumber2')} inputMode="numeric" maxLength={8} {...form.getInputProps('contactNumber2')} />
          </SimpleGrid>

          <Title order={3} size="h4">
            {t('form.sections.address')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <TextInput label={t('form.block')} withAsterisk {...form.getInputProps('block')} />
            <TextInput label={t('form.road')} withAsterisk {...form.getInputProps('road')} />
            <TextInput label={t('form.houseBuilding')} withAsterisk {...form.getInputProps('houseBuilding')} />
            <TextInput label={t('form.flatHome')} {...form.getInputProps('flatHome')} />
          </SimpleGrid>
          <TextInput
            label={t('form.address')}
            withAsterisk={Boolean(student)}
            description={student ? undefined : t('form.addressHint')}
            {...form.getInputProps('address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('form.address2')} {...form.getInputProps('address2')} />
            <TextInput label={t('form.locationLink')} type="url" {...form.getInputProps('locationLink')} />
          </SimpleGrid>
          {!student && <Alert color="gray">{t('form.termsNote')}</Alert>}
          <OverCapacityField state={overCapacity} />
          <FormActions pending={create.isPending || update.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </AdminDialog>
  );
}
