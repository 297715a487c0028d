import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FeeStatus } from '@school-transport/contracts';
import { formatDay as formatCalendarDay, formatMonth as formatServiceMonth } from '../../i18n/format.js';
import { isLanguage } from '../../i18n/language.js';

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

/** 'YYYY-MM' as the reader's month name, e.g. "September 2026" (i18n/format.ts). */
export function formatMonth(month: string, language?: string): string {
  return formatServiceMonth(month, isLanguage(language) ? language : undefined);
}

/** 'YYYY-MM-DD' as a short readable date, e.g. "30 Sept 2026" (i18n/format.ts). */
export function formatDay(day: string, language?: string): string {
  return formatCalendarDay(day, isLanguage(language) ? language : undefined);
}
