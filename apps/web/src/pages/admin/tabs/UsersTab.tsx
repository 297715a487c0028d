import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OfficeUser } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../../trpc.js';
import { useSession } from '../../../auth/session.js';
import { formatDateTime } from '../../../i18n/format.js';
import { UserFormModal } from '../../../components/AdminUserForm/UserFormModal.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { TableScrollRegion } from '../../../components/TableScrollRegion/TableScrollRegion.js';
import { refreshAdminData } from '../../../queries/admin-queries.js';
import { ListState } from './ListState.js';
import { StatusBadge } from './StatusBadge.js';

/**
 * The office's own accounts, for admins: who signs in (name, email, role, active, last sign-in),
 * adding an admin or staff member, renaming, changing a role, deactivating (the server signs the
 * person out at once) and reactivating. The last active admin stays: the server answers 409.
 */
export function UsersTab() {
  const { t, i18n } = useTranslation('users');
  const { user: me } = useSession();
  const users = useQuery({ ...trpc.admin.users.list.queryOptions(), ...ADMIN_LIST_QUERY });
  const setActive = useMutation(trpc.admin.users.update.mutationOptions());
  const [editing, setEditing] = useState<OfficeUser | null | undefined>(undefined);
  const all = users.data?.users ?? [];

  const toggleActive = (user: OfficeUser) =>
    runAdminChange(
      () => setActive.mutateAsync({ id: user.id, active: !user.active }),
      { success: () => ({ title: user.active ? t('deactivated') : t('reactivated'), message: user.name }), failure: t('saveFailed') },
      { after: refreshAdminData },
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Button onClick={() => setEditing(null)}>{t('add')}</Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('intro')}
      </Text>
      <ListState query={users}>
        {all.length === 0 ? (
          <Text c="dimmed">{t('empty')}</Text>
        ) : (
          <TableScrollRegion label={t('title')} minWidth={760} pinLastColumn>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('name')}</Table.Th>
                  <Table.Th>{t('email')}</Table.Th>
                  <Table.Th>{t('role')}</Table.Th>
                  <Table.Th>{t('active')}</Table.Th>
                  <Table.Th>{t('lastSignIn')}</Table.Th>
                  <Table.Th>{t('edit')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {all.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      {user.name}
                      {user.id === me?.id && (
                        <Text span c="dimmed" size="sm">
                          {' '}
                          ({t('you')})
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={user.role === 'admin' ? 'blue' : 'gray'}>
                        {t(`roles.${user.role}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge active={user.active} />
                    </Table.Td>
                    <Table.Td>{user.lastSignInAt ? formatDateTime(user.lastSignInAt, i18n.language) : t('never')}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setEditing(user)} aria-label={t('editLabel', { name: user.name })}>
                          {t('edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color={user.active ? 'red' : 'green'}
                          disabled={setActive.isPending}
                          onClick={() => void toggleActive(user)}
                          aria-label={user.active ? t('deactivateLabel', { name: user.name }) : t('reactivateLabel', { name: user.name })}
                        >
                          {user.active ? t('deactivate') : t('reactivate')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
      </ListState>
      {editing !== undefined && <UserFormModal user={editing} onClose={() => setEditing(undefined)} onSaved={refreshAdminData} />}
    </Stack>
  );
}
