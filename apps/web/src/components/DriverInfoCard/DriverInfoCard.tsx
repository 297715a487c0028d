import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DriverProfile } from '@school-transport/contracts';
import { formatNumber } from '../../i18n/format.js';

/** The signed-in driver's own details: who, which vehicle, which areas, how many students. */
export function DriverInfoCard({ driver }: { driver: DriverProfile }) {
  const { t } = useTranslation('driver');
  const none = t('info.none');
  const vehicle = [driver.vehicle.plate, driver.vehicle.seats ? t('info.seats', { count: driver.vehicle.seats }) : null].filter(Boolean).join(' · ');
  const items: [string, string][] = [
    [t('info.name'), driver.name],
    [t('info.phone'), driver.phone],
    [t('info.licenseNo'), driver.licenseNo],
    [t('info.vehicle'), vehicle || none],
    [t('info.areas'), driver.areas.length > 0 ? driver.areas.map((area) => area.name).join(', ') : none],
    [t('info.studentCount'), formatNumber(driver.studentCount)],
  ];
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={t('info.title')}
      style={{ borderWidth: 2, borderColor: 'var(--mantine-color-dark-2)' }}
    >
      <Title order={2} size="h3" c="dark.9" mb="sm">
        {t('info.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
        {items.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="md" fw={700} c="dark.6">
              {label}
            </Text>
            <Text component="dd" size="lg" c="dark.9" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
