import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Force Admin Login: built in its own issue. */
export function ForceAdminLoginPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={2}>Force Admin Login</Title>
      <Text c="dimmed">{t('placeholder')}</Text>
    </Container>
  );
}
