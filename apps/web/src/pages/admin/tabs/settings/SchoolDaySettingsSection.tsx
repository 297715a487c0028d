import { ActionIcon, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, schoolDaySettings, type SchoolDaySettings } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../../../trpc.js';
import { zodValidate } from '../../../../forms/validation.js';
import { FormActions } from '../../../../components/AdminForm/FormActions.js';
import { runAdminChange } from '../../../../components/AdminForm/run-admin-change.js';
import { refreshAdminData } from '../../../../queries/admin-queries.js';
import { refreshOfficeDay } from '../../../../queries/school-day-queries.js';
import { ListState } from '../ListState.js';
import { useFormFollows } from './use-form-follows.js';

/** The hours field is typed as text; the contract turns it into a whole number. */
type SchoolDayForm = Omit<SchoolDaySettings, 'overdueAfterHours'> & { overdueAfterHours: number | string };

const DEFAULTS: SchoolDayForm = schoolDaySettings.parse({});
const TIME_FIELDS = ['morningStart', 'morningEnd', 'afternoonStart', 'afternoonEnd'] as const;

/**
 * The school day's settings: the school week, the holidays and closures without a bus, the planned
 * times of the two runs (the cut-off for absences and the overdue alert follow them) and where the
 * overdue alert goes. Saved apart from the company's settings: the alert phone is not public.
 */
export function SchoolDaySettingsSection() {
  const { t } = useTranslation('officeDay');
  const settings = useQuery({ ...trpc.admin.schoolDay.settings.queryOptions(), ...ADMIN_LIST_QUERY });
  const save = useMutation(trpc.admin.schoolDay.updateSettings.mutationOptions());
  const form = useForm<SchoolDayForm>({ initialValues: DEFAULTS, validate: zodValidate(schoolDaySettings) });

  useFormFollows(form, settings.data?.settings);

  const submit = (values: SchoolDayForm) =>
    runAdminChange(
      () => save.mutateAsync(values),
      { success: () => ({ title: t('settings.saved') }), failure: t('settings.saveFailed') },
      {
        after: async () => {
          await Promise.all([refreshAdminData(), refreshOfficeDay()]);
        },
        setErrors: form.setErrors,
      },
    );

  const dates = form.values.noServiceDates;
  return (
    <Stack maw={760} component="section" aria-labelledby="school-day-settings-title">
      <Title order={3} id="school-day-settings-title">
        {t('settings.title')}
      </Title>
      <Text c="dimmed">{t('settings.intro')}</Text>
      <Text size="sm">{t('settings.handoverPointer')}</Text>
      <ListState query={settings}>
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack>
            <Checkbox.Group
              label={t('settings.schoolDays')}
              value={form.values.schoolDays}
              onChange={(value) =>
                form.setFieldValue(
                  'schoolDays',
                  WEEKDAYS.filter((day) => value.includes(day)),
                )
              }
              error={form.errors.schoolDays}
            >
              <Group mt="xs" gap="md">
                {WEEKDAYS.map((day) => (
                  <Checkbox key={day} value={day} label={t(`settings.weekday.${day}`)} />
                ))}
              </Group>
            </Checkbox.Group>

            <Fieldset legend={t('settings.noService')}>
              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  {t('settings.noServiceHint')}
                </Text>
                {dates.length === 0 && <Text size="sm">{t('settings.noServiceEmpty')}</Text>}
                {dates.map((entry, index) => (
                  // On a phone the name goes under the date, with room to read it.
                  <Group key={index} align="flex-end" gap="xs">
                    <TextInput type="date" label={t('settings.noServiceDate')} w={160} {...form.getInputProps(`noServiceDates.${index}.date`)} />
                    <Group align="flex-end" gap="xs" wrap="nowrap" style={{ flex: '1 1 200px' }}>
                      <TextInput
                        label={t('settings.noServiceName')}
                        maxLength={80}
                        style={{ flex: 1, minWidth: 0 }}
                        {...form.getInputProps(`noServiceDates.${index}.name`)}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size={44}
                        mb={form.errors[`noServiceDates.${index}.name`] ? 22 : 0}
                        aria-label={t('settings.removeNoService', { name: entry.name || entry.date || String(index + 1) })}
                        onClick={() => form.removeListItem('noServiceDates', index)}
                      >
                        <span aria-hidden="true">×</span>
                      </ActionIcon>
                    </Group>
                  </Group>
                ))}
                {form.errors.noServiceDates && (
                  <Text size="sm" c="red.8" role="alert">
                    {form.errors.noServiceDates}
                  </Text>
                )}
                <Group>
                  <Button variant="light" mih={44} onClick={() => form.insertListItem('noServiceDates', { date: '', name: '' })}>
                    {t('settings.addNoService')}
                  </Button>
                </Group>
              </Stack>
            </Fieldset>

            <Fieldset legend={t('settings.plannedTimes')}>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {TIME_FIELDS.map((key) => (
                  <TextInput key={key} type="time" label={t(`settings.${key}`)} {...form.getInputProps(key)} />
                ))}
              </SimpleGrid>
            </Fieldset>

            <Fieldset legend={t('settings.alert')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('settings.officeAlertPhone')}
                  description={t('settings.officeAlertPhoneHint')}
                  inputMode="numeric"
                  maxLength={8}
                  {...form.getInputProps('officeAlertPhone')}
                />
                <TextInput
                  label={t('settings.overdueAfterHours')}
                  description={t('settings.overdueAfterHoursHint')}
                  inputMode="numeric"
                  maxLength={2}
                  {...form.getInputProps('overdueAfterHours')}
                />
              </SimpleGrid>
            </Fieldset>
            <FormActions pending={save.isPending} />
          </Stack>
        </form>
      </ListState>
    </Stack>
  );
}
