import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { distanceMetres, type RunStop } from '@school-transport/contracts';
import { formatDistance } from '../../../../i18n/format.js';
import { TableScrollRegion } from '../../../../components/TableScrollRegion/TableScrollRegion.js';

/**
 * The run as a table: the same order as the map, each stop with the straight-line distance from
 * the stop before it, for keyboard and screen-reader users and narrow phones.
 */
export function StopDistances({ stops }: { stops: readonly RunStop[] }) {
  const { t, i18n } = useTranslation('routes');
  let total = 0;
  const rows = stops.map((stop, index) => {
    const before = stops[index - 1];
    const distance = before?.location && stop.location ? distanceMetres(before.location, stop.location) : null;
    if (distance !== null) total += distance;
    return { stop, distance };
  });
  return (
    <>
      <TableScrollRegion minWidth={560} label={t('distances.title')}>
        <Table striped withTableBorder data-testid="stop-distances">
          <caption>{t('distances.caption')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('distances.stop')}</Table.Th>
              <Table.Th scope="col">{t('distances.children')}</Table.Th>
              <Table.Th scope="col">{t('distances.address')}</Table.Th>
              <Table.Th scope="col">{t('distances.position')}</Table.Th>
              <Table.Th scope="col">{t('distances.fromPrevious')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ stop, distance }, index) => (
              <Table.Tr key={stop.id}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>{stop.students.map((student) => student.firstName).join(', ')}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{stop.address}</Table.Td>
                <Table.Td>{stop.location ? t(`stops.source.${stop.location.source}`) : t('stops.noLocation')}</Table.Td>
                <Table.Td>{distance === null ? t('distances.unknown') : formatDistance(distance, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
      <Text size="sm" c="dark.7">
        {t('distances.total', { distance: formatDistance(total, i18n.language) })}
      </Text>
    </>
  );
}
