import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Admin Dashboard: built in its own issue. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={2}>Admin Dashboard</Title>
      <Text c="dimmed">{t('placeholder')}</Text>
    </Container>
  );
}
