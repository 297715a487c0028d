import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Parent Login: built in its own issue. */
export function ParentLoginPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={2}>Parent Login</Title>
      <Text c="dimmed">{t('placeholder')}</Text>
    </Container>
  );
}
