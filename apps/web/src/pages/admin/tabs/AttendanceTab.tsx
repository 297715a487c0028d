import { useMemo, useState } from 'react';
import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addMonths, bahrainDate, type RunAttendance } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../../trpc.js';
import { ListState } from './ListState.js';
import { TableScrollRegion } from '../../../components/TableScrollRegion/TableScrollRegion.js';
import { formatMonth, formatNumber } from '../../../i18n/format.js';

/** The months the office can pick: this one and the eleven before it, newest first. */
const MONTHS_BACK = 11;

/**
 * The office's Attendance tab: a month's school days with service so far, per school the totals,
 * per student and run the rides, absences and no-shows; each table downloads as CSV.
 */
export function AttendanceTab() {
  const { t, i18n } = useTranslation('attendance');
  const thisMonth = bahrainDate(new Date()).slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const months = useMemo(
    () => Array.from({ length: MONTHS_BACK + 1 }, (_, index) => addMonths(thisMonth, -index)).map((value) => ({ value, label: formatMonth(value, i18n.language) })),
    [thisMonth, i18n.language],
  );
  const report = useQuery({ ...trpc.admin.attendance.month.queryOptions({ month }), ...ADMIN_LIST_QUERY });
  const number = (value: number) => formatNumber(value, i18n.language);
  const runCell = (run: RunAttendance | null) =>
    run ? t('figures', { rides: number(run.rides), absences: number(run.absences), noShows: number(run.noShows) }) : t('notRidden');

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
        </Group>
      </Group>
      <ListState query={report}>
        {report.data && (
          <Stack>
            <Text fw={500}>{t('schoolDays', { count: report.data.schoolDays, month: formatMonth(report.data.month, i18n.language) })}</Text>
            <Title order={3}>{t('perSchool')}</Title>
            <TableScrollRegion label={t('perSchool')} minWidth={480}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.school')}</Table.Th>
                    <Table.Th>{t('columns.students')}</Table.Th>
                    <Table.Th>{t('columns.rides')}</Table.Th>
                    <Table.Th>{t('columns.absences')}</Table.Th>
                    <Table.Th>{t('columns.noShows')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.schools.map((school) => (
                    <Table.Tr key={school.schoolId}>
                      <Table.Td>{school.schoolName}</Table.Td>
                      <Table.Td>{number(school.students)}</Table.Td>
                      <Table.Td>{number(school.rides)}</Table.Td>
                      <Table.Td>{number(school.absences)}</Table.Td>
                      <Table.Td>{number(school.noShows)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScrollRegion>
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
                        <Table.Td>{runCell(student.morning)}</Table.Td>
                        <Table.Td>{runCell(student.afternoon)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScrollRegion>
            )}
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
