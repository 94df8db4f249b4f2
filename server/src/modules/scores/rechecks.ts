import {
  RECHECK_KINDS,
  RECHECK_REASON_PREFIX,
  RECHECK_RECOMPUTED_REASON,
  ReplyCode,
  type AdmissionArea,
  type AnswerRecheckRequest,
  type RecheckKind,
  type RecheckListRequest,
  type RecheckListView,
  type RecheckOutcome,
  type RecheckRowView,
  type RecheckState,
  type RecheckView,
  type RecheckWindowRequest,
  type RecheckWindowView,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB, ScoreRecheckTable } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { bilingual, translate } from '../../locales';
import { audit } from '../audit/service';
import { staffAudit, type StaffActor } from '../admissions/staff-audit';
import { finalWeightsOf, recomputeFinalOf } from './final';
import { writeScore } from './record';
import { fromHundredths, maxOf, toHundredths } from './service';

/**
 * Score re-checks (复核, contract/api/score-rechecks.ts), for any area: the window per cycle and
 * kind, an applicant's one request per score, the office's answer. A correction goes through
 * writeScore (a new version, the old one kept) and recomputes the final score built on it, in the
 * same transaction; the applicant is then told by mail that the answer is in the portal (never the
 * score). Whether the score is released is the area's to say: its applicant calls check it first.
 */
