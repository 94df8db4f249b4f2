import { useTranslation } from 'react-i18next';
import { EXAM_TIME_ZONE } from '@gradus/contract/doctor/results';

/**
 * Formats ISO dates in the reader's language, in Beijing time as the graduate school keeps it:
 * a moment (a deadline, a save) carries the "(Beijing time)" label the tickets use; `dateOnly`
 * (the day something was posted) is the Beijing calendar day.
 */
export function useDate() {
  const { t, i18n } = useTranslation();
  return (iso: string | null, dateOnly = false): string => {
    if (!iso) return '';
    const options: Intl.DateTimeFormatOptions = dateOnly ? { dateStyle: 'long' } : { dateStyle: 'medium', timeStyle: 'short' };
    const text = new Intl.DateTimeFormat(i18n.language, { ...options, timeZone: EXAM_TIME_ZONE }).format(new Date(iso));
    return dateOnly ? text : t('admission.beijingTime', { time: text });
  };
}
