import { ReplyCode, type AdmissionArea, type RecruitYearsView, type SaveWindowRequest, type TimelineView } from '@gradus/contract';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { releasedSet, setStageWindow, stageWindows } from '../admissions/cycle';
import { staffAudit, type StaffActor } from '../admissions/staff-audit';
import { currentRecruitYear } from '../user/repo';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export async function recruitYears(ctx: AppContext): Promise<RecruitYearsView> {
  const [years, counts] = await Promise.all([
    ctx.db.selectFrom('recruit_year').select(['year', 'is_current', 'created_at']).orderBy('year', 'desc').execute(),
    ctx.db.selectFrom('app_user').select(['recruit_year', (eb) => eb.fn.countAll<number>().as('n')]).where('kind', '=', 'applicant').groupBy('recruit_year').execute(),
  ]);
  const applicants = new Map(counts.map((c) => [c.recruit_year, Number(c.n)]));
  return {
    current: years.find((y) => y.is_current === 1)?.year ?? null,
    years: years.map((y) => ({ year: y.year, current: y.is_current === 1, createdAt: iso(y.created_at), applicants: applicants.get(y.year) ?? 0 })),
  };
}

/**
 * Starts the next recruitment year and makes it the current one: applicants register into it and
 * the back office works on it. It starts with nothing published and no stage windows (both are
 * kept per year), so nothing of the last cycle shows in it; the last cycle's applicants keep
 * reading their own year. Only the year after the current one may start (typed out, so a slip of
 * the mouse does not start a cycle), once.
 */
export async function startYear(ctx: AppContext, year: string, actor: StaffActor): Promise<RecruitYearsView> {
  const now = ctx.clock.now();
  const current = await currentRecruitYear(ctx.db);
  const expected = current ? String(Number(current) + 1) : year;
  if (year !== expected) throw new AppError(ReplyCode.CONFLICT, 'cycle.yearNotNext', { year, expected });
  await inTransaction(ctx.db, async (trx) => {
    const exists = await trx.selectFrom('recruit_year').select('id').where('year', '=', year).executeTakeFirst();
    if (exists) throw new AppError(ReplyCode.CONFLICT, 'cycle.yearExists', { year });
    await trx.updateTable('recruit_year').set({ is_current: 0 }).where('is_current', '=', 1).execute();
    await trx.insertInto('recruit_year').values({ year, is_current: 1, created_at: now }).execute();
  });
  // Pages and gates read the current year through the reference caches.
  ctx.cache.clear();
  await staffAudit(ctx.db, now, 'cycle.yearStart', actor, { detail: { year, previous: current ?? null } });
  return recruitYears(ctx);
}

/** The journey running the cycle `area` names (gat: the doctoral journey, on the gat area's configuration). */
function journeyOf(ctx: AppContext, area: AdmissionArea) {
  const journey = ctx.journeys.ofCycle(area);
  if (!journey) throw new AppError(ReplyCode.NOT_FOUND, 'cycle.noJourney', { area });
  return journey;
}

async function yearOf(ctx: AppContext, recruitYear: string | undefined): Promise<string> {
  const year = recruitYear ?? (await currentRecruitYear(ctx.db));
  if (!year) throw new AppError(ReplyCode.CONFLICT, 'error.noRecruitYear');
  const known = await ctx.db.selectFrom('recruit_year').select('id').where('year', '=', year).executeTakeFirst();
  if (!known) throw new AppError(ReplyCode.NOT_FOUND, 'cycle.yearUnknown', { year });
  return year;
}

/** An area's year on one timeline: each stage's window, then where each result's release stands. */
export async function timeline(ctx: AppContext, area: AdmissionArea, recruitYear?: string): Promise<TimelineView> {
  const journey = journeyOf(ctx, area);
  const year = await yearOf(ctx, recruitYear);
  const [windows, released] = await Promise.all([stageWindows(ctx.db, area, journey.stages, year), releasedSet(ctx.db, area, journey.releases, year)]);
  return {
    area,
    recruitYear: year,
    stages: journey.stages.map((stage) => ({ stage, opensAt: windows[stage]?.opensAt ?? null, closesAt: windows[stage]?.closesAt ?? null })),
    releases: journey.releases.map((release) => ({ release, published: released.has(release) })),
  };
}

/** One stage's window of an area's year, audited (cycle.stageWindow). */
export async function saveWindow(ctx: AppContext, input: SaveWindowRequest, actor: StaffActor): Promise<TimelineView> {
  const journey = journeyOf(ctx, input.area);
  const year = await yearOf(ctx, input.recruitYear);
  if (!journey.stages.includes(input.stage)) throw new AppError(ReplyCode.NOT_FOUND, 'cycle.stageUnknown', { stage: input.stage });
  await setStageWindow(ctx.db, ctx.clock.now(), input.area, input.stage, { opensAt: input.opensAt ?? null, closesAt: input.closesAt ?? null }, { recruitYear: year, actor });
  ctx.cache.clear();
  return timeline(ctx, input.area, year);
}