export interface RecheckOwner {
  userId: number;
  recruitYear: string;
  area: AdmissionArea;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
/** 'YYYY-MM-DD HH:mm' on the university's clock (Beijing), whatever the server's zone: what a refusal names. */
const BEIJING = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
export const beijingTime = (isoTime: string): string => BEIJING.format(new Date(isoTime));
type Selected = Omit<ScoreRecheckTable, 'id'> & { id: number };

async function windowOf(db: DB, area: string, recruitYear: string, kind: RecheckKind): Promise<RecheckWindowView> {
  const row = await db.selectFrom('score_recheck_window').select(['opens_at', 'closes_at']).where('area', '=', area).where('recruit_year', '=', recruitYear).where('kind', '=', kind).executeTakeFirst();
  return { kind, opensAt: row ? iso(row.opens_at) : null, closesAt: row ? iso(row.closes_at) : null };
}

const isOpen = (w: RecheckWindowView, now: number) => w.opensAt !== null && w.closesAt !== null && Date.parse(w.opensAt) <= now && now < Date.parse(w.closesAt);

function recheckView(r: Selected): RecheckView {
  return {
    kind: r.kind as RecheckKind,
    reason: r.reason,
    state: r.state as RecheckState,
    requestedAt: iso(r.requested_at),
    outcome: (r.outcome as RecheckOutcome | null) ?? null,
    answer: r.answer,
    oldScore: fromHundredths(r.old_hundredths),
    newScore: r.new_hundredths === null ? null : fromHundredths(r.new_hundredths),
    answeredAt: r.answered_at === null ? null : iso(r.answered_at),
  };
}

const requestOf = (db: DB, owner: RecheckOwner, kind: RecheckKind) =>
  db.selectFrom('score_recheck').selectAll().where('user_id', '=', owner.userId).where('recruit_year', '=', owner.recruitYear).where('area', '=', owner.area).where('kind', '=', kind).executeTakeFirst();

const scoreOf = (db: DB, owner: RecheckOwner, kind: RecheckKind) =>
  db.selectFrom('exam_score').select(['score_hundredths']).where('user_id', '=', owner.userId).where('recruit_year', '=', owner.recruitYear).where('area', '=', owner.area).where('kind', '=', kind).executeTakeFirst();

/** The applicant's view of one score's re-check (the score is released: the caller checked). */
export async function recheckStatus(ctx: AppContext, owner: RecheckOwner, kind: RecheckKind) {
  const [window, request, score] = await Promise.all([windowOf(ctx.db, owner.area, owner.recruitYear, kind), requestOf(ctx.db, owner, kind), scoreOf(ctx.db, owner, kind)]);
  const open = isOpen(window, ctx.clock.now());
  return { published: true as const, hasScore: !!score, window, open, canRequest: open && !!score && !request, request: request ? recheckView(request) : null };
}

/** Asks for a re-check: refused without a score, outside the window, or a second time. */
export async function requestRecheck(ctx: AppContext, owner: RecheckOwner, kind: RecheckKind, reason: string) {
  const now = ctx.clock.now();
  const score = await scoreOf(ctx.db, owner, kind);
  if (!score) throw new AppError(ReplyCode.NOT_FOUND, 'rechecks.noScore');
  if (await requestOf(ctx.db, owner, kind)) throw new AppError(ReplyCode.CONFLICT, 'rechecks.already');
  const window = await windowOf(ctx.db, owner.area, owner.recruitYear, kind);
  if (window.opensAt === null || window.closesAt === null) throw new AppError(ReplyCode.FORBIDDEN, 'rechecks.noWindow');
  if (now < Date.parse(window.opensAt)) throw new AppError(ReplyCode.FORBIDDEN, 'rechecks.notYetOpen', { opens: beijingTime(window.opensAt) });
  if (now >= Date.parse(window.closesAt)) throw new AppError(ReplyCode.FORBIDDEN, 'rechecks.closed', { closes: beijingTime(window.closesAt) });
  try {
    await inTransaction(ctx.db, async (trx) => {
      await trx
        .insertInto('score_recheck')
        .values({ user_id: owner.userId, recruit_year: owner.recruitYear, area: owner.area, kind, reason, state: 'requested', requested_at: now, old_hundredths: Number(score.score_hundredths) })
        .execute();
      await audit(trx, now, 'score.recheckRequest', { userId: owner.userId, detail: { area: owner.area, recruitYear: owner.recruitYear, kind } });
    });
  } catch (err) {
    // Two requests racing: the database keeps one.
    if (isUniqueViolation(err)) throw new AppError(ReplyCode.CONFLICT, 'rechecks.already');
    throw err;
  }
  return recheckStatus(ctx, owner, kind);
}

export async function recheckList(ctx: AppContext, input: RecheckListRequest): Promise<RecheckListView> {
  let q = ctx.db
    .selectFrom('score_recheck as r')
    .innerJoin('app_user as u', 'u.id', 'r.user_id')
    .leftJoin('app_user as s', 's.id', 'r.answered_by')
    .leftJoin('exam_score as e', (j) => j.onRef('e.user_id', '=', 'r.user_id').onRef('e.recruit_year', '=', 'r.recruit_year').onRef('e.area', '=', 'r.area').onRef('e.kind', '=', 'r.kind'))
    .selectAll('r')
    .select(['u.applicant_number', 'u.name', 's.login_name as by_login', 's.name as by_name', 'e.score_hundredths as current_hundredths', 'e.max_score_hundredths as current_max'])
    .where('r.area', '=', input.area)
    .where('r.recruit_year', '=', input.recruitYear);
  if (input.state) q = q.where('r.state', '=', input.state);
  if (input.kind) q = q.where('r.kind', '=', input.kind);
  const rows = await q.orderBy('r.requested_at').orderBy('r.id').execute();
  const windows = await Promise.all(RECHECK_KINDS.map((kind) => windowOf(ctx.db, input.area, input.recruitYear, kind)));
  const maxes = new Map<string, number>();
  for (const kind of RECHECK_KINDS) maxes.set(kind, await maxOf(ctx.db, { area: input.area, recruitYear: input.recruitYear, kind }));
  return {
    recruitYear: input.recruitYear,
    windows,
    rows: rows.map(
      (r): RecheckRowView => ({
        ...recheckView(r),
        id: r.id,
        applicantNumber: r.applicant_number ?? '',
        name: r.name,
        currentScore: r.current_hundredths === null || r.current_hundredths === undefined ? null : fromHundredths(r.current_hundredths),
        maxScore: fromHundredths(r.current_max ?? maxes.get(r.kind) ?? 10_000),
        answeredBy: r.by_login ? { loginName: r.by_login, name: r.by_name ?? '' } : null,
      }),
    ),
  };
}

/** The office's answer: once; a correction is a new version (at most full marks, not the same value) and recomputes the final score. */
export async function answerRecheck(ctx: AppContext, input: AnswerRecheckRequest, actor: StaffActor): Promise<RecheckRowView> {
  const row = await ctx.db.selectFrom('score_recheck').selectAll().where('id', '=', input.id).where('area', '=', input.area).executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.NOT_FOUND, 'rechecks.notFound');
  if (row.state !== 'requested') throw new AppError(ReplyCode.CONFLICT, 'rechecks.alreadyAnswered');
  const owner: RecheckOwner = { userId: row.user_id, recruitYear: row.recruit_year, area: input.area };
  const kind = row.kind as RecheckKind;
  const current = await ctx.db
    .selectFrom('exam_score')
    .select(['score_hundredths', 'max_score_hundredths'])
    .where('user_id', '=', owner.userId)
    .where('recruit_year', '=', owner.recruitYear)
    .where('area', '=', owner.area)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!current) throw new AppError(ReplyCode.NOT_FOUND, 'rechecks.noScore');
  const currentHundredths = Number(current.score_hundredths);
  const max = Number(current.max_score_hundredths);
  let newHundredths = currentHundredths;
  if (input.outcome === 'corrected') {
    newHundredths = toHundredths(input.score!);
    if (newHundredths > max) throw new AppError(ReplyCode.BAD_INPUT, 'rechecks.aboveMax', { max: fromHundredths(max) });
    if (newHundredths === currentHundredths) throw new AppError(ReplyCode.BAD_INPUT, 'rechecks.sameScore', { score: fromHundredths(currentHundredths) });
  }
  const weights = input.outcome === 'corrected' ? await finalWeightsOf(ctx, owner) : undefined;
  const now = ctx.clock.now();
  let finalRecomputed = false;
  await inTransaction(ctx.db, async (trx) => {
    // Only a request still waiting is answered: two answers racing, the second changes nothing.
    const answered = await trx
      .updateTable('score_recheck')
      .set({ state: 'answered', outcome: input.outcome, answer: input.answer, new_hundredths: newHundredths, answered_by: actor.staffUserId, answered_at: now })
      .where('id', '=', row.id)
      .where('state', '=', 'requested')
      .executeTakeFirst();
    if (Number(answered.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'rechecks.alreadyAnswered');
    if (input.outcome === 'corrected') {
      await writeScore(
        trx,
        now,
        { userId: owner.userId, recruitYear: owner.recruitYear, area: owner.area, kind, scoreHundredths: newHundredths, maxHundredths: max, reason: `${RECHECK_REASON_PREFIX}${input.answer}`, source: 'hand', by: actor.staffUserId },
        { score_hundredths: currentHundredths, max_score_hundredths: max },
      );
      finalRecomputed = await recomputeFinalOf(trx, now, owner, weights, RECHECK_RECOMPUTED_REASON, actor);
    }
    const applicant = await trx.selectFrom('app_user').select('applicant_number').where('id', '=', owner.userId).executeTakeFirstOrThrow();
    await staffAudit(trx, now, 'score.recheckAnswer', actor, {
      subject: applicant.applicant_number,
      detail: { area: owner.area, recruitYear: owner.recruitYear, kind, outcome: input.outcome, from: fromHundredths(currentHundredths), to: fromHundredths(newHundredths), finalRecomputed },
    });
  });
  await tellApplicant(ctx, owner);
  const view = await recheckList(ctx, { area: input.area, recruitYear: owner.recruitYear, kind });
  return view.rows.find((r) => r.id === row.id)!;
}

