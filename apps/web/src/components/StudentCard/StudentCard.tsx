import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@school-transport/api';

export type ParentStudent = inferRouterOutputs<AppRouter>['parent']['students']['students'][number];

/** One student on the parent dashboard (spec section 2): who, where, which service, the fee and the driver. */
export function StudentCard({ student }: { student: ParentStudent }) {
  const { t } = useTranslation('parent');
  const name = `${student.firstName} ${student.fathersName} ${student.lastName}`;
  const row = (label: string, value: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={name}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={3} size="h4">
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('card.automatedId', { id: student.automatedId })}
          </Text>
        </div>
        {student.driver ? (
          <Badge color="green">{t('card.activeService')}</Badge>
        ) : (
          <Badge color="yellow">{t('card.driverNotAssigned')}</Badge>
        )}
      </Group>
      <Stack gap={6}>
        {row(t('card.school'), student.schoolName)}
        {row(t('card.grade'), student.class ? `${student.grade} ${student.class}` : student.grade)}
        {row(t('card.service'), t(`service.${student.serviceType}`))}
        {row(t('card.monthlyFee'), t('card.fee', { price: student.priceBhd }))}
        {row(t('card.driver'), student.driver ? `${student.driver.name} · ${student.driver.phone}` : t('card.driverNotAssigned'))}
        {row(t('card.area'), student.area.name || t('card.notSpecified'))}
        {row(t('card.address'), student.address)}
      </Stack>
    </Card>
  );
}
