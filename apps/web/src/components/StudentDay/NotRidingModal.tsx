import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bahrainToday } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { showServerErrors } from '../../forms/validation.js';
import { useReturnFocusToOpener } from '../../a11y/use-return-focus-to-opener.js';
import { usePhoneScreen } from '../AdminDialog/use-phone-screen.js';
import type { ParentStudent } from '../StudentCard/StudentCard.js';
import { AbsenceFields } from './AbsenceFields.js';
import { absenceErrors, absenceOf, absenceRunChoices, emptyAbsence, type AbsenceValues } from './absence-form.js';
import { refreshParentDay, useSchoolCalendar } from './parent-day-queries.js';

/**
 * Not riding: the family tells the driver a student will not ride on a day or a range of days, on
 * the morning run, the afternoon run or both, with a reason if they wish. The server's refusal (too
 * late for a run already started, a range over 31 days, days without school) is shown as it says it.
 */
export function NotRidingModal({ student, onClose }: { student: ParentStudent; onClose: () => void }) {
  const { t } = useTranslation('parentDay');
  const phone = usePhoneScreen();
  const form = useForm<AbsenceValues>({ initialValues: emptyAbsence(), validate: (values) => absenceErrors(values, student.id, t('dialog.dayRequired')) });
  useReturnFocusToOpener(true);
  const report = useMutation(trpc.parent.absences.report.mutationOptions());
  const calendar = useSchoolCalendar();

  const send = async (values: AbsenceValues) => {
    if (report.isPending) return;
    try {
      await report.mutateAsync(absenceOf(values, student.id));
      notify({ title: t('dialog.reported'), message: t('dialog.reportedText') });
      onClose();
      await refreshParentDay();
    } catch (error) {
      // A field message of the dates lands on the one date field.
      const message = showServerErrors(error, (errors) => form.setErrors({ ...errors, from: errors.from ?? errors.to }), t('dialog.failed'));
      notify({ title: t('dialog.failed'), message, variant: 'destructive' });
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={phone}
      title={t('dialog.title', { name: `${student.firstName} ${student.lastName}` })}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Stack>
          <AbsenceFields form={form} runs={absenceRunChoices(student.serviceType)} firstDay={bahrainToday(new Date())} calendar={calendar.data?.calendar} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={44}>
              {t('dialog.close')}
            </Button>
            <Button type="submit" loading={report.isPending} mih={44}>
              {report.isPending ? t('dialog.submitting') : t('dialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
