import { Fieldset, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { companySettings, type CompanySettings } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../../trpc.js';
import { zodValidate } from '../../../forms/validation.js';
import { FormActions } from '../../../components/AdminForm/FormActions.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { refreshAdminData } from '../../../queries/admin-queries.js';
import { formatMonthName } from '../../../i18n/format.js';
import { ListState } from './ListState.js';
import { SchoolDaySettingsSection } from './settings/SchoolDaySettingsSection.js';
import { useFormFollows } from './settings/use-form-follows.js';

const EMPTY: CompanySettings = companySettings.parse({});

/** The company's contacts, social links and payment instructions, as the public pages show them. */
export function SettingsTab() {
  const { t } = useTranslation('admin');
  const { t: tf, i18n } = useTranslation('fees');
  const settings = useQuery({ ...trpc.admin.settings.get.queryOptions(), ...ADMIN_LIST_QUERY });
  const save = useMutation(trpc.admin.settings.update.mutationOptions());
  const form = useForm<CompanySettings>({ initialValues: EMPTY, validate: zodValidate(companySettings) });

  useFormFollows(form, settings.data?.settings);

  const submit = (values: CompanySettings) =>
    runAdminChange(
      () => save.mutateAsync(values),
      { success: () => ({ title: t('settings.saved') }), failure: t('settings.saveFailed') },
      { after: refreshAdminData, setErrors: form.setErrors },
    );

  const field = (
    key: Exclude<keyof CompanySettings, 'firstServiceMonth' | 'vatRatePercent' | 'vatNumber'>,
    extra: { inputMode?: 'numeric' | 'url'; maxLength?: number } = {},
  ) => <TextInput label={t(`settings.${key}`)} {...extra} {...form.getInputProps(key)} />;

  return (
    <Stack>
      <Title order={2}>{t('settings.title')}</Title>
      <Text c="dimmed">{t('settings.intro')}</Text>
      <ListState query={settings}>
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack maw={760}>
            <Fieldset legend={t('settings.company')}>
              <Stack>
                {field('companyName')}
                <Textarea label={t('settings.contactText')} autosize minRows={2} {...form.getInputProps('contactText')} />
              </Stack>
            </Fieldset>
            <Fieldset legend={t('settings.support')}>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {field('supportPhone1', { inputMode: 'numeric', maxLength: 8 })}
                {field('supportPhone2', { inputMode: 'numeric', maxLength: 8 })}
                {field('whatsappNumber', { inputMode: 'numeric', maxLength: 8 })}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend={t('settings.social')}>
              <Stack>
                {field('instagramUrl', { inputMode: 'url' })}
                {field('facebookUrl', { inputMode: 'url' })}
                {field('xUrl', { inputMode: 'url' })}
              </Stack>
            </Fieldset>
            <Fieldset legend={t('settings.payment')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {field('paymentBankAccount')}
                {field('paymentMobileNumber', { inputMode: 'numeric', maxLength: 8 })}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend={tf('settings.schoolYear')}>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Select
                  label={tf('settings.firstServiceMonth')}
                  allowDeselect={false}
                  data={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: formatMonthName(i + 1, i18n.language) }))}
                  value={String(form.values.firstServiceMonth)}
                  onChange={(value) => form.setFieldValue('firstServiceMonth', Number(value ?? 9))}
                  error={form.errors.firstServiceMonth}
                />
                <TextInput
                  label={tf('settings.vatRatePercent')}
                  description={tf('settings.vatRateHint')}
                  inputMode="decimal"
                  {...form.getInputProps('vatRatePercent')}
                />
                <TextInput label={tf('settings.vatNumber')} maxLength={40} {...form.getInputProps('vatNumber')} />
              </SimpleGrid>
            </Fieldset>
            <FormActions pending={save.isPending} />
          </Stack>
        </form>
      </ListState>
      <SchoolDaySettingsSection />
    </Stack>
  );
}
