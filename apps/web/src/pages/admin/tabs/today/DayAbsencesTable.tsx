import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import type { AdminAbsence } from '@school-transport/contracts';
import { trpc } from '../../../../trpc.js';
import { formatDate } from '../../../../i18n/format.js';
import { runAdminChange } from '../../../../components/AdminForm/run-admin-change.js';
import { tableRegionProps } from '../data-table-region.js';
import { refreshOfficeDay } from '../../../../queries/school-day-queries.js';
import { IsolatedLine } from '../../../../components/Isolated/Isolated.js';

/** The absences in force on the day, each with Cancel (audited; refused once its run has started). */
export function DayAbsencesTable({ absences, fetching }: { absences: AdminAbsence[]; fetching: boolean }) {
  const { t, i18n } = useTranslation('officeDay');
  const cancel = useMutation(trpc.admin.schoolDay.cancelAbsence.mutationOptions());
  const nameOf = (absence: AdminAbsence) => `${absence.student.firstName} ${absence.student.lastName}`;
  const datesOf = (absence: AdminAbsence) =>
    absence.from === absence.to
      ? t('absences.oneDay', { date: formatDate(absence.from, i18n.language) })
      : t('absences.range', { from: formatDate(absence.from, i18n.language), to: formatDate(absence.to, i18n.language) });
  const cancelOne = (absence: AdminAbsence) =>
    runAdminChange(
      () => cancel.mutateAsync({ id: absence.id }),
      { success: () => ({ title: t('absences.cancelled'), message: nameOf(absence) }), failure: t('absences.cancelFailed') },
      { after: refreshOfficeDay },
    );

  return (
    <DataTable<AdminAbsence>
      aria-label={t('absences.title')}
      withTableBorder
      borderRadius="sm"
      striped
      minHeight={absences.length === 0 ? 140 : undefined}
      noRecordsText={t('absences.empty')}
      records={absences}
      fetching={fetching}
      scrollAreaProps={tableRegionProps(t('absences.title'))}
      // Cancel stays in reach at the table's end, however wide the rest is.
      pinLastColumn
      columns={[
        {
          accessor: 'student',
          title: t('absences.student'),
          render: (absence) => (
            <Stack gap={0} miw={140}>
              <Text size="sm" fw={600}>
                <bdi>{nameOf(absence)}</bdi>
              </Text>
              <Text size="xs" c="dimmed">
                <IsolatedLine parts={[absence.student.automatedId, absence.student.schoolName]} />
              </Text>
            </Stack>
          ),
        },
        { accessor: 'driver', title: t('absences.driver'), render: (absence) => (absence.driver ? <bdi>{absence.driver.name}</bdi> : t('absences.noDriver')) },
        { accessor: 'from', title: t('absences.dates'), noWrap: true, render: datesOf },
        { accessor: 'run', title: t('absences.run'), noWrap: true, render: (absence) => t(`absences.runName.${absence.run}`) },
        {
          accessor: 'reason',
          title: t('absences.reason'),
          render: (absence) => (
            <Text size="sm" dir="auto" miw={120} style={{ overflowWrap: 'anywhere' }}>
              {absence.reason ?? t('absences.noReason')}
            </Text>
          ),
        },
        {
          accessor: 'actions',
          title: t('absences.actions'),
          render: (absence) => (
            <Button
              size="sm"
              mih={44}
              variant="light"
              color="red"
              disabled={cancel.isPending}
              onClick={() => void cancelOne(absence)}
              aria-label={t('absences.cancelLabel', { name: nameOf(absence) })}
            >
              {t('absences.cancel')}
            </Button>
          ),
        },
      ]}
    />
  );
}
