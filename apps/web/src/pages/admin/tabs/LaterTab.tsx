import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Students, Analytics and Change Requests belong to later issues: an honest note, no made-up numbers. */
export function LaterTab({ section }: { section: string }) {
  const { t } = useTranslation('admin');
  return (
    <Stack>
      <Title order={2}>{section}</Title>
      <Alert color="gray">{t('later.text')}</Alert>
    </Stack>
  );
}
