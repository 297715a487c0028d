import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOverview } from '../../../queries/admin-queries.js';
import { ListState } from './ListState.js';

/** Spec's dashboard cards: total students, paid students, schools, drivers; and the students without a driver. */
export function OverviewTab() {
  const { t } = useTranslation('admin');
  const { t: ta } = useTranslation('analytics');
  const overview = useOverview();
  const cards = overview.data
    ? [
        { label: t('overview.totalStudents'), value: overview.data.totalStudents },
        { label: t('overview.paidStudents'), value: overview.data.paidStudents },
        { label: t('overview.schools'), value: overview.data.schools },
        { label: t('overview.drivers'), value: overview.data.drivers },
        { label: ta('dashboard.unassigned'), value: overview.data.unassignedStudents },
      ]
    : [];
  return (
    <Stack>
      <Title order={2}>{t('overview.title')}</Title>
      <ListState query={overview}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }}>
          {cards.map((card) => (
            <Card key={card.label} withBorder padding="lg" role="group" aria-label={card.label}>
              <Text size="sm" c="dimmed">
                {card.label}
              </Text>
              <Text fz={32} fw={700}>
                {card.value}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </ListState>
    </Stack>
  );
}
