import { useState } from 'react';
import { Anchor, Button, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../trpc.js';
import { formatDateTime } from '../../../i18n/format.js';
import { ListState } from './ListState.js';

const PAGE = 25;

/**
 * Who in the office looked at which child (a child's record, the bus carrying them on the Live map,
 * a run's trail), newest first: the admin filters by person, and by child by choosing a child's
 * name in the list. The family's own download holds the same entries for its children.
 */
export function RecordViewsSection() {
  const { t, i18n } = useTranslation('admin');
  const [viewerUserId, setViewer] = useState<string | null>(null);
  const [child, setChild] = useState<{ id: string; name: string } | null>(null);
  const [shown, setShown] = useState(PAGE);
  const users = useQuery(trpc.admin.users.list.queryOptions());
  const views = useQuery({
    ...trpc.admin.dataRights.recordViews.queryOptions({ viewerUserId: viewerUserId ?? undefined, studentId: child?.id, page: 1, pageSize: shown }),
    placeholderData: keepPreviousData,
  });
  const people = (users.data?.users ?? []).map((user) => ({ value: user.id, label: user.name }));

  return (
    <Stack gap="xs" mt="lg">
      <Title order={3} size="h4">
        {t('erasure.views.title')}
      </Title>
      <Text size="sm">{t('erasure.views.hint')}</Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('erasure.views.person')}
          placeholder={t('erasure.views.everyone')}
          data={people}
          value={viewerUserId}
          onChange={setViewer}
          clearable
          searchable
          w={240}
        />
        {child && (
          <Button variant="light" mih={44} onClick={() => setChild(null)}>
            {t('erasure.views.clearChild', { name: child.name })}
          </Button>
        )}
      </Group>
      <ListState query={views}>
        {views.data?.views.length === 0 ? (
          <Text c="dimmed">{t('erasure.views.none')}</Text>
        ) : (
          <List spacing={4} size="sm" listStyleType="none" aria-label={t('erasure.views.title')}>
            {views.data?.views.map((view, index) => (
              <List.Item key={`${view.at}-${view.student.id}-${index}`}>
                {formatDateTime(view.at, i18n.language)} · {view.viewer.name ?? t('erasure.views.removedAccount')} · {t(`erasure.views.what.${view.what}`)} ·{' '}
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setChild(view.student)}
                  aria-label={t('erasure.views.onlyChild', { name: view.student.name })}
                >
                  {view.student.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
        {views.data && views.data.total > shown && (
          <Button variant="default" mih={44} onClick={() => setShown(shown + PAGE)}>
            {t('erasure.views.more', { shown, total: views.data.total })}
          </Button>
        )}
      </ListState>
    </Stack>
  );
}
