import { BarChart, DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminStatistics, StatisticsGroup } from '@school-transport/contracts';
import { formatAmount } from '../../../i18n/format.js';

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * A ranked bar per school or driver, with the name and count written above it: long names stay
 * readable at 360 px, and the figures are text for screen readers.
 */
function GroupBars({ groups }: { groups: StatisticsGroup[] }) {
  const { t } = useTranslation('analytics');
  const most = Math.max(1, ...groups.map((group) => group.students));
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {groups.map((group) => {
        const name = group.active ? group.name : t('tab.inactive', { name: group.name });
        return (
          <li key={group.id}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" truncate="end">
                {name}
              </Text>
              <Text size="sm" fw={600}>
                {group.students}
              </Text>
            </Group>
            <Progress value={(group.students / most) * 100} size="lg" radius="sm" color="blue" aria-hidden />
          </li>
        );
      })}
    </Stack>
  );
}

/** The charts of the Analytics tab: paid vs pending, and students per area, school and driver. */
export function AnalyticsCharts({ stats }: { stats: AdminStatistics }) {
  const { t, i18n } = useTranslation('analytics');
  const areaData = stats.byArea.map((area) => ({
    area: area.active ? area.name : t('tab.inactive', { name: area.name }),
    [t('tab.paid')]: area.paidStudents,
    [t('tab.pending')]: area.students - area.paidStudents,
  }));

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard title={t('tab.paidVsPending')}>
          <Group wrap="wrap" gap="lg" align="center">
            <DonutChart
              size={160}
              thickness={26}
              withTooltip={false}
              chartLabel={stats.totalStudents}
              data={[
                { name: t('tab.paid'), value: stats.paidStudents, color: 'teal.6' },
                { name: t('tab.pending'), value: stats.unpaidStudents, color: 'yellow.6' },
              ]}
              // Hidden from screen readers (the lines beside it say the same): no keyboard stop inside it either.
              pieChartProps={{ accessibilityLayer: false }}
              pieProps={{ rootTabIndex: -1 }}
              aria-hidden
            />
            <Stack gap={4}>
              <Text size="sm">
                <Text span c="teal.7" fw={700} aria-hidden>
                  ●{' '}
                </Text>
                {t('tab.paidLine', { count: stats.paidStudents, amount: formatAmount(stats.paidRevenue, i18n.language) })}
              </Text>
              <Text size="sm">
                <Text span c="yellow.7" fw={700} aria-hidden>
                  ●{' '}
                </Text>
                {t('tab.pendingLine', { count: stats.unpaidStudents, amount: formatAmount(stats.pendingRevenue, i18n.language) })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('tab.totalStudents', { count: stats.totalStudents })}
              </Text>
            </Stack>
          </Group>
        </ChartCard>
        <ChartCard title={t('tab.perArea')}>
          <BarChart
            h={Math.max(160, areaData.length * 44)}
            data={areaData}
            dataKey="area"
            type="stacked"
            orientation="vertical"
            withLegend
            yAxisProps={{ width: 110 }}
            xAxisProps={{ allowDecimals: false }}
            series={[
              { name: t('tab.paid'), color: 'teal.6' },
              { name: t('tab.pending'), color: 'yellow.6' },
            ]}
          />
          <GroupBarsTable groups={stats.byArea} />
        </ChartCard>
        <ChartCard title={t('tab.perSchool')}>
          <GroupBars groups={stats.bySchool} />
        </ChartCard>
        <ChartCard title={t('tab.perDriver')}>
          <GroupBars groups={stats.byDriver} />
          <Text size="sm" c="dimmed" mt="sm">
            {t('tab.unassignedLine', { count: stats.unassignedStudents })}
          </Text>
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}

/** The area chart's figures as text, for those who would rather read (and for screen readers). */
function GroupBarsTable({ groups }: { groups: StatisticsGroup[] }) {
  const { t, i18n } = useTranslation('analytics');
  return (
    <Stack gap={2} mt="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {groups.map((group) => (
        <Text key={group.id} component="li" size="sm">
          {t('tab.groupLine', { name: group.name, count: group.students, paid: group.paidStudents, amount: formatAmount(group.monthlyRevenue, i18n.language) })}
        </Text>
      ))}
    </Stack>
  );
}
