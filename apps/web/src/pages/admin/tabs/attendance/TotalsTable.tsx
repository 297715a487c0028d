import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TableScrollRegion } from '../../../../components/TableScrollRegion/TableScrollRegion.js';
import { formatNumber } from '../../../../i18n/format.js';

/** A month's figures of a group of students: how many, and their rides, absences and no-shows. */
interface MonthTotals {
  students: number;
  rides: number;
  absences: number;
  noShows: number;
}

/** A column naming the group (the school; the run and its driver). */
interface NameColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

interface TotalsTableProps<Row extends MonthTotals> {
  label: string;
  minWidth: number;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  names: readonly NameColumn<Row>[];
}

/** The attendance tab's tables of totals (per school, per planned run): the group's names, then the same four figures. */
export function TotalsTable<Row extends MonthTotals>({ label, minWidth, rows, rowKey, names }: TotalsTableProps<Row>) {
  const { t, i18n } = useTranslation('attendance');
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <TableScrollRegion label={label} minWidth={minWidth}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {names.map((name) => (
              <Table.Th key={name.header}>{name.header}</Table.Th>
            ))}
            <Table.Th>{t('columns.students')}</Table.Th>
            <Table.Th>{t('columns.rides')}</Table.Th>
            <Table.Th>{t('columns.absences')}</Table.Th>
            <Table.Th>{t('columns.noShows')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {names.map((name) => (
                <Table.Td key={name.header}>{name.cell(row)}</Table.Td>
              ))}
              <Table.Td>{number(row.students)}</Table.Td>
              <Table.Td>{number(row.rides)}</Table.Td>
              <Table.Td>{number(row.absences)}</Table.Td>
              <Table.Td>{number(row.noShows)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
