import { useMemo, useState } from 'react';
import { Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminSchool } from '@school-transport/contracts';
import { trpc } from '../../../trpc.js';
import { SchoolFormModal } from '../../../components/AdminSchoolForm/SchoolFormModal.js';
import { refreshAdminData, useSchools } from '../../../queries/admin-queries.js';
import { ListState } from './ListState.js';
import { EntityRowActions, EntityTabHeader, StatusBadge } from './EntityTab.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { TableScrollRegion } from '../../../components/TableScrollRegion/TableScrollRegion.js';

/** Schools: search, add, edit, deactivate and reactivate. */
export function SchoolsTab() {
  const { t } = useTranslation('admin');
  const schools = useSchools();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminSchool | null | undefined>(undefined);
  const setActive = useMutation(trpc.admin.schools.update.mutationOptions());

  const all = useMemo(() => schools.data?.schools ?? [], [schools.data]);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle) return all;
    return all.filter((school) =>
      [school.name, school.schoolCode, school.contactName ?? '', school.address ?? ''].some((text) => text.toLowerCase().includes(needle)),
    );
  }, [all, search]);

  const toggleActive = (school: AdminSchool) => {
    const { id, schoolCode, name, address, contactName, contactPhone } = school;
    return runAdminChange(
      () => setActive.mutateAsync({ id, schoolCode, name, address, contactName, contactPhone, active: !school.active }),
      { success: () => ({ title: school.active ? t('schools.deactivated') : t('schools.reactivated'), message: name }), failure: t('schools.saveFailed') },
      { after: refreshAdminData },
    );
  };

  return (
    <Stack>
      <EntityTabHeader title={t('schools.title')} addLabel={t('schools.add')} onAdd={() => setEditing(null)} total={all.length}>
        <TextInput
          label={t('schools.search')}
          placeholder={t('schools.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
        />
      </EntityTabHeader>
      <ListState query={schools}>
        {shown.length === 0 ? (
          <Text c="dimmed">{all.length === 0 ? t('schools.empty') : t('schools.noMatch')}</Text>
        ) : (
          <TableScrollRegion label={t('schools.title')} minWidth={800} pinLastColumn>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('schools.schoolCode')}</Table.Th>
                  <Table.Th>{t('schools.name')}</Table.Th>
                  <Table.Th>{t('schools.address')}</Table.Th>
                  <Table.Th>{t('schools.contactName')}</Table.Th>
                  <Table.Th>{t('schools.contactPhone')}</Table.Th>
                  <Table.Th>{t('common.students')}</Table.Th>
                  <Table.Th>{t('common.status')}</Table.Th>
                  <Table.Th>{t('common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((school) => (
                  <Table.Tr key={school.id}>
                    <Table.Td>{school.schoolCode}</Table.Td>
                    <Table.Td>{school.name}</Table.Td>
                    <Table.Td>{school.address ?? t('common.none')}</Table.Td>
                    <Table.Td>{school.contactName ?? t('common.none')}</Table.Td>
                    <Table.Td>{school.contactPhone ?? t('common.none')}</Table.Td>
                    <Table.Td>{school.studentCount}</Table.Td>
                    <Table.Td>
                      <StatusBadge active={school.active} />
                    </Table.Td>
                    <Table.Td>
                      <EntityRowActions
                        name={school.name}
                        active={school.active}
                        onEdit={() => setEditing(school)}
                        onToggle={() => void toggleActive(school)}
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
      {editing !== undefined && <SchoolFormModal school={editing} onClose={() => setEditing(undefined)} onSaved={refreshAdminData} />}
    </Stack>
  );
}
