import { Card, Radio, Stack, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CLASSES, SERVICE_TYPES } from '@school-transport/contracts';
import type { RegistrationFormValues } from './form-values.js';
import { formatAmount } from '../../i18n/format.js';
import { gradeOptions } from '../../i18n/labels.js';
import { PasswordField } from '../PasswordField/PasswordField.js';
import { ChoiceField } from '../ChoiceField/ChoiceField.js';
import { FieldCell, FieldGrid } from '../FieldGrid/FieldGrid.js';

export interface AreaChoice {
  id: string;
  name: string;
  price: string;
  roundaboutCount: number;
}

interface RegistrationFieldsProps {
  form: UseFormReturnType<RegistrationFormValues>;
  schools: { id: string; name: string }[];
  areas: AreaChoice[];
  area: AreaChoice | undefined;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The four sections of the registration form, every field labelled as the spec names it. */
export function RegistrationFields({ form, schools, areas, area }: RegistrationFieldsProps) {
  const { t } = useTranslation('site');
  const price = area ? t('register.priceBhd', { price: formatAmount(area.price) }) : t('register.selectArea');
  const roundabouts = area?.roundaboutCount ?? 0;

  return (
    <Stack gap="lg">
      <Section title={t('register.studentSection')}>
        <FieldGrid>
          <FieldCell span={6}>
            <TextInput label={t('register.automatedId')} placeholder={t('register.automatedIdPlaceholder')} readOnly value="" />
          </FieldCell>
          <FieldCell span={6}>
            <ChoiceField
              label={t('register.school')}
              placeholder={t('register.schoolPlaceholder')}
              data={schools.map((school) => ({ value: school.id, label: school.name }))}
              withAsterisk
              {...form.getInputProps('schoolId')}
            />
          </FieldCell>
          <FieldCell span={4}>
            <TextInput label={t('register.firstName')} withAsterisk {...form.getInputProps('firstName')} />
          </FieldCell>
          <FieldCell span={4}>
            <TextInput label={t('register.fathersName')} withAsterisk {...form.getInputProps('fathersName')} />
          </FieldCell>
          <FieldCell span={4}>
            <TextInput label={t('register.lastName')} withAsterisk {...form.getInputProps('lastName')} />
          </FieldCell>
          <FieldCell span={4}>
            <ChoiceField
              label={t('register.grade')}
              placeholder={t('register.gradePlaceholder')}
              data={gradeOptions()}
              withAsterisk
              {...form.getInputProps('grade')}
            />
          </FieldCell>
          <FieldCell span={4}>
            <ChoiceField label={t('register.class')} placeholder={t('register.classPlaceholder')} data={CLASSES} clearable {...form.getInputProps('class')} />
          </FieldCell>
          <FieldCell span={4}>
            <TextInput label={t('register.studentSchoolId')} withAsterisk {...form.getInputProps('studentSchoolId')} />
          </FieldCell>
        </FieldGrid>
      </Section>

      <Section title={t('register.parentSection')}>
        <FieldGrid>
          <FieldCell span={6}>
            <TextInput label={t('register.parentName')} withAsterisk autoComplete="name" {...form.getInputProps('parentName')} />
          </FieldCell>
          <FieldCell span={6}>
            <TextInput label={t('register.parentEmail')} type="email" withAsterisk autoComplete="email" {...form.getInputProps('parentEmail')} />
          </FieldCell>
          <FieldCell span={6}>
            <TextInput
              label={t('register.parentPhone')}
              withAsterisk
              inputMode="numeric"
              maxLength={8}
              autoComplete="tel-national"
              {...form.getInputProps('parentPhone')}
            />
          </FieldCell>
          <FieldCell span={6}>
            <TextInput label={t('register.parentPhone2')} inputMode="numeric" maxLength={8} {...form.getInputProps('parentPhone2')} />
          </FieldCell>
          <FieldCell span={12}>
            <PasswordField
              label={t('register.password')}
              description={t('register.passwordHint')}
              withAsterisk
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
          </FieldCell>
        </FieldGrid>
      </Section>

      <Section title={t('register.serviceSection')}>
        <Radio.Group label={t('register.serviceType')} withAsterisk {...form.getInputProps('serviceType')}>
          <Stack gap="sm" mt="xs">
            {SERVICE_TYPES.map((serviceType) => (
              <Radio key={serviceType} value={serviceType} label={t(`register.service.${serviceType}`)} description={price} />
            ))}
          </Stack>
        </Radio.Group>
      </Section>

      <Section title={t('register.addressSection')}>
        <FieldGrid>
          <FieldCell span={roundabouts > 0 ? 6 : 12}>
            <ChoiceField
              label={t('register.area')}
              placeholder={t('register.areaPlaceholder')}
              data={areas.map((choice) => ({ value: choice.id, label: t('register.areaOption', { name: choice.name, price: formatAmount(choice.price) }) }))}
              withAsterisk
              {...form.getInputProps('areaId')}
              onChange={(value) => {
                form.setFieldValue('areaId', value);
                // A roundabout belongs to its area: a new area starts without one.
                form.setFieldValue('roundabout', null);
              }}
            />
          </FieldCell>
          {roundabouts > 0 && (
            <FieldCell span={6}>
              <ChoiceField
                label={t('register.roundabout')}
                placeholder={t('register.roundaboutPlaceholder')}
                data={Array.from({ length: roundabouts }, (_, index) => ({
                  value: String(index + 1),
                  label: t('register.roundaboutOption', { number: index + 1 }),
                }))}
                clearable
                {...form.getInputProps('roundabout')}
              />
            </FieldCell>
          )}
          <FieldCell span={3}>
            <TextInput label={t('register.block')} withAsterisk {...form.getInputProps('block')} />
          </FieldCell>
          <FieldCell span={3}>
            <TextInput label={t('register.road')} withAsterisk {...form.getInputProps('road')} />
          </FieldCell>
          <FieldCell span={3}>
            <TextInput label={t('register.houseBuilding')} withAsterisk {...form.getInputProps('houseBuilding')} />
          </FieldCell>
          <FieldCell span={3}>
            <TextInput label={t('register.flatHome')} {...form.getInputProps('flatHome')} />
          </FieldCell>
          <FieldCell span={12}>
            <TextInput label={t('register.address')} description={t('register.addressHint')} {...form.getInputProps('address')} />
          </FieldCell>
          <FieldCell span={12}>
            <TextInput label={t('register.address2')} {...form.getInputProps('address2')} />
          </FieldCell>
        </FieldGrid>
      </Section>
    </Stack>
  );
}
