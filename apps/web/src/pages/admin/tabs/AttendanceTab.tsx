import { useMemo, useState } from 'react';
import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addMonths, bahrainDate, type DriverRun, type RunAttendance, type StudentAttendance } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../../trpc.js';
import { ListState } from './ListState.js';
import { TableScrollRegion } from '../../../components/TableScrollRegion/TableScrollRegion.js';
import { formatMonth, formatNumber } from '../../../i18n/format.js';
import { TotalsTable } from './attendance/TotalsTable.js';
import { AttendanceHandoversTable } from './attendance/HandoversTable.js';

/** The months the office can pick: this one and the eleven before it, newest first. */
const MONTHS_BACK = 11;

/**
 * The office's Attendance tab: a month's school days with service so far, per school and per
 * planned run the totals, per student each way the rides, absences and no-shows (run by run when the
 * student took more than one run that way), and who received each child handed over at an
 * afternoon drop; each table downloads as CSV.
 */
export function AttendanceTab() {
  const { t, i18n } = useTranslation('attendance');
  const thisMonth = bahrainDate(new Date()).slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const months = useMemo(
    () =>
      Array.from({ length: MONTHS_BACK + 1 }, (_, index) => addMonths(thisMonth, -index)).map((value) => ({ value, label: formatMonth(value, i18n.language) })),
    [thisMonth, i18n.language],
  );
  const report = useQuery({ ...trpc.admin.attendance.month.queryOptions({ month }), ...ADMIN_LIST_QUERY });
  const number = (value: number) => formatNumber(value, i18n.language);
  const figures = (run: RunAttendance) => t('figures', { rides: number(run.rides), absences: number(run.absences), noShows: number(run.noShows) });
  /** A direction's cell: its totals under the run's name, or each run's own line when the student took several that way. */
  const runCell = (student: StudentAttendance, direction: DriverRun) => {
    const total = student[direction];
    if (!total) return t('notRidden');
    const runs = student.runs.filter((run) => run.direction === direction);
    if (runs.length <= 1)
      return (
        <>
          {runs[0] && (
            <Text size="xs" fw={600}>
              {runs[0].name}
            </Text>
          )}
          <Text size="sm">{figures(total)}</Text>
        </>
      );
    return runs.map((run) => (
      <Text key={run.id} size="sm">
        {t('runFigures', { name: run.name, figures: figures(run) })}
      </Text>
    ));
  };

  return (
    <Stack>
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </div>
      <Group align="flex-end" justify="space-between">
        <Select label={t('month')} data={months} value={month} allowDeselect={false} onChange={(value) => value && setMonth(value)} w={220} />
        <Group gap="xs">
          <Button component="a" variant="default" mih={44} href={`/api/admin/attendance.csv?month=${month}`} download>
            {t('downloadStudents')}
          </Button>
          <Button component="a" variant="default" mih={44} href={`/api/admin/attendance.csv?month=${month}&by=school`} download>
            {t('downloadSchools')}
          </Button>
          <Button component="a" variant="default" mih={44} href={`/api/admin/attendance.csv?month=${month}&by=run`} download>
            {t('downloadRuns')}
          </Button>
          <Button component="a" variant="default" mih={44} href={`/api/admin/attendance.csv?month=${month}&by=handover`} download>
            {t('downloadHandovers')}
          </Button>
        </Group>
      </Group>
      <ListState query={report}>
        {report.data && (
          <Stack>
            <Text fw={500}>{t('schoolDays', { count: report.data.schoolDays, month: formatMonth(report.data.month, i18n.language) })}</Text>
            <Title order={3}>{t('perSchool')}</Title>
            <TotalsTable
              label={t('perSchool')}
              minWidth={480}
              rows={report.data.schools}
              rowKey={(school) => school.schoolId}
              names={[{ header: t('columns.school'), cell: (school) => school.schoolName }]}
            />
            <Title order={3}>{t('perRun')}</Title>
            <TotalsTable
              label={t('perRun')}
              minWidth={560}
              rows={report.data.runs}
              rowKey={(run) => run.id}
              names={[
                { header: t('columns.run'), cell: (run) => run.name },
                { header: t('columns.driver'), cell: (run) => run.driverName },
              ]}
            />
            <Title order={3}>{t('perStudent')}</Title>
            {report.data.students.length === 0 ? (
              <Text c="dimmed">{t('empty')}</Text>
            ) : (
              <TableScrollRegion label={t('perStudent')} minWidth={720}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('columns.student')}</Table.Th>
                      <Table.Th>{t('columns.school')}</Table.Th>
                      <Table.Th>{t('columns.driver')}</Table.Th>
                      <Table.Th>{t('columns.morning')}</Table.Th>
                      <Table.Th>{t('columns.afternoon')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.data.students.map((student) => (
                      <Table.Tr key={student.id}>
                        <Table.Td>
                          <Text size="sm">
                            {student.firstName} {student.lastName}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {student.automatedId}
                          </Text>
                        </Table.Td>
                        <Table.Td>{student.schoolName}</Table.Td>
                        <Table.Td>{student.driverName ?? t('unassigned')}</Table.Td>
                        <Table.Td>{runCell(student, 'morning')}</Table.Td>
                        <Table.Td>{runCell(student, 'afternoon')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScrollRegion>
            )}
            <Title order={3}>{t('handovers')}</Title>
            <AttendanceHandoversTable handovers={report.data.handovers} />
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
