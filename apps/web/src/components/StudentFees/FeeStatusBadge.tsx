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

/** 'YYYY-MM' as the reader's month name, e.g. "September 2026". */
export function formatMonth(month: string, language = 'en'): string {
  const date = new Date(`${month}-01T12:00:00Z`);
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** 'YYYY-MM-DD' as a short readable date, e.g. "30 Sep 2026". */
export function formatDay(day: string, language = 'en'): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}
