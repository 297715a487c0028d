import type { ReactNode } from 'react';
import { Button, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../auth/permissions.js';

export { StatusBadge } from './StatusBadge.js';

/**
 * The top of a reference-data tab (schools, areas, drivers): title, add button, and the total.
 * Adding and editing them (prices, driver sign-ins) is the admins': staff see the lists only.
 */
export function EntityTabHeader({
  title,
  addLabel,
  onAdd,
  total,
  children,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  total: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const canManage = useCan()('catalog.manage');
  return (
    <>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        {canManage && <Button onClick={onAdd}>{addLabel}</Button>}
      </Group>
      <Group justify="space-between" align="flex-end">
        {children ?? <span />}
        <Text c="dimmed" size="sm">
          {t('common.total', { count: total })}
        </Text>
      </Group>
    </>
  );
}

/** A row's Edit and Deactivate (or Reactivate) buttons, for a role that may change the reference data. */
export function EntityRowActions({
  name,
  active,
  onEdit,
  onToggle,
  pending,
}: {
  name: string;
  active: boolean;
  onEdit: () => void;
  onToggle: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation('admin');
  const canManage = useCan()('catalog.manage');
  if (!canManage) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={onEdit} aria-label={`${t('common.edit')} ${name}`}>
        {t('common.edit')}
      </Button>
      <Button size="xs" variant="subtle" color={active ? 'red' : 'green'} onClick={onToggle} disabled={pending}>
        {active ? t('common.deactivate') : t('common.reactivate')}
      </Button>
    </Group>
  );
}
