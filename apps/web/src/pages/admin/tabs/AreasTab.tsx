import { useState } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminArea } from '@school-transport/contracts';
import { trpc } from '../../../trpc.js';
import { AreaFormModal } from '../../../components/AdminAreaForm/AreaFormModal.js';
import { refreshAdminData, useAreas } from '../../../queries/admin-queries.js';
import { ListState } from './ListState.js';
import { formatAmount } from '../../../i18n/format.js';
import { EntityRowActions, EntityTabHeader, StatusBadge } from './EntityTab.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { TableScrollRegion } from '../../../components/TableScrollRegion/TableScrollRegion.js';

/** Areas: monthly price in BHD, roundabout count, add, edit, deactivate and reactivate. */
export function AreasTab() {
  const { t, i18n } = useTranslation('admin');
  const areas = useAreas();
  const [editing, setEditing] = useState<AdminArea | null | undefined>(undefined);
  const setActive = useMutation(trpc.admin.areas.update.mutationOptions());
  const all = areas.data?.areas ?? [];

  const toggleActive = (area: AdminArea) =>
    runAdminChange(
      () => setActive.mutateAsync({ id: area.id, name: area.name, price: area.price, roundaboutCount: area.roundaboutCount, active: !area.active }),
      { success: () => ({ title: area.active ? t('areas.deactivated') : t('areas.reactivated'), message: area.name }), failure: t('areas.saveFailed') },
      { after: refreshAdminData },
    );

  return (
    <Stack>
      <EntityTabHeader title={t('areas.title')} addLabel={t('areas.add')} onAdd={() => setEditing(null)} total={all.length} />
      <ListState query={areas}>
        {all.length === 0 ? (
          <Text c="dimmed">{t('areas.empty')}</Text>
        ) : (
          <TableScrollRegion label={t('areas.title')} minWidth={700} pinLastColumn>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('areas.id')}</Table.Th>
                  <Table.Th>{t('areas.name')}</Table.Th>
                  <Table.Th>{t('areas.price')}</Table.Th>
                  <Table.Th>{t('areas.roundaboutCount')}</Table.Th>
                  <Table.Th>{t('common.students')}</Table.Th>
                  <Table.Th>{t('common.status')}</Table.Th>
                  <Table.Th>{t('common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {all.map((area) => (
                  <Table.Tr key={area.id}>
                    <Table.Td>{area.id}</Table.Td>
                    <Table.Td>{area.name}</Table.Td>
                    <Table.Td>{t('areas.priceShown', { price: formatAmount(area.price, i18n.language) })}</Table.Td>
                    <Table.Td>{area.roundaboutCount}</Table.Td>
                    <Table.Td>{area.studentCount}</Table.Td>
                    <Table.Td>
                      <StatusBadge active={area.active} />
                    </Table.Td>
                    <Table.Td>
                      <EntityRowActions
                        name={area.name}
                        active={area.active}
                        onEdit={() => setEditing(area)}
                        onToggle={() => void toggleActive(area)}
                        pending={setActive.isPending}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
      </ListState>
      {editing !== undefined && <AreaFormModal area={editing} onClose={() => setEditing(undefined)} onSaved={refreshAdminData} />}
    </Stack>
  );
}
