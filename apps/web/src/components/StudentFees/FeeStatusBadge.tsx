import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FeeStatus } from '@school-transport/contracts';

const COLORS: Record<FeeStatus, string> = { due: 'blue', partly_paid: 'yellow', paid: 'green', overdue: 'red', waived: 'gray' };

/** A fee row's status as a coloured badge, the same for parents and the office. */
export function FeeStatusBadge({ status }: { status: FeeStatus }) {
  const { t } = useTranslation('fees');
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}
