import { ReplyCode, type CalendarCountView, type CalendarDayKind, type CalendarView } from '@gradus/contract';
import type { DB } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit/service';
import { countWorkingDays, isWeekend, loadCalendar, periodEndOn } from './calendar';
import type { Publisher } from './lists';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** A year's entries in date order, and how many working days the year has with them. */
export async function calendarOf(db: DB, year: string): Promise<CalendarView> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const rows = await db.selectFrom('work_calendar_day').selectAll().where('day', '>=', from).where('day', '<=', to).orderBy('day').execute();
  return {
    year,
    days: rows.map((r) => ({ date: r.day, kind: r.kind as CalendarDayKind, name: r.name, updatedAt: iso(r.updated_at) })),
    workingDays: countWorkingDays(await loadCalendar(db, from, to), from, to),
  };
}

/**
 * Marks a day: a holiday must be a weekday (a Saturday or Sunday is closed anyway) and a make-up
 * working day a Saturday or Sunday (a weekday is worked anyway), so that every entry changes
 * something. Audited with what the day was before. A list already published keeps its period.
 */
export async function saveDay(db: DB, now: number, input: { date: string; kind: CalendarDayKind; name: string }, editor: Publisher): Promise<CalendarView> {
  if (input.kind === 'holiday' && isWeekend(input.date)) throw new AppError(ReplyCode.BAD_INPUT, 'publicity.holidayOnWeekend', { date: input.date });
  if (input.kind === 'workday' && !isWeekend(input.date)) throw new AppError(ReplyCode.BAD_INPUT, 'publicity.workdayOnWeekday', { date: input.date });
  await inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('work_calendar_day').select(['kind', 'name']).where('day', '=', input.date).executeTakeFirst();
    if (before?.kind === input.kind && before.name === input.name) return;
    if (before) await trx.updateTable('work_calendar_day').set({ kind: input.kind, name: input.name, updated_by: editor.userId, updated_at: now }).where('day', '=', input.date).execute();
    else await trx.insertInto('work_calendar_day').values({ day: input.date, kind: input.kind, name: input.name, updated_by: editor.userId, updated_at: now }).execute();
    await audit(trx, now, 'calendar.save', { userId: editor.userId, subject: input.date, ip: editor.ip, detail: { date: input.date, kind: input.kind, name: input.name, before: before ?? null } });
  });
  return calendarOf(db, input.date.slice(0, 4));
}

export async function removeDay(db: DB, now: number, date: string, editor: Publisher): Promise<CalendarView> {
  await inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('work_calendar_day').select(['kind', 'name']).where('day', '=', date).executeTakeFirst();
    if (!before) throw new AppError(ReplyCode.NOT_FOUND, 'publicity.dayNotFound', { date });
    await trx.deleteFrom('work_calendar_day').where('day', '=', date).execute();
    await audit(trx, now, 'calendar.remove', { userId: editor.userId, subject: date, ip: editor.ip, detail: { date, before } });
  });
  return calendarOf(db, date.slice(0, 4));
}

/** Where a period of working days from a date ends: what the list form shows as the dates are chosen. */
export async function countPeriod(db: DB, startDate: string, workingDays: number): Promise<CalendarCountView> {
  return { startDate, endDate: await periodEndOn(db, startDate, workingDays), workingDays };
}
