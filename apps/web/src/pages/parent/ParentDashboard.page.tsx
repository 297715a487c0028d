import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Parent Dashboard: built in its own issue. */
export function ParentDashboardPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={2}>Parent Dashboard</Title>
      <Text c="dimmed">{t('placeholder')}</Text>
    </Container>
  );
}
