import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@school-transport/api';
import type { Absence } from '@school-transport/contracts';
import { formatAmount } from '../../i18n/format.js';
import { gradeLabel } from '../../i18n/labels.js';
import { StudentDay } from '../StudentDay/StudentDay.js';
import { IsolatedLine } from '../Isolated/Isolated.js';

export type ParentStudent = inferRouterOutputs<AppRouter>['parent']['students']['students'][number];

/** Bahrain numbers are stored as 8 digits; a tel: link dials them with the country code. */
const telHref = (phone: string) => `tel:+973${phone}`;

/**
 * One student on the parent dashboard: who, where, which service, the fee and the
 * driver (tap to call), with View Details and Request Changes; with a driver, today's bus, the
 * upcoming absences and Not riding.
 */
export function StudentCard({
  student,
  pendingRequest,
  absences,
  onViewDetails,
  onRequestChanges,
  onNotRiding,
}: {
  student: ParentStudent;
  pendingRequest: boolean;
  /** The student's upcoming absences. */
  absences: Absence[];
  onViewDetails: () => void;
  onRequestChanges: () => void;
  onNotRiding: () => void;
}) {
  const { t } = useTranslation('parent');
  const name = `${student.firstName} ${student.fathersName} ${student.lastName}`;
  const row = (label: string, value: ReactNode) => (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="end" component="div" style={{ overflowWrap: 'anywhere' }}>
        {typeof value === 'string' ? <bdi>{value}</bdi> : value}
      </Text>
    </Group>
  );
  const driver = student.driver;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={name}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div>
          <Title order={3} size="h4">
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('card.automatedId', { id: student.automatedId })}
          </Text>
        </div>
        {driver ? (
          <Badge variant="light" color="green" miw="max-content">
            {t('card.activeService')}
          </Badge>
        ) : (
          <Badge variant="light" color="yellow" miw="max-content">
            {t('card.driverNotAssigned')}
          </Badge>
        )}
      </Group>
      <Stack gap={6}>
        {row(t('card.school'), student.schoolName)}
        {row(t('card.grade'), student.class ? `${gradeLabel(student.grade)} ${student.class}` : gradeLabel(student.grade))}
        {row(t('card.service'), t(`service.${student.serviceType}`))}
        {row(t('card.monthlyFee'), t('card.fee', { price: formatAmount(student.priceBhd) }))}
        {row(t('card.driver'), driver ? <IsolatedLine parts={[driver.name, driver.phone]} /> : t('card.driverNotAssigned'))}
        {row(t('card.area'), student.area?.name || t('card.notSpecified'))}
        {row(t('card.address'), student.address)}
      </Stack>
      {driver && (
        <Button
          component="a"
          href={telHref(driver.phone)}
          variant="default"
          leftSection={<IconPhone size={18} aria-hidden />}
          mt="md"
          mih={44}
          fullWidth
          aria-label={t('actions.callDriverLabel', { name: driver.name, phone: driver.phone })}
        >
          {t('actions.callDriver')}
        </Button>
      )}
      {driver && <StudentDay studentId={student.id} name={name} absences={absences} onNotRiding={onNotRiding} />}
      {pendingRequest && (
        <Alert color="yellow" variant="light" mt="md" p="xs" role="status">
          {t('actions.pendingNote')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="md">
        <Button variant="default" onClick={onViewDetails} mih={44}>
          {t('actions.viewDetails')}
        </Button>
        <Button onClick={onRequestChanges} disabled={pendingRequest} mih={44}>
          {t('actions.requestChanges')}
        </Button>
      </SimpleGrid>
    </Card>
  );
}
