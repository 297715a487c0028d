import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Student Transport Management System: built in its own issue. */
export function AdminLoginPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={2}>Student Transport Management System</Title>
      <Text c="dimmed">{t('placeholder')}</Text>
    </Container>
  );
}
