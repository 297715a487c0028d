import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ModificationStatus } from '@school-transport/contracts';

/** Spec section 4: pending yellow, approved green, rejected red. */
const COLORS: Record<ModificationStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };

export function ModificationStatusBadge({ status }: { status: ModificationStatus }) {
  const { t } = useTranslation('parent');
  return (
    <Badge color={COLORS[status]} variant="filled" miw="max-content" data-status={status}>
      {t(`requests.statusLabel.${status}`)}
    </Badge>
  );
}
