import { useTranslation } from 'react-i18next';
import { useUniversityTime } from '@/lib/university-time';

/**
 * Dates in the reader's language. Exam times are shown in Beijing time, as on the printed
 * ticket, so an applicant abroad reads the same time on the page and on paper.
 */
export function useFormat() {
  const { i18n } = useTranslation();
  const university = useUniversityTime();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const day = (iso: string) => university.day(iso, 'full');
  const { clock } = university;
  const examTime = (startsAt: string, endsAt: string) => {
    const time = day(startsAt) === day(endsAt) ? `${day(startsAt)} ${clock(startsAt)}–${clock(endsAt)}` : `${day(startsAt)} ${clock(startsAt)} – ${day(endsAt)} ${clock(endsAt)}`;
    return university.labelled(time);
  };
  return { date, examTime };
}
