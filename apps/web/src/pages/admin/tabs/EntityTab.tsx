import type { ReactNode } from 'react';
import { Button, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export { StatusBadge } from './StatusBadge.js';

/** The top of a reference-data tab (schools, areas, drivers): title, add button, and the total. */
export function EntityTabHeader({ title, addLabel, onAdd, total, children }: { title: string; addLabel: string; onAdd: () => void; total: number; children?: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        <Button onClick={onAdd}>{addLabel}</Button>
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

/** A row's Edit and Deactivate (or Reactivate) buttons. */
export function EntityRowActions({ name, active, onEdit, onToggle, pending }: { name: string; active: boolean; onEdit: () => void; onToggle: () => void; pending: boolean }) {
  const { t } = useTranslation('admin');
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
