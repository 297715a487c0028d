import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedRunAttendance } from '@school-transport/contracts';
import { TableScrollRegion } from '../../../../components/TableScrollRegion/TableScrollRegion.js';
import { formatNumber } from '../../../../i18n/format.js';

/** The month per planned run: each bus's runs by the name the office gave them, morning first, with their students' figures added up. */
export function AttendanceRunsTable({ runs }: { runs: PlannedRunAttendance[] }) {
  const { t, i18n } = useTranslation('attendance');
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <TableScrollRegion label={t('perRun')} minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.run')}</Table.Th>
            <Table.Th>{t('columns.driver')}</Table.Th>
            <Table.Th>{t('columns.students')}</Table.Th>
            <Table.Th>{t('columns.rides')}</Table.Th>
            <Table.Th>{t('columns.absences')}</Table.Th>
            <Table.Th>{t('columns.noShows')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id}>
              <Table.Td>{run.name}</Table.Td>
              <Table.Td>{run.driverName}</Table.Td>
              <Table.Td>{number(run.students)}</Table.Td>
              <Table.Td>{number(run.rides)}</Table.Td>
              <Table.Td>{number(run.absences)}</Table.Td>
              <Table.Td>{number(run.noShows)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