/** "The answer to your re-check is in the portal": never the score. A mail that cannot go is logged; the answer stands. */
async function tellApplicant(ctx: AppContext, owner: RecheckOwner): Promise<void> {
  const user = await ctx.db.selectFrom('app_user').select(['name', 'email', 'applicant_number']).where('id', '=', owner.userId).executeTakeFirst();
  if (!user?.email) return;
  const params = { name: user.name, number: user.applicant_number ?? '', year: owner.recruitYear, link: `${ctx.config.publicUrl}/login` };
  try {
    await ctx.mailer.send({ to: user.email, subject: translate('zh-CN', 'mail.recheckAnswered.subject', params), text: bilingual('zh-CN', 'mail.recheckAnswered.body', params) });
  } catch (err) {
    ctx.log.error({ err, userId: owner.userId }, 'a re-check answer notice could not be sent');
  }
}

export async function saveRecheckWindow(ctx: AppContext, input: RecheckWindowRequest, actor: StaffActor): Promise<RecheckListView> {
  const now = ctx.clock.now();
  const opens = Date.parse(input.opensAt);
  const closes = Date.parse(input.closesAt);
  await inTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom('score_recheck_window').where('area', '=', input.area).where('recruit_year', '=', input.recruitYear).where('kind', '=', input.kind).execute();
    await trx
      .insertInto('score_recheck_window')
      .values({ area: input.area, recruit_year: input.recruitYear, kind: input.kind, opens_at: opens, closes_at: closes, updated_by: actor.staffUserId, updated_at: now })
      .execute();
    await staffAudit(trx, now, 'score.recheckWindow', actor, { detail: { area: input.area, recruitYear: input.recruitYear, kind: input.kind, opensAt: iso(opens), closesAt: iso(closes) } });
  });
  return recheckList(ctx, { area: input.area, recruitYear: input.recruitYear });
}
