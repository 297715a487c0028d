import { useState } from 'react';
import { Alert, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bahrainToday } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../../trpc.js';
import { ListState } from './ListState.js';
import { TableScrollRegion } from '../../../components/TableScrollRegion/TableScrollRegion.js';
import { datePickerLanguage } from '../../../i18n/date-picker.js';
import { formatAmountWithFils } from '../../../i18n/format.js';

/**
 * A day's reconciliation (a Bahrain date): what Tap captured, read from Tap, against what the
 * ledger booked; the difference and every charge on one side only or with other amounts are shown
 * in red, with why the server did not book it.
 */
export function ReconciliationSection() {
  const { t, i18n } = useTranslation('fees');
  const { t: tCalendar } = useTranslation('officeDay');
  const today = bahrainToday(new Date());
  const [date, setDate] = useState(today);
  const day = useQuery({ ...trpc.admin.fees.reconciliation.queryOptions({ date }), ...ADMIN_LIST_QUERY });
  const answer = day.data?.reconciliation;
  const amount = (value: string | null) => (value === null ? '—' : t('online.amount', { amount: formatAmountWithFils(value, i18n.language) }));
  const differs = answer ? Number(answer.differenceBhd) !== 0 : false;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('reconciliation.title')}
      </Title>
      <Group align="flex-end">
        <DatePickerInput
          label={t('reconciliation.date')}
          {...datePickerLanguage(i18n.language)}
          weekendDays={[]}
          firstDayOfWeek={0}
          ariaLabels={{
            previousMonth: tCalendar('calendar.previousMonth'),
            nextMonth: tCalendar('calendar.nextMonth'),
            previousYear: tCalendar('calendar.previousYear'),
            nextYear: tCalendar('calendar.nextYear'),
            previousDecade: tCalendar('calendar.previousDecade'),
            nextDecade: tCalendar('calendar.nextDecade'),
            monthLevelControl: tCalendar('calendar.chooseMonth'),
            yearLevelControl: tCalendar('calendar.chooseYear'),
          }}
          maxDate={today}
          value={date}
          onChange={(value) => setDate(value ?? today)}
          styles={{ input: { minHeight: 44 } }}
        />
      </Group>
      <ListState query={day}>
        {answer && (
          <Stack gap="sm" data-testid="reconciliation">
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <Text>
                {t('reconciliation.captured', { count: answer.captured.count, amount: formatAmountWithFils(answer.captured.totalBhd, i18n.language) })}
              </Text>
              <Text>{t('reconciliation.booked', { count: answer.booked.count, amount: formatAmountWithFils(answer.booked.totalBhd, i18n.language) })}</Text>
              <Text fw={700} c={differs ? 'red.9' : 'teal.9'} data-testid="reconciliation-difference">
                {t('reconciliation.difference', { amount: formatAmountWithFils(answer.differenceBhd, i18n.language) })}
              </Text>
            </SimpleGrid>
            {answer.differences.length === 0 ? (
              <Alert color="green">{t('reconciliation.agree')}</Alert>
            ) : (
              <TableScrollRegion label={t('reconciliation.differences')} minWidth={640}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('onlineOffice.charge')}</Table.Th>
                      <Table.Th>{t('reconciliation.capturedColumn')}</Table.Th>
                      <Table.Th>{t('reconciliation.bookedColumn')}</Table.Th>
                      <Table.Th>{t('reconciliation.why')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {answer.differences.map((difference) => (
                      <Table.Tr key={difference.chargeId} bg="red.0">
                        <Table.Td>
                          <Text size="sm" ff="monospace">
                            {difference.chargeId}
                          </Text>
                        </Table.Td>
                        <Table.Td>{amount(difference.capturedBhd)}</Table.Td>
                        <Table.Td>{amount(difference.bookedBhd)}</Table.Td>
                        <Table.Td>
                          <Text size="sm" c="red.9">
                            {difference.attention ?? '—'}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScrollRegion>
            )}
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
