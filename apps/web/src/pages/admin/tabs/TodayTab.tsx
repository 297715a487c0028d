import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useTranslation } from 'react-i18next';
import { bahrainToday, type AdminRun } from '@school-transport/contracts';
import { useDayAbsences, useOfficeRuns, refreshOfficeDay } from '../../../queries/school-day-queries.js';
import { ListState } from './ListState.js';
import { RunsTable } from './today/RunsTable.js';
import { DayAbsencesTable } from './today/DayAbsencesTable.js';
import { RecordAbsenceModal } from './today/RecordAbsenceModal.js';
import { SubstituteModal } from './today/SubstituteModal.js';
import { ActForDriverModal } from './today/ActForDriverModal.js';
import { usePhoneScreen } from '../../../components/AdminDialog/use-phone-screen.js';
import { formatDate } from '../../../i18n/format.js';
import { datePickerLanguage } from '../../../i18n/date-picker.js';

/**
 * Today: every driver's runs of a day with their counts (an overdue run in red, first), the day's
 * absences with Cancel, Record absence for a family that phoned, a substitute for one day's run, and
 * the office acting for a driver whose phone is dead (marks and End run, today).
 * Another day is a pick of the date away (Bahrain's dates).
 */
export function TodayTab() {
  const { t, i18n } = useTranslation('officeDay');
  const phone = usePhoneScreen();
  const today = bahrainToday(new Date());
  const [date, setDate] = useState(today);
  const [dialog, setDialog] = useState<{ kind: 'record' } | { kind: 'substitute' | 'act'; run: AdminRun } | null>(null);
  const runs = useOfficeRuns(date);
  const absences = useDayAbsences(date);

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed" size="sm">
            {t('intro')}
          </Text>
        </div>
        <Button
          variant="default"
          mih={44}
          onClick={() => void refreshOfficeDay()}
          loading={(runs.isFetching && !runs.isLoading) || (absences.isFetching && !absences.isLoading)}
        >
          {t('refresh')}
        </Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <DatePickerInput
          label={t('date')}
          placeholder={t('datePlaceholder')}
          {...datePickerLanguage(i18n.language)}
          weekendDays={[]}
          firstDayOfWeek={0}
          value={date}
          onChange={(picked) => setDate(picked ?? today)}
          ariaLabels={{
            previousMonth: t('calendar.previousMonth'),
            nextMonth: t('calendar.nextMonth'),
            previousYear: t('calendar.previousYear'),
            nextYear: t('calendar.nextYear'),
            previousDecade: t('calendar.previousDecade'),
            nextDecade: t('calendar.nextDecade'),
            monthLevelControl: t('calendar.chooseMonth'),
            yearLevelControl: t('calendar.chooseYear'),
          }}
          w={{ base: '100%', xs: 220 }}
          styles={phone ? { input: { minHeight: 44 } } : undefined}
        />
        {date !== today && (
          <Button variant="subtle" mih={44} onClick={() => setDate(today)}>
            {t('today')}
          </Button>
        )}
      </Group>
      {date !== today && (
        <Alert color="gray" variant="light" p="xs">
          {t('otherDay', { date: formatDate(date, i18n.language, 'long') })}
        </Alert>
      )}

      <Title order={3} size="h4">
        {t('runs.title')}
      </Title>
      <ListState query={runs}>
        <RunsTable
          runs={runs.data?.runs ?? []}
          fetching={runs.isFetching}
          onSubstitute={date >= today ? (run) => setDialog({ kind: 'substitute', run }) : undefined}
          onActForDriver={date === today ? (run) => setDialog({ kind: 'act', run }) : undefined}
        />
      </ListState>

      <Group justify="space-between" align="center">
        <Title order={3} size="h4">
          {t('absences.title')}
        </Title>
        <Button mih={44} onClick={() => setDialog({ kind: 'record' })}>
          {t('absences.record')}
        </Button>
      </Group>
      <ListState query={absences}>
        <DayAbsencesTable absences={absences.data?.absences ?? []} fetching={absences.isFetching} />
      </ListState>

      {dialog?.kind === 'record' && <RecordAbsenceModal firstDay={date >= today ? date : today} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'substitute' && <SubstituteModal run={dialog.run} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'act' && <ActForDriverModal run={dialog.run} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
