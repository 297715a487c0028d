import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The foot of an admin form: Cancel (in dialogs) and Save, which reads 'Saving...' while pending. */
export function FormActions({ pending, onCancel }: { pending: boolean; onCancel?: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Group justify="flex-end">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      )}
      <Button type="submit" loading={pending}>
        {pending ? t('common.saving') : t('common.save')}
      </Button>
    </Group>
  );
}
