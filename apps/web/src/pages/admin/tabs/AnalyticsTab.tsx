import { lazy, Suspense, type ReactNode } from 'react';
import { Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStatistics } from '../../../queries/analytics-queries.js';
import { formatAmount, formatMonth } from '../../../i18n/format.js';
import { ListState } from './ListState.js';

// The charts (recharts) load after the figures, so the numbers show at once.
const AnalyticsCharts = lazy(() => import('./AnalyticsCharts.js').then((module) => ({ default: module.AnalyticsCharts })));
const FeesYearChart = lazy(() => import('./FeesYearChart.js').then((module) => ({ default: module.FeesYearChart })));

function ChartLoading() {
  const { t } = useTranslation('analytics');
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm">{t('tab.chartLoading')}</Text>
      </Group>
    </Center>
  );
}

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card withBorder padding="lg" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** Analytics from the data: registrations this and last month, growth, expected revenue, the breakdowns, and the fees of the school year. */
export function AnalyticsTab() {
  const { t, i18n } = useTranslation('analytics');
  const statistics = useStatistics();
  const stats = statistics.data;
  const monthName = (day: string) => formatMonth(day, i18n.language);
  const growth = stats?.growthPercent;

  return (
    <Stack>
      <Title order={2}>{t('tab.title')}</Title>
      <ListState query={statistics}>
        {stats && (
          <Stack>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <Figure label={t('tab.thisMonth')} value={stats.studentsThisMonth} hint={monthName(stats.thisMonthStart)} />
              <Figure label={t('tab.lastMonth')} value={stats.studentsLastMonth} hint={monthName(stats.lastMonthStart)} />
              <Figure
                label={t('tab.growth')}
                value={
                  growth === null || growth === undefined ? (
                    '—'
                  ) : (
                    <Text span inherit c={growth > 0 ? 'teal' : growth < 0 ? 'red' : undefined}>
                      {t('tab.growthValue', { value: growth > 0 ? `+${growth}` : String(growth) })}
                    </Text>
                  )
                }
                hint={growth === null ? t('tab.growthNone') : undefined}
              />
              <Figure
                label={t('tab.revenue')}
                value={t('tab.amount', { amount: formatAmount(stats.monthlyRevenue, i18n.language) })}
                hint={t('tab.revenueHint')}
              />
            </SimpleGrid>
            {stats.totalStudents === 0 ? (
              <Text c="dimmed">{t('tab.noStudents')}</Text>
            ) : (
              <Suspense fallback={<ChartLoading />}>
                <AnalyticsCharts stats={stats} />
              </Suspense>
            )}
            <Suspense fallback={<ChartLoading />}>
              <FeesYearChart />
            </Suspense>
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
