import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminDialog } from '../../../components/AdminDialog/AdminDialog.js';

/** A new parent's generated password, shown once: the server keeps only its hash. */
export function GeneratedPasswordDialog({ email, password, onClose }: { email: string; password: string; onClose: () => void }) {
  const { t } = useTranslation('students');
  return (
    <AdminDialog onClose={onClose} title={t('form.generatedTitle')}>
      <Stack>
        <Text>{t('form.generatedText')}</Text>
        <TextInput label={t('form.generatedPassword', { email })} value={password} readOnly ff="monospace" />
        <Group justify="flex-end">
          <CopyButton value={password}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('form.copied') : t('form.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('form.done')}</Button>
        </Group>
      </Stack>
    </AdminDialog>
  );
}
