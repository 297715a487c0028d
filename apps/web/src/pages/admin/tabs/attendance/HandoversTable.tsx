import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HandoverAttendance } from '@school-transport/contracts';
import { TableScrollRegion } from '../../../../components/TableScrollRegion/TableScrollRegion.js';
import { formatDate, formatTime } from '../../../../i18n/format.js';

/** Who received each child handed over at an afternoon drop this month: a parent, an adult on the family's list, or the day's delegate. */
export function AttendanceHandoversTable({ handovers }: { handovers: HandoverAttendance[] }) {
  const { t, i18n } = useTranslation('attendance');
  const { t: tDay } = useTranslation('parentDay');
  if (handovers.length === 0) return <Text c="dimmed">{t('handoversEmpty')}</Text>;
  return (
    <TableScrollRegion label={t('handovers')} minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.date')}</Table.Th>
            <Table.Th>{t('columns.student')}</Table.Th>
            <Table.Th>{t('columns.run')}</Table.Th>
            <Table.Th>{t('columns.receivedBy')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {handovers.map((handover) => (
            <Table.Tr key={`${handover.studentId}:${handover.at}`}>
              <Table.Td>{t('handedAt', { date: formatDate(handover.date, i18n.language), time: formatTime(handover.at, i18n.language) })}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  {handover.firstName} {handover.lastName}
                </Text>
                <Text size="xs" c="dimmed">
                  {handover.automatedId}
                </Text>
              </Table.Td>
              <Table.Td>{handover.runName}</Table.Td>
              <Table.Td>{t('receiver', { name: handover.receivedBy.name, relation: tDay(`handover.relation.${handover.receivedBy.relation}`) })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
