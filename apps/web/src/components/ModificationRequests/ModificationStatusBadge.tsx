import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ModificationStatus } from '@school-transport/contracts';

/**
 * Pending yellow, approved green, rejected red; the bright shade 6 of each, on
 * which the theme's autoContrast puts black text (white on them is 1.9 to 3.3:1, under WCAG AA).
 */
const COLORS: Record<ModificationStatus, string> = { pending: 'yellow.6', approved: 'green.6', rejected: 'red.6' };

export function ModificationStatusBadge({ status }: { status: ModificationStatus }) {
  const { t } = useTranslation('parent');
  return (
    <Badge color={COLORS[status]} variant="filled" miw="max-content" data-status={status}>
      {t(`requests.statusLabel.${status}`)}
    </Badge>
  );
}
