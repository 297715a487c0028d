import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Driver Dashboard: built in its own issue. */
export function DriverDashboardPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={2}>Driver Dashboard</Title>
      <Text c="dimmed">{t('placeholder')}</Text>
    </Container>
  );
}
