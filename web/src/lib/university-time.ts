import { useTranslation } from 'react-i18next';
import { EXAM_TIME_ZONE } from '@gradus/contract/doctor/results';

/**
 * The graduate school keeps Beijing time: deadlines, stage windows, payments and exam times show in
 * that zone whatever the reader's own, so an applicant abroad reads the time the school means and
 * the one on the printed ticket. A moment standing alone carries the "(Beijing time)" label; a page
 * listing many says the zone once and uses `plain`.
 */
export function useUniversityTime() {
  const { t, i18n } = useTranslation();
  const format = (iso: string | number, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(i18n.language, { ...options, timeZone: EXAM_TIME_ZONE }).format(new Date(iso));
  const plain = (iso: string | number) => format(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const labelled = (time: string) => t('time.beijing', { time });
  return {
    plain,
    labelled,
    moment: (iso: string | number) => labelled(plain(iso)),
    /** The Beijing calendar day, e.g. for when something was posted. */
    day: (iso: string | number, dateStyle: 'medium' | 'long' | 'full' = 'long') => format(iso, { dateStyle }),
    /** 24-hour clock time, as on a timetable. */
    clock: (iso: string | number) => format(iso, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  };
}

/** An instant as the university's wall clock, for a datetime-local field: '2027-03-20T14:00'. */
export function universityLocal(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: EXAM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** A datetime-local field's value read as Beijing time (UTC+8, no daylight saving), with its zone. */
export const fromUniversityLocal = (local: string): string => `${local}:00+08:00`;
