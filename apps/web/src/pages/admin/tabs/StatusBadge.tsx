import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" miw="max-content">
      {active ? t('common.active') : t('common.inactive')}
    </Badge>
  );
}
