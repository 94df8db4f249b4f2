import { useUniversityTime } from '@/lib/university-time';

/**
 * Admission dates in Beijing time, as the graduate school keeps them: a moment (a deadline, a save)
 * labelled; `dateOnly` (the day something was posted) as the Beijing calendar day.
 */
export function useDate() {
  const { moment, day } = useUniversityTime();
  return (iso: string | null, dateOnly = false): string => (!iso ? '' : dateOnly ? day(iso) : moment(iso));
}
