import { Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { isSchoolDay, type AbsenceRun, type SchoolCalendar } from '@school-transport/contracts';
import { useDayPickerProps } from '../DayPicker/use-day-picker-props.js';
import type { AbsenceLength, AbsenceValues } from './absence-form.js';

/**
 * The Not riding fields, the family's and the office's (for a family that phoned): one day or a
 * range, the run, and an optional reason. Days before `firstDay` (today, in Bahrain) cannot be picked,
 * nor, given the `calendar`, a day without a run (outside the school week, a no-service date): the
 * server would refuse it.
 */
export function AbsenceFields({
  form,
  runs,
  firstDay,
  calendar: school,
}: {
  form: UseFormReturnType<AbsenceValues>;
  runs: AbsenceRun[];
  firstDay: string;
  calendar?: SchoolCalendar;
}) {
  const { t } = useTranslation('parentDay');
  const { length, from, to } = form.values;
  const dayPicker = useDayPickerProps(firstDay);
  const calendar = {
    ...dayPicker,
    excludeDate: school ? (day: string) => !isSchoolDay(school, day.slice(0, 10)) : undefined,
    error: form.errors.from,
    withAsterisk: true,
  };
  const setLength = (next: string) => {
    form.setValues({ length: next as AbsenceLength, to: '' });
    form.clearFieldError('from');
  };

  return (
    <Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="absence-length">
          {t('dialog.length')}
        </Text>
        <SegmentedControl
          aria-labelledby="absence-length"
          fullWidth
          value={length}
          onChange={setLength}
          data={[
            { value: 'day', label: t('dialog.oneDay') },
            { value: 'range', label: t('dialog.severalDays') },
          ]}
        />
      </Stack>
      {length === 'day' ? (
        <DatePickerInput
          {...calendar}
          label={t('dialog.day')}
          placeholder={t('dialog.dayPlaceholder')}
          value={from || null}
          onChange={(day) => {
            form.setFieldValue('from', day ?? '');
            form.clearFieldError('from');
          }}
        />
      ) : (
        <DatePickerInput
          {...calendar}
          type="range"
          allowSingleDateInRange
          label={t('dialog.days')}
          description={t('dialog.daysHint')}
          placeholder={t('dialog.daysPlaceholder')}
          value={[from || null, to || null]}
          onChange={([first, last]) => {
            form.setValues({ from: first ?? '', to: last ?? '' });
            form.clearFieldError('from');
          }}
        />
      )}
      <Radio.Group label={t('dialog.run')} withAsterisk {...form.getInputProps('run')}>
        <Stack gap="xs" mt={6}>
          {runs.map((run) => (
            <Radio key={run} value={run} label={t(`absences.run.${run}`)} styles={{ body: { minHeight: 32, alignItems: 'center' } }} />
          ))}
        </Stack>
      </Radio.Group>
      <TextInput label={t('dialog.reason')} placeholder={t('dialog.reasonPlaceholder')} maxLength={200} {...form.getInputProps('reason')} />
    </Stack>
  );
}
