import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Driver Login: built in its own issue. */
export function DriverLoginPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={2}>Driver Login</Title>
      <Text c="dimmed">{t('placeholder')}</Text>
    </Container>
  );
}
