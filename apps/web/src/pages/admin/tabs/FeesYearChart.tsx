import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { ActionIcon, Card, Group, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { addMonths } from '@school-transport/contracts';
import { useYearSummary } from '../../../queries/analytics-queries.js';
import { formatAmount, formatMonth } from '../../../i18n/format.js';
import { ListState } from './ListState.js';
import { TableScrollRegion } from '../../../components/TableScrollRegion/TableScrollRegion.js';

/** Money in fils-free cents, so the year's totals add up exactly. */
const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * Collected vs expected per service month of a school year, from the fee ledger: a bar chart and
 * the same figures as a table (readable at 360 px and by screen readers). The office can step to
 * the years before and after.
 */
export function FeesYearChart() {
  const { t, i18n } = useTranslation('analytics');
  // Any month of the shown school year; undefined is the school year running now.
  const [month, setMonth] = useState<string | undefined>(undefined);
  const summary = useYearSummary(month);
  const months = summary.data?.months ?? [];
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  const bhd = (hundredths: number) => formatAmount(hundredths / 100, i18n.language);
  const expected = months.reduce((sum, m) => sum + cents(m.expectedBhd), 0);
  const collected = months.reduce((sum, m) => sum + cents(m.collectedBhd), 0);
  const expectedName = t('feesYear.expected');
  const collectedName = t('feesYear.collected');
  const data = months.map((m) => ({
    month: formatMonth(m.month, i18n.language, 'short'),
    [expectedName]: Number(m.expectedBhd),
    [collectedName]: Number(m.collectedBhd),
  }));
  const years = first && last ? t('feesYear.years', { from: first.slice(0, 4), to: last.slice(0, 4) }) : '';

  return (
    <Card withBorder padding="lg" component="section" aria-label={t('feesYear.title')}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
        <Title order={3} size="h4">
          {t('feesYear.title')}
        </Title>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" size="xl" aria-label={t('feesYear.previous')} disabled={!first} onClick={() => first && setMonth(addMonths(first, -12))}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text size="sm" fw={600} miw={84} ta="center" aria-live="polite">
            {years}
          </Text>
          <ActionIcon variant="subtle" size="xl" aria-label={t('feesYear.next')} disabled={!first} onClick={() => first && setMonth(addMonths(first, 12))}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <ListState query={summary}>
        {expected === 0 && collected === 0 ? (
          <Text c="dimmed">{t('feesYear.empty')}</Text>
        ) : (
          <>
            <Text size="sm" mb="sm">
              {t('feesYear.total', { collected: bhd(collected), expected: bhd(expected) })}
            </Text>
            <BarChart
              h={260}
              data={data}
              dataKey="month"
              withLegend
              valueFormatter={(value) => formatAmount(value, i18n.language)}
              yAxisProps={{ width: 56 }}
              series={[
                { name: expectedName, color: 'gray.5' },
                { name: collectedName, color: 'teal.6' },
              ]}
              // Hidden from screen readers (the table below holds the figures): no keyboard stop inside it either.
              barChartProps={{ accessibilityLayer: false }}
              aria-hidden
            />
            <TableScrollRegion label={t('feesYear.table')} minWidth={300} mt="sm">
              <Table striped aria-label={t('feesYear.table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('feesYear.month')}</Table.Th>
                    <Table.Th ta="right">{expectedName}</Table.Th>
                    <Table.Th ta="right">{collectedName}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {months.map((m) => (
                    <Table.Tr key={m.month}>
                      <Table.Td>{formatMonth(m.month, i18n.language)}</Table.Td>
                      <Table.Td ta="right">{formatAmount(m.expectedBhd, i18n.language)}</Table.Td>
                      <Table.Td ta="right">{formatAmount(m.collectedBhd, i18n.language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScrollRegion>
          </>
        )}
      </ListState>
    </Card>
  );
}
