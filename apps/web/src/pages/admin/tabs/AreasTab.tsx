import { useState } from 'react';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminArea } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../../trpc.js';
import { notify } from '../../../notify.js';
import { AreaFormModal } from '../../../components/AdminAreaForm/AreaFormModal.js';
import { refreshAdminData, useAreas } from '../adminQueries.js';
import { ListState } from './ListState.js';
import { StatusBadge } from './StatusBadge.js';

/** Areas: monthly price in BHD, roundabout count, add, edit, deactivate and reactivate. */
export function AreasTab() {
  const { t } = useTranslation('admin');
  const areas = useAreas();
  const [editing, setEditing] = useState<AdminArea | null | undefined>(undefined);
  const setActive = useMutation(trpc.admin.areas.update.mutationOptions());
  const all = areas.data?.areas ?? [];

  const toggleActive = async (area: AdminArea) => {
    try {
      await setActive.mutateAsync({ id: area.id, name: area.name, price: area.price, roundaboutCount: area.roundaboutCount, active: !area.active });
      notify({ title: area.active ? t('areas.deactivated') : t('areas.reactivated'), message: area.name });
      await refreshAdminData();
    } catch (error) {
      notify({ title: t('areas.saveFailed'), message: errorMessage(error, t('areas.saveFailed')), variant: 'destructive' });
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('areas.title')}</Title>
        <Button onClick={() => setEditing(null)}>{t('areas.add')}</Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('common.total', { count: all.length })}
      </Text>
      <ListState query={areas}>
        {all.length === 0 ? (
          <Text c="dimmed">{t('areas.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={700}>
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
                    <Table.Td>{t('areas.priceShown', { price: area.price })}</Table.Td>
                    <Table.Td>{area.roundaboutCount}</Table.Td>
                    <Table.Td>{area.studentCount}</Table.Td>
                    <Table.Td>
                      <StatusBadge active={area.active} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setEditing(area)} aria-label={`${t('common.edit')} ${area.name}`}>
                          {t('common.edit')}
                        </Button>
                        <Button size="xs" variant="subtle" color={area.active ? 'red' : 'green'} onClick={() => void toggleActive(area)} disabled={setActive.isPending}>
                          {area.active ? t('common.deactivate') : t('common.reactivate')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListState>
      {editing !== undefined && <AreaFormModal area={editing} onClose={() => setEditing(undefined)} onSaved={refreshAdminData} />}
    </Stack>
  );
}
