import { useTranslation } from 'react-i18next';

/**
 * A Beijing calendar day ('2026-11-23') in the reader's language. The day is a date, not a moment:
 * it is formatted as the UTC midnight it names, so no reader's time zone can move it a day.
 */
export function useCalendarDay() {
  const { i18n } = useTranslation();
  return (date: string, dateStyle: 'medium' | 'full' = 'medium') => new Intl.DateTimeFormat(i18n.language, { dateStyle, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
