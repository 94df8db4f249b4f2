import { useTranslation } from 'react-i18next';
import { EXAM_TIME_ZONE } from '@gradus/contract/doctor/results';

/**
 * Dates in the reader's language. Exam times are shown in Beijing time, as on the printed
 * ticket, so an applicant abroad reads the same time on the page and on paper.
 */
export function useFormat() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const date = (iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(iso));
  const day = (iso: string) => new Intl.DateTimeFormat(lang, { timeZone: EXAM_TIME_ZONE, dateStyle: 'full' }).format(new Date(iso));
  const clock = (iso: string) => new Intl.DateTimeFormat(lang, { timeZone: EXAM_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  const examTime = (startsAt: string, endsAt: string) => {
    const time = day(startsAt) === day(endsAt) ? `${day(startsAt)} ${clock(startsAt)}–${clock(endsAt)}` : `${day(startsAt)} ${clock(startsAt)} – ${day(endsAt)} ${clock(endsAt)}`;
    return t('results.ticket.beijingTime', { time });
  };
  return { date, examTime };
}
