import { useState } from 'react';
import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bahrainToday, type AdminStudent } from '@school-transport/contracts';
import { trpc } from '../../../../trpc.js';
import { AdminDialog } from '../../../../components/AdminDialog/AdminDialog.js';
import { runAdminChange } from '../../../../components/AdminForm/run-admin-change.js';
import { AbsenceFields } from '../../../../components/StudentDay/AbsenceFields.js';
import { absenceErrors, absenceOf, absenceRunChoices, emptyAbsence, type AbsenceValues } from '../../../../components/StudentDay/absence-form.js';
import { refreshOfficeDay } from '../../../../queries/school-day-queries.js';

const STUDENTS_SHOWN = 20;

/**
 * Record absence: a family phoned the office. The office finds the student (by name or ID) and
 * fills in the same form the family would; audited, and refused after the run has started.
 */
export function RecordAbsenceModal({ firstDay, onClose }: { firstDay: string; onClose: () => void }) {
  const { t } = useTranslation('officeDay');
  const { t: tp } = useTranslation('parentDay');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [student, setStudent] = useState<AdminStudent | null>(null);
  const found = useQuery({
    ...trpc.admin.students.list.queryOptions({ search: query || undefined, pageSize: STUDENTS_SHOWN }),
    placeholderData: keepPreviousData,
  });
  const form = useForm<AbsenceValues>({
    initialValues: { ...emptyAbsence(), from: firstDay },
    // The student is chosen beside the form's fields: without one, the dialog asks for one.
    validate: (values) => {
      const { studentId: _contract, ...errors } = absenceErrors(values, student?.id ?? '', tp('dialog.dayRequired'));
      return student ? errors : { ...errors, studentId: t('record.studentRequired') };
    },
  });
  const report = useMutation(trpc.admin.schoolDay.reportAbsence.mutationOptions());
  const students = found.data?.students ?? [];
  // The chosen student stays a choice while the search shows others.
  const choices = student && !students.some((each) => each.id === student.id) ? [student, ...students] : students;

  const send = async (values: AbsenceValues) => {
    if (!student || report.isPending) return;
    const done = await runAdminChange(
      () => report.mutateAsync(absenceOf(values, student.id)),
      { success: () => ({ title: t('record.recorded'), message: `${student.firstName} ${student.lastName}` }), failure: t('record.failed') },
      { after: refreshOfficeDay, setErrors: (errors) => form.setErrors({ ...errors, from: errors.from ?? errors.to }) },
    );
    if (done) onClose();
  };

  return (
    <AdminDialog onClose={onClose} title={t('record.title')} size="lg" closeButtonProps={{ 'aria-label': tp('dialog.close') }}>
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Stack>
          <Alert color="blue" variant="light">
            {t('record.note')}
          </Alert>
          <Select
            label={t('record.student')}
            placeholder={t('record.studentPlaceholder')}
            nothingFoundMessage={t('record.studentNothing')}
            withAsterisk
            searchable
            // The server searches; every row it answers is a match.
            filter={({ options }) => options}
            searchValue={search}
            onSearchChange={setSearch}
            data={choices.map((each) => ({ value: each.id, label: `${each.firstName} ${each.lastName} · ${each.automatedId}` }))}
            value={student?.id ?? null}
            onChange={(id) => {
              const chosen = choices.find((each) => each.id === id) ?? null;
              setStudent(chosen);
              form.clearFieldError('studentId');
              if (chosen && !absenceRunChoices(chosen.serviceType).includes(form.values.run)) form.setFieldValue('run', 'both');
            }}
            error={form.errors.studentId}
          />
          <AbsenceFields
            form={form}
            runs={student ? absenceRunChoices(student.serviceType) : ['morning', 'afternoon', 'both']}
            firstDay={bahrainToday(new Date())}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={44}>
              {tp('dialog.close')}
            </Button>
            <Button type="submit" loading={report.isPending} mih={44}>
              {t('record.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminDialog>
  );
}
