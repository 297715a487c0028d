import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Safe & Reliable Student Transport Services: built in its own issue. */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={2}>Safe & Reliable Student Transport Services</Title>
      <Text c="dimmed">{t('placeholder')}</Text>
    </Container>
  );
}
