import { useTranslation } from 'react-i18next';
import { datePickerLanguage } from '../../i18n/date-picker.js';
import { usePhoneScreen } from '../AdminDialog/use-phone-screen.js';

/**
 * What every family's day picker shares: no day before `firstDay` (today, in Bahrain), the screen's
 * language for months, weekdays and the picked day, the calendar's buttons named in that language,
 * and on a phone a field and a calendar big enough for a thumb (the calendar opens over the whole
 * screen). The school week has its own days, so no weekend is highlighted.
 */
export function useDayPickerProps(firstDay: string) {
  const { t, i18n } = useTranslation('parentDay');
  const phone = usePhoneScreen();
  return {
    minDate: firstDay,
    ...datePickerLanguage(i18n.language),
    weekendDays: [],
    firstDayOfWeek: 0 as const,
    ariaLabels: {
      previousMonth: t('dialog.calendar.previousMonth'),
      nextMonth: t('dialog.calendar.nextMonth'),
      previousYear: t('dialog.calendar.previousYear'),
      nextYear: t('dialog.calendar.nextYear'),
      previousDecade: t('dialog.calendar.previousDecade'),
      nextDecade: t('dialog.calendar.nextDecade'),
      monthLevelControl: t('dialog.calendar.chooseMonth'),
      yearLevelControl: t('dialog.calendar.chooseYear'),
    },
    dropdownType: phone ? ('modal' as const) : ('popover' as const),
    styles: phone ? { input: { minHeight: 44 } } : undefined,
  };
}
