import type { CalendarDayKind } from '@gradus/contract';
import type { DB } from '../../db/database';

/**
 * Working days, counted on Beijing calendar days written YYYY-MM-DD. Monday to Friday are worked
 * and Saturday and Sunday are not, except where the office's calendar says otherwise: a weekday
 * holiday is closed, a make-up working day (调休) is a worked Saturday or Sunday. The dates are
 * calendar days, not moments, so the arithmetic runs on UTC midnights: Beijing has no daylight
 * saving, and a date carries no time zone to trip over.
 */
export type WorkCalendar = ReadonlyMap<string, CalendarDayKind>;

const DAY_MS = 86_400_000;
/** Longer than any period asked for: a calendar that closes every day must not loop for ever. */
const SEARCH_LIMIT = 3660;

const midnight = (date: string): number => Date.parse(`${date}T00:00:00Z`);

/** The calendar day `days` after (or before, when negative) `date`. */
export const shiftDate = (date: string, days: number): string => new Date(midnight(date) + days * DAY_MS).toISOString().slice(0, 10);

export const isWeekend = (date: string): boolean => {
  const weekday = new Date(midnight(date)).getUTCDay();
  return weekday === 0 || weekday === 6;
};

export function isWorkingDay(calendar: WorkCalendar, date: string): boolean {
  const kind = calendar.get(date);
  if (kind === 'holiday') return false;
  if (kind === 'workday') return true;
  return !isWeekend(date);
}

/** The day `n` working days after `date`, not counting `date` itself: one working day after a Friday is the Monday. */
export function addWorkingDays(calendar: WorkCalendar, date: string, n: number): string {
  let day = date;
  let left = n;
  for (let step = 0; left > 0; step++) {
    if (step > SEARCH_LIMIT) throw new Error(`no ${n} working days after ${date} within ten years`);
    day = shiftDate(day, 1);
    if (isWorkingDay(calendar, day)) left--;
  }
  return day;
}

/** Working days from `from` to `to`, both counted (0 when `to` is before `from`). */
export function countWorkingDays(calendar: WorkCalendar, from: string, to: string): number {
  let count = 0;
  for (let day = from; day <= to; day = shiftDate(day, 1)) if (isWorkingDay(calendar, day)) count++;
  return count;
}

/** The last day of a period of `n` working days that starts on `start` (counted when it is a working day). */
export const periodEnd = (calendar: WorkCalendar, start: string, n: number): string => addWorkingDays(calendar, shiftDate(start, -1), n);

/** The office's entries between two dates, both included. */
export async function loadCalendar(db: DB, from: string, to: string): Promise<WorkCalendar> {
  const rows = await db.selectFrom('work_calendar_day').select(['day', 'kind']).where('day', '>=', from).where('day', '<=', to).execute();
  return new Map(rows.map((r) => [r.day, r.kind as CalendarDayKind]));
}

/** Where a period of `n` working days from `start` ends, on the office's calendar. */
export async function periodEndOn(db: DB, start: string, n: number): Promise<string> {
  // A year is ample for 60 working days, however many holidays fall in it.
  return periodEnd(await loadCalendar(db, start, shiftDate(start, 366)), start, n);
}
