import {
  ReplyCode,
  SCORE_SOURCES,
  type AdmissionArea,
  type RecordScoreRequest,
  type SaveScoreScaleRequest,
  type ScoreHistoryView,
  type ScoreKind,
  type ScoreRowView,
  type ScoreRecordedView,
  type ScoreGridRequest,
  type ScoreGridView,
  type ScoreSource,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { InputError } from '../../lib/validation';
import { staffSideOf, type ScoreCohortRow } from '../admissions/journey';
import { staffAudit, type StaffActor } from '../admissions/staff-audit';
import { recordScore, type CurrentScore } from './record';

/**
 * The scores' grid (contract/api/staff-scores.ts): a cycle's applicants who should have a score of
 * a kind (the area says who: StaffSide.scoreCohort), their current score and how many versions it
 * has had; a score entered by hand; an applicant's history; full marks per kind. Scores are integer
 * hundredths inside, decimal text outside (toDecimal/fromDecimal here, like results/score-codec.ts,
 * which belongs to the doctoral area).
 */
export interface ScoreCycle {
  area: AdmissionArea;
  recruitYear: string;
  kind: ScoreKind;
}

/** Full marks when the office set none. */
export const DEFAULT_MAX_HUNDREDTHS = 10_000;

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** '78.5' -> 7850, exactly (text, never a float). */
export function toHundredths(decimal: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`not a decimal score: ${decimal}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 7850 -> '78.5', 10000 -> '100'. */
export function fromHundredths(hundredths: number | string): string {
  const n = Number(hundredths);
  const whole = Math.trunc(n / 100);
  const fraction = String(n % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export async function cohortOf(ctx: AppContext, c: ScoreCycle): Promise<ScoreCohortRow[]> {
  const side = staffSideOf(ctx, c.area);
  if (!side.scoreCohort) throw new AppError(ReplyCode.NOT_FOUND, 'error.areaNotReviewed');
  return side.scoreCohort(ctx, c.recruitYear, c.kind);
}

export async function maxOf(db: DB, c: ScoreCycle): Promise<number> {
  const row = await db.selectFrom('score_scale').select('max_score_hundredths').where('area', '=', c.area).where('recruit_year', '=', c.recruitYear).where('kind', '=', c.kind).executeTakeFirst();
  return row ? Number(row.max_score_hundredths) : DEFAULT_MAX_HUNDREDTHS;
}

export type Recorded = CurrentScore & { recorded_at: number };

/** The cycle's recorded scores of a kind, by applicant. */
export async function currentScores(db: DB, c: ScoreCycle): Promise<Map<number, Recorded>> {
  const rows = await db
    .selectFrom('exam_score')
    .select(['user_id', 'score_hundredths', 'max_score_hundredths', 'recorded_at'])
    .where('area', '=', c.area)
    .where('recruit_year', '=', c.recruitYear)
    .where('kind', '=', c.kind)
    .execute();
  return new Map(rows.map((r) => [r.user_id, { score_hundredths: Number(r.score_hundredths), max_score_hundredths: Number(r.max_score_hundredths), recorded_at: Number(r.recorded_at) }]));
}

async function versionCounts(db: DB, c: ScoreCycle, userIds?: readonly number[]): Promise<Map<number, number>> {
  if (userIds && userIds.length === 0) return new Map();
  let q = db
    .selectFrom('exam_score_version')
    .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('area', '=', c.area)
    .where('recruit_year', '=', c.recruitYear)
    .where('kind', '=', c.kind);
  if (userIds) q = q.where('user_id', 'in', [...userIds]);
  const rows = await q.groupBy('user_id').execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

const rowView = (a: ScoreCohortRow, current: Recorded | undefined, versions: number): ScoreRowView => ({
  applicantNumber: a.applicantNumber,
  name: a.name,
  programme: a.programme,
  score: current ? fromHundredths(current.score_hundredths) : null,
  recordedAt: current ? iso(current.recorded_at) : null,
  versions,
});

export async function scoreGrid(ctx: AppContext, input: ScoreGridRequest & { pageNum: number; pageSize: number }): Promise<ScoreGridView> {
  const c: ScoreCycle = { area: input.area, recruitYear: input.recruitYear, kind: input.kind };
  const [cohort, current, max] = await Promise.all([cohortOf(ctx, c), currentScores(ctx.db, c), maxOf(ctx.db, c)]);
  const q = (input.q ?? '').toLowerCase();
  const matches = cohort.filter(
    (a) =>
      (!q || a.applicantNumber.startsWith(q) || a.name.toLowerCase().includes(q)) &&
      (!input.programmeId || a.programme?.id === input.programmeId) &&
      (input.status === 'missing' ? !current.has(a.userId) : input.status === 'recorded' ? current.has(a.userId) : true),
  );
  const page = matches.slice((input.pageNum - 1) * input.pageSize, input.pageNum * input.pageSize);
  const counts = await versionCounts(ctx.db, c, page.map((a) => a.userId));
  const programmes = new Map(cohort.flatMap((a) => (a.programme ? [[a.programme.id, a.programme] as const] : [])));
  return {
    area: c.area,
    recruitYear: c.recruitYear,
    kind: c.kind,
    maxScore: fromHundredths(max),
    total: matches.length,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    rows: page.map((a) => rowView(a, current.get(a.userId), counts.get(a.userId) ?? 0)),
    programmes: [...programmes.values()].sort((x, y) => x.id - y.id),
  };
}

/** An applicant of the cohort by number; one outside it is told apart from a number nobody has. */
async function cohortMember(ctx: AppContext, c: ScoreCycle, number: string): Promise<ScoreCohortRow> {
  const member = (await cohortOf(ctx, c)).find((a) => a.applicantNumber === number);
  if (member) return member;
  const known = await ctx.db.selectFrom('app_user').select('name').where('applicant_number', '=', number).executeTakeFirst();
  if (!known) throw new AppError(ReplyCode.NOT_FOUND, 'scores.unknownApplicant', { number });
  throw new AppError(ReplyCode.CONFLICT, 'scores.notInCohort', { number, name: known.name });
}

export async function saveScore(ctx: AppContext, input: RecordScoreRequest, actor: StaffActor): Promise<ScoreRecordedView> {
  const c: ScoreCycle = { area: input.area, recruitYear: input.recruitYear, kind: input.kind };
  const member = await cohortMember(ctx, c, input.number);
  const max = await maxOf(ctx.db, c);
  const score = toHundredths(input.score);
  if (score > max) throw new InputError([{ code: 'custom', path: ['score'], message: 'results.aboveMax', input: input.score }]);
  const now = ctx.clock.now();
  const before = (await currentScores(ctx.db, c)).get(member.userId);
  const changed = await recordScore(ctx.db, now, {
    userId: member.userId,
    ...c,
    scoreHundredths: score,
    maxHundredths: max,
    reason: input.reason || null,
    source: 'hand',
    by: actor.staffUserId,
  });
  if (changed) {
    await staffAudit(ctx.db, now, 'score.record', actor, {
      subject: member.applicantNumber,
      detail: { recruitYear: c.recruitYear, kind: c.kind, score: fromHundredths(score), previous: before ? fromHundredths(before.score_hundredths) : null, reason: input.reason || null, source: 'hand' },
    });
  }
  const after = (await currentScores(ctx.db, c)).get(member.userId);
  const versions = (await versionCounts(ctx.db, c, [member.userId])).get(member.userId) ?? 0;
  return { row: rowView(member, after, versions), changed };
}

export async function scoreHistory(ctx: AppContext, input: { area: AdmissionArea; recruitYear: string; number: string; kind?: ScoreKind | undefined }): Promise<ScoreHistoryView> {
  const user = await ctx.db.selectFrom('app_user').select(['id', 'name', 'applicant_number']).where('applicant_number', '=', input.number).executeTakeFirst();
  if (!user) throw new AppError(ReplyCode.NOT_FOUND, 'scores.unknownApplicant', { number: input.number });
  let q = ctx.db
    .selectFrom('exam_score_version as v')
    .leftJoin('app_user as by', 'by.id', 'v.recorded_by')
    .select(['v.kind', 'v.score_hundredths', 'v.previous_hundredths', 'v.max_score_hundredths', 'v.reason', 'v.source', 'v.recorded_at', 'by.login_name', 'by.name as by_name'])
    .where('v.user_id', '=', user.id)
    .where('v.area', '=', input.area)
    .where('v.recruit_year', '=', input.recruitYear);
  if (input.kind) q = q.where('v.kind', '=', input.kind);
  const rows = await q.orderBy('v.recorded_at', 'desc').orderBy('v.id', 'desc').execute();
  return {
    applicantNumber: user.applicant_number ?? input.number,
    name: user.name,
    versions: rows.map((r) => ({
      kind: r.kind as ScoreKind,
      score: fromHundredths(r.score_hundredths),
      previous: r.previous_hundredths === null ? null : fromHundredths(r.previous_hundredths),
      maxScore: fromHundredths(r.max_score_hundredths),
      reason: r.reason,
      source: ((SCORE_SOURCES as readonly string[]).includes(r.source) ? r.source : 'earlier') as ScoreSource,
      by: r.login_name ? { loginName: r.login_name, name: r.by_name ?? '' } : null,
      at: iso(r.recorded_at),
    })),
  };
}

/** Full marks of a kind: never below a score already recorded. */
export async function saveScale(ctx: AppContext, input: SaveScoreScaleRequest, actor: StaffActor): Promise<{ maxScore: string }> {
  const c: ScoreCycle = { area: input.area, recruitYear: input.recruitYear, kind: input.kind };
  const max = toHundredths(input.maxScore);
  const highest = [...(await currentScores(ctx.db, c)).values()].reduce((m, s) => Math.max(m, s.score_hundredths), 0);
  if (highest > max) throw new AppError(ReplyCode.CONFLICT, 'scores.scaleBelowScores', { max: input.maxScore, highest: fromHundredths(highest) });
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('score_scale')
    .values({ area: c.area, recruit_year: c.recruitYear, kind: c.kind, max_score_hundredths: max, updated_by: actor.staffUserId, updated_at: now })
    .onConflict((oc) => oc.columns(['area', 'recruit_year', 'kind']).doUpdateSet({ max_score_hundredths: max, updated_by: actor.staffUserId, updated_at: now }))
    .execute();
  await staffAudit(ctx.db, now, 'score.scale', actor, { detail: { area: c.area, recruitYear: c.recruitYear, kind: c.kind, maxScore: fromHundredths(max) } });
  return { maxScore: fromHundredths(max) };
}
