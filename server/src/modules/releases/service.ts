import {
  ReplyCode,
  maskPersonName,
  type AdmissionArea,
  type ReleaseConfirmedView,
  type ReleaseListView,
  type ReleasePlanView,
  type ReleasePreviewView,
  type ReleaseWithdrawnView,
  type ViewAsApplicantView,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { releaseKey, releasedSet, setReleased } from '../admissions/cycle';
import { releasesSideOfCycle, type ReleaseOutcomeRow } from '../admissions/journey';
import { audit } from '../audit/service';
import { currentRecruitYear } from '../user/repo';
import { outboxProgress } from '../outbox/outbox';
import { noticeTopic, queueReleaseNotices } from './notify';

/**
 * Releases as planned acts (contract/api/staff-releases.ts): planned by one publisher, confirmed
 * by another, published at once or at their moment by fireDueReleases, withdrawn only with a
 * reason. The release switch (admissions/cycle.ts) stays what every applicant-facing read checks:
 * until a plan fires it is off, so nothing of the result leaves the server before its moment.
 */
export interface Publisher {
  userId: number;
  ip: string | null;
  mayPublish: boolean;
}

export interface Cycle {
  area: AdmissionArea;
  recruitYear: string;
  release: string;
}

const OPEN_STATES = ['awaiting', 'scheduled'] as const;
const SAMPLES = 5;
const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function checkRelease(ctx: AppContext, c: Cycle): void {
  if (!ctx.journeys.ofCycle(c.area)?.releases.includes(c.release)) throw new AppError(ReplyCode.NOT_FOUND, 'release.unknown', { release: c.release });
}

export async function listReleases(ctx: AppContext, area: AdmissionArea, recruitYear: string | undefined, publisher: Publisher): Promise<ReleaseListView> {
  const journey = ctx.journeys.ofCycle(area);
  if (!journey) throw new AppError(ReplyCode.NOT_FOUND, 'error.areaNotReviewed');
  const year = recruitYear ?? (await currentRecruitYear(ctx.db)) ?? '';
  // The notices counted are those of each result's latest publication.
  const lastPublished = await ctx.db
    .selectFrom('release_plan')
    .select(['release', (eb) => eb.fn.max('id').as('id')])
    .where('area', '=', area)
    .where('recruit_year', '=', year)
    .where('state', '=', 'published')
    .groupBy('release')
    .execute();
  const topicOf = new Map(lastPublished.map((p) => [p.release, noticeTopic({ id: Number(p.id), area, recruitYear: year, release: p.release })]));
  const [published, switches, plans, notices] = await Promise.all([
    releasedSet(ctx.db, area, journey.releases, year),
    ctx.db.selectFrom('system_config').select(['system_key', 'updated_at']).where('system_type', '=', area).where('system_key', 'like', `release.${year}.%`).execute(),
    ctx.db
      .selectFrom('release_plan as p')
      .leftJoin('app_user as by', 'by.id', 'p.planned_by')
      .leftJoin('app_user as ok', 'ok.id', 'p.confirmed_by')
      .select(['p.id', 'p.release', 'p.at', 'p.state', 'p.planned_by', 'p.planned_at', 'by.login_name as by_login', 'by.name as by_name', 'ok.login_name as ok_login', 'ok.name as ok_name'])
      .where('p.area', '=', area)
      .where('p.recruit_year', '=', year)
      .where('p.state', 'in', [...OPEN_STATES])
      .execute(),
    outboxProgress(ctx.db, [...topicOf.values()]),
  ]);
  const changedAt = new Map(switches.map((s) => [s.system_key, s.updated_at]));
  return {
    area,
    recruitYear: year,
    mayPublish: publisher.mayPublish,
    releases: journey.releases.map((release) => {
      const plan = plans.find((p) => p.release === release);
      const view: ReleasePlanView | null = plan
        ? {
            planId: plan.id,
            at: iso(plan.at),
            state: plan.state as ReleasePlanView['state'],
            plannedBy: { loginName: plan.by_login ?? '', name: plan.by_name ?? '' },
            plannedAt: iso(plan.planned_at)!,
            confirmedBy: plan.ok_login ? { loginName: plan.ok_login, name: plan.ok_name ?? '' } : null,
            mine: plan.planned_by === publisher.userId,
          }
        : null;
      const on = published.has(release);
      return {
        release,
        published: on,
        publishedAt: on ? iso(changedAt.get(releaseKey(year, release)) ?? null) : null,
        plan: view,
        notices: notices.get(topicOf.get(release) ?? '') ?? null,
      };
    }),
  };
}

/** An outcome as the counts group it: every score ('score:78.5') is one group. */
const outcomeGroup = (outcome: string): string => (outcome.startsWith('score:') ? 'score' : outcome);

/** How many applicants get which outcome, and five of them as they would read it. */
export async function previewRelease(ctx: AppContext, c: Cycle): Promise<ReleasePreviewView> {
  checkRelease(ctx, c);
  const rows = await releasesSideOfCycle(ctx, c.area).releaseOutcomes(ctx, { area: c.area, recruitYear: c.recruitYear }, c.release);
  const counts = new Map<string, number>();
  for (const r of rows) {
    const group = outcomeGroup(r.outcome);
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return {
    outcomes: [...counts].map(([outcome, count]) => ({ outcome, count })),
    samples: samplesOf(rows).map((r) => ({ applicantNumber: r.applicantNumber, name: maskPersonName(r.name), outcome: r.outcome })),
  };
}

/**
 * "View as applicant": any applicant's page for the result as they will read it once it is out.
 * A read for the office only; nothing reaches the applicant and nothing is recorded as seen.
 */
export async function viewAsApplicant(ctx: AppContext, c: Cycle & { applicantNumber: string }): Promise<ViewAsApplicantView> {
  checkRelease(ctx, c);
  const view = await releasesSideOfCycle(ctx, c.area).resultAsReleased(ctx, { area: c.area, recruitYear: c.recruitYear }, c.release, c.applicantNumber.trim());
  if (!view) throw new AppError(ReplyCode.NOT_FOUND, 'release.applicantNotFound', { number: c.applicantNumber.trim(), year: c.recruitYear });
  return view;
}

/** One of each outcome first (a fail must be seen before it goes out), then spread over the list. */
function samplesOf(rows: ReleaseOutcomeRow[]): ReleaseOutcomeRow[] {
  const picked: ReleaseOutcomeRow[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const kind = outcomeGroup(r.outcome);
    if (!seen.has(kind) && picked.length < SAMPLES) {
      seen.add(kind);
      picked.push(r);
    }
  }
  const step = Math.max(1, Math.floor(rows.length / SAMPLES));
  for (let i = 0; i < rows.length && picked.length < SAMPLES; i += step) if (!picked.includes(rows[i]!)) picked.push(rows[i]!);
  return picked.sort((a, b) => a.applicantNumber.localeCompare(b.applicantNumber));
}

function requirePublisher(p: Publisher): void {
  if (!p.mayPublish) throw new AppError(ReplyCode.FORBIDDEN, 'release.notPublisher');
}

export async function planRelease(ctx: AppContext, c: Cycle & { at?: string | undefined }, publisher: Publisher): Promise<{ planId: number }> {
  checkRelease(ctx, c);
  requirePublisher(publisher);
  const now = ctx.clock.now();
  const at = c.at ? Date.parse(c.at) : null;
  if (at !== null && at <= now) throw new AppError(ReplyCode.BAD_INPUT, 'release.atPast');
  if ((await releasedSet(ctx.db, c.area, [c.release], c.recruitYear)).has(c.release)) throw new AppError(ReplyCode.CONFLICT, 'release.alreadyOut', { release: c.release });
  return inTransaction(ctx.db, async (trx) => {
    const open = await trx.selectFrom('release_plan').select('id').where('area', '=', c.area).where('recruit_year', '=', c.recruitYear).where('release', '=', c.release).where('state', 'in', [...OPEN_STATES]).executeTakeFirst();
    if (open) throw new AppError(ReplyCode.CONFLICT, 'release.alreadyPlanned', { release: c.release });
    const row = await trx
      .insertInto('release_plan')
      .values({ area: c.area, recruit_year: c.recruitYear, release: c.release, at, state: 'awaiting', planned_by: publisher.userId, planned_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, now, 'release.plan', { userId: publisher.userId, ip: publisher.ip, detail: { planId: row.id, area: c.area, recruitYear: c.recruitYear, release: c.release, at: iso(at) } });
    return { planId: row.id };
  });
}

async function openPlan(db: DB, planId: number) {
  const plan = await db.selectFrom('release_plan').selectAll().where('id', '=', planId).executeTakeFirst();
  if (!plan) throw new AppError(ReplyCode.NOT_FOUND, 'release.planNotFound');
  if (!(OPEN_STATES as readonly string[]).includes(plan.state)) throw new AppError(ReplyCode.CONFLICT, 'release.planClosed');
  return plan;
}

/** The second publisher's word: out at once when its moment has come (or was none), else at its moment. */
export async function confirmRelease(ctx: AppContext, planId: number, publisher: Publisher): Promise<ReleaseConfirmedView> {
  requirePublisher(publisher);
  const plan = await openPlan(ctx.db, planId);
  if (plan.planned_by === publisher.userId) throw new AppError(ReplyCode.FORBIDDEN, 'release.confirmOwn');
  if (plan.state !== 'awaiting') throw new AppError(ReplyCode.CONFLICT, 'release.planClosed');
  const now = ctx.clock.now();
  const taken = await ctx.db
    .updateTable('release_plan')
    .set({ state: 'scheduled', confirmed_by: publisher.userId, confirmed_at: now })
    .where('id', '=', planId)
    .where('state', '=', 'awaiting')
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'release.planClosed');
  await audit(ctx.db, now, 'release.confirm', { userId: publisher.userId, ip: publisher.ip, detail: { planId, area: plan.area, recruitYear: plan.recruit_year, release: plan.release, at: iso(plan.at) } });
  if (plan.at === null || Number(plan.at) <= now) {
    await fire(ctx, planId);
    return { published: true, at: null };
  }
  return { published: false, at: iso(plan.at) };
}

/**
 * Publishes a confirmed plan once: the plan is claimed by its state in the same transaction that
 * turns the switch on, so two timers (or two instances) cannot both publish it.
 */
async function fire(ctx: AppContext, planId: number): Promise<boolean> {
  const now = ctx.clock.now();
  const plan = await inTransaction(ctx.db, async (trx) => {
    const claimed = await trx.updateTable('release_plan').set({ state: 'published', published_at: now }).where('id', '=', planId).where('state', '=', 'scheduled').executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    const row = await trx.selectFrom('release_plan').selectAll().where('id', '=', planId).executeTakeFirstOrThrow();
    await setReleased(trx, now, row.area as AdmissionArea, row.release, true, { recruitYear: row.recruit_year, actor: { staffUserId: row.confirmed_by } });
    await queueReleaseNotices(ctx, trx, now, { id: row.id, area: row.area as AdmissionArea, recruitYear: row.recruit_year, release: row.release });
    return row;
  });
  if (!plan) return false;
  // Menus and journey gates are cached for seconds: the result appears on the next page, not after them.
  ctx.cache.clear();
  return true;
}

/** Publishes every confirmed plan whose moment has come; the scheduler calls it, and so may a test. */
export async function fireDueReleases(ctx: AppContext): Promise<number> {
  const due = await ctx.db.selectFrom('release_plan').select('id').where('state', '=', 'scheduled').where('at', '<=', ctx.clock.now()).execute();
  let fired = 0;
  for (const { id } of due) if (await fire(ctx, id)) fired++;
  return fired;
}

/** The next moment a plan is due (epoch ms), for the scheduler's timer. */
export async function nextDue(db: DB): Promise<number | null> {
  const row = await db.selectFrom('release_plan').select((eb) => eb.fn.min('at').as('at')).where('state', '=', 'scheduled').executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

export async function cancelRelease(ctx: AppContext, input: { planId: number; reason: string }, publisher: Publisher): Promise<void> {
  requirePublisher(publisher);
  const plan = await openPlan(ctx.db, input.planId);
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    const taken = await trx
      .updateTable('release_plan')
      .set({ state: 'cancelled', cancelled_by: publisher.userId, reason: input.reason })
      .where('id', '=', plan.id)
      .where('state', 'in', [...OPEN_STATES])
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'release.planClosed');
    await audit(trx, now, 'release.cancel', { userId: publisher.userId, ip: publisher.ip, detail: { planId: plan.id, area: plan.area, recruitYear: plan.recruit_year, release: plan.release, reason: input.reason } });
  });
}

