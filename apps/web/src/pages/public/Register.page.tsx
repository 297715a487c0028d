import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Student Registration: built in its own issue. */
export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={2}>Student Registration</Title>
      <Text c="dimmed">{t('placeholder')}</Text>
    </Container>
  );
}
