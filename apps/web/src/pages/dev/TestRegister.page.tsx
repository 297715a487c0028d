import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Test Registration: built in its own issue. */
export function TestRegisterPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={2}>Test Registration</Title>
      <Text c="dimmed">{t('placeholder')}</Text>
    </Container>
  );
}