/** Takes a published result back: only a publisher, with a reason; says who had already seen it. */
export async function withdrawRelease(ctx: AppContext, c: Cycle & { reason: string }, publisher: Publisher): Promise<ReleaseWithdrawnView> {
  checkRelease(ctx, c);
  requirePublisher(publisher);
  if (!(await releasedSet(ctx.db, c.area, [c.release], c.recruitYear)).has(c.release)) throw new AppError(ReplyCode.CONFLICT, 'release.notOut', { release: c.release });
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    await setReleased(trx, now, c.area, c.release, false, { recruitYear: c.recruitYear, actor: { staffUserId: publisher.userId } });
    await audit(trx, now, 'release.withdraw', { userId: publisher.userId, ip: publisher.ip, detail: { area: c.area, recruitYear: c.recruitYear, release: c.release, reason: c.reason } });
  });
  ctx.cache.clear();
  const seen = await ctx.db
    .selectFrom('result_view as v')
    .innerJoin('app_user as u', 'u.id', 'v.applicant_user_id')
    .select(['u.applicant_number', 'u.name', 'v.first_seen_at'])
    .where('v.area', '=', c.area)
    .where('v.recruit_year', '=', c.recruitYear)
    .where('v.release', '=', c.release)
    .orderBy('v.first_seen_at')
    .execute();
  return { seenBy: seen.map((s) => ({ applicantNumber: s.applicant_number ?? '', name: s.name, firstSeenAt: iso(s.first_seen_at)! })) };
}
