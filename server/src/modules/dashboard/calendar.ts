import { DASHBOARD_DAYS } from '@gradus/contract';

const DAY_MS = 86_400_000;
/** The university keeps Beijing time, which has had no daylight saving since 1991: every day is 24 hours. */
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** The Beijing calendar day of a moment, YYYY-MM-DD. */
export const beijingDay = (ms: number): string => new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 10);

/** The moment a Beijing calendar day begins. */
const startOfBeijingDay = (ms: number): number => Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;

export interface SubmissionWindows {
  /** The Beijing days of the window, oldest first, today last. */
  days: string[];
  /** Where this year's window and last year's begin; each is `days.length` days long. */
  thisYearFrom: number;
  lastYearFrom: number;
  dayMs: number;
}

/**
 * The last DASHBOARD_DAYS Beijing days up to today, and the window that began on the same calendar
 * date a year earlier (so the 1st of a month faces the 1st; across 29 February the two drift by a
 * day, which a morning glance can bear).
 */
export function submissionWindows(now: number, length = DASHBOARD_DAYS): SubmissionWindows {
  const thisYearFrom = startOfBeijingDay(now) - (length - 1) * DAY_MS;
  const first = new Date(thisYearFrom + BEIJING_OFFSET_MS);
  const lastYearFrom = Date.UTC(first.getUTCFullYear() - 1, first.getUTCMonth(), first.getUTCDate()) - BEIJING_OFFSET_MS;
  const days = Array.from({ length }, (_, i) => beijingDay(thisYearFrom + i * DAY_MS));
  return { days, thisYearFrom, lastYearFrom, dayMs: DAY_MS };
}
