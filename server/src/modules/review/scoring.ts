import {
  decimalOf,
  hundredthsOf,
  ReplyCode,
  weightedTotal,
  type ExpertScoreView,
  type MyReviewsView,
  type SaveScoreRequest,
  type ScoreStatus,
  type ScoringView,
  type SheetItem,
} from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { staffAudit } from '../admissions/staff-audit';
import type { LoadedApplication } from '../applications/target';
import { expertWork, reviewSettings, type ReviewCycle } from './cycle';
import { scoreSheet } from './sheets';

/** Ten-thousandths -> '78.50' (rounded half up to hundredths). */
export const totalText = (tenThousandths: number): string => decimalOf(Math.round(tenThousandths / 100));

/** The expert's assignments in the stage, with where each of their scores stands. */
export async function myReviews(db: DB, cycle: ReviewCycle, expertUserId: number): Promise<MyReviewsView> {
  const [settings, rows] = await Promise.all([
    reviewSettings(db, cycle),
    db
      .selectFrom('expert_assignment as a')
      .innerJoin('application_form as f', (join) => join.onRef('f.user_id', '=', 'a.applicant_user_id').onRef('f.recruit_year', '=', 'a.recruit_year').onRef('f.area', '=', 'a.area'))
      .innerJoin('app_user as u', 'u.id', 'f.user_id')
      .leftJoin('programme as p', 'p.id', 'f.programme_id')
      .leftJoin('supervisor as s', 's.id', 'f.supervisor_id')
      .leftJoin('expert_score as es', (join) =>
        join
          .onRef('es.applicant_user_id', '=', 'a.applicant_user_id')
          .onRef('es.recruit_year', '=', 'a.recruit_year')
          .onRef('es.area', '=', 'a.area')
          .onRef('es.stage', '=', 'a.stage')
          .onRef('es.expert_user_id', '=', 'a.expert_user_id'),
      )
      .select(['f.id', 'u.applicant_number', 'u.name', 'p.code', 'p.name_zh', 'p.name_en', 'es.status', 'es.total', 's.user_id as supervisor_user_id'])
      .where('a.expert_user_id', '=', expertUserId)
      .where('a.area', '=', cycle.area)
      .where('a.recruit_year', '=', cycle.recruitYear)
      .where('a.stage', '=', cycle.stage)
      .orderBy('u.applicant_number')
      .execute(),
  ]);
  return {
    stage: cycle.stage,
    closed: settings.closedAt !== null,
    rows: rows
      // Never the applicant who named them, whatever the assignment says.
      .filter((r) => r.supervisor_user_id !== expertUserId)
      .map((r) => ({
        applicationId: r.id,
        applicantNumber: r.applicant_number ?? '',
        name: r.name,
        programme: r.code === null ? null : { code: r.code, nameZh: r.name_zh ?? '', nameEn: r.name_en ?? '' },
        status: (r.status as ScoreStatus | null) ?? 'notStarted',
        total: r.total === null || r.total === undefined ? null : totalText(r.total),
      })),
  };
}

async function scoresOf(db: DB, cycle: ReviewCycle, applicantUserId: number) {
  return db
    .selectFrom('expert_score as es')
    .innerJoin('app_user as e', 'e.id', 'es.expert_user_id')
    .select(['es.expert_user_id', 'e.name', 'es.scores_json', 'es.total', 'es.comment', 'es.status', 'es.version', 'es.submitted_at'])
    .where('es.applicant_user_id', '=', applicantUserId)
    .where('es.recruit_year', '=', cycle.recruitYear)
    .where('es.area', '=', cycle.area)
    .where('es.stage', '=', cycle.stage)
    .orderBy('es.submitted_at')
    .execute();
}
type ScoreRow = Awaited<ReturnType<typeof scoresOf>>[number];

const view = (row: ScoreRow, office = false): ExpertScoreView => ({
  expertName: row.name,
  ...(office ? { expertUserId: row.expert_user_id, version: row.version } : {}),
  status: row.status as ScoreStatus,
  scores: JSON.parse(row.scores_json) as Record<string, string>,
  total: totalText(row.total),
  comment: row.comment,
  submittedAt: row.submitted_at ? new Date(Number(row.submitted_at)).toISOString() : null,
});

/** Who is looking: an expert at their own score, or the office (sees every score, corrects with a reason). */
export type Scorer = { kind: 'expert'; userId: number } | { kind: 'office'; userId: number };

/**
 * One application's scoring screen. Blind: an expert sees the other experts' scores only once
 * their own is submitted; the office sees them all.
 */
export async function scoringView(db: DB, cycle: ReviewCycle, loaded: LoadedApplication, scorer: Scorer): Promise<ScoringView> {
  inCycle(cycle, loaded);
  const form = await db.selectFrom('application_form').select('programme_id').where('id', '=', loaded.applicationId).executeTakeFirstOrThrow();
  const [settings, sheet, rows] = await Promise.all([
    reviewSettings(db, cycle),
    form.programme_id ? scoreSheet(db, cycle, form.programme_id) : Promise.resolve(null),
    scoresOf(db, cycle, loaded.target.applicantUserId),
  ]);
  const closed = settings.closedAt !== null;
  const own = scorer.kind === 'expert' ? rows.find((r) => r.expert_user_id === scorer.userId) : undefined;
  const mine = own
    ? { ...view(own), version: own.version }
    : { expertName: '', status: 'notStarted' as const, scores: {}, total: null, comment: '', submittedAt: null, version: 0 };
  const seesOthers = scorer.kind === 'office' || own?.status === 'submitted';
  return {
    applicationId: loaded.applicationId,
    applicantNumber: loaded.applicantNumber,
    name: loaded.name,
    stage: cycle.stage,
    sheet,
    mine,
    others: seesOthers ? rows.filter((r) => r.expert_user_id !== (scorer.kind === 'expert' ? scorer.userId : -1) && (scorer.kind === 'office' || r.status === 'submitted')).map((r) => view(r, scorer.kind === 'office')) : null,
    closed,
    // An expert's submitted score is final for them (they have seen the others); the office corrects.
    editable: scorer.kind === 'office' || (!closed && own?.status !== 'submitted'),
    reasonRequired: scorer.kind === 'office',
  };
}

/**
 * The application belongs to the stage's cycle: an assignment of another year (a returning
 * applicant) never opens this year's file to an expert.
 */
function inCycle(cycle: ReviewCycle, loaded: LoadedApplication): void {
  if (loaded.target.recruitYear !== cycle.recruitYear || loaded.target.area !== cycle.area) throw new AppError(ReplyCode.NOT_FOUND, 'error.applicationNotFound');
}

/** Each given score is one of the sheet's items, within its minimum and maximum. */
export function checkScores(items: readonly SheetItem[], scores: Record<string, string>, submitting: boolean): void {
  for (const key of Object.keys(scores)) {
    if (!items.some((i) => i.key === key)) throw new AppError(ReplyCode.BAD_INPUT, 'review.unknownItem', { item: key });
  }
  for (const item of items) {
    const given = scores[item.key];
    const name = `${item.nameZh} / ${item.nameEn}`;
    if (given === undefined) {
      if (submitting) throw new AppError(ReplyCode.BAD_INPUT, 'review.itemMissing', { item: name });
      continue;
    }
    if (hundredthsOf(given) > hundredthsOf(item.max)) throw new AppError(ReplyCode.BAD_INPUT, 'review.overMax', { item: name, max: item.max });
    if (item.min !== undefined && hundredthsOf(given) < hundredthsOf(item.min)) throw new AppError(ReplyCode.BAD_INPUT, 'review.underMin', { item: name, min: item.min });
  }
}

/**
 * Saves an expert's score (a draft, or submitted). The version the expert loaded must still be
 * the stored one: a second window that saved meanwhile is not overwritten, it is reported. After
 * the stage closes only the office changes a score, naming the expert and giving a reason that is
 * audited; a submitted score stays submitted.
 */
export async function saveScore(
  db: DB,
  now: number,
  cycle: ReviewCycle,
  loaded: LoadedApplication,
  input: Omit<SaveScoreRequest, 'stage' | 'applicationId'> & { comment: string },
  scorer: Scorer,
): Promise<{ version: number; total: string; status: ScoreStatus }> {
  inCycle(cycle, loaded);
  const expertUserId = scorer.kind === 'expert' ? scorer.userId : input.expertUserId;
  if (expertUserId === undefined) throw new AppError(ReplyCode.BAD_INPUT, 'review.nameTheExpert');
  const reason = input.reason?.trim() || null;
  if (scorer.kind === 'office' && !reason) throw new AppError(ReplyCode.BAD_INPUT, 'review.correctionReason');
  const [settings, form] = await Promise.all([
    reviewSettings(db, cycle),
    db.selectFrom('application_form').select('programme_id').where('id', '=', loaded.applicationId).executeTakeFirstOrThrow(),
  ]);
  if (scorer.kind === 'expert' && settings.closedAt) throw new AppError(ReplyCode.CONFLICT, 'review.closed');
  const sheet = form.programme_id ? await scoreSheet(db, cycle, form.programme_id) : null;
  if (!sheet) throw new AppError(ReplyCode.CONFLICT, 'review.noSheet');
  checkScores(sheet.items, input.scores, input.submit);
  const total = weightedTotal(sheet.items, input.scores);
  const work = expertWork(cycle, loaded.target.applicantUserId, expertUserId);

  const saved = await db.transaction().execute(async (trx) => {
    {
      // Assigned in this very stage, checked where the score is written: an unassignment racing the save wins.
      const assigned = await trx
        .selectFrom('expert_assignment')
        .select('id')
        .where((eb) => eb.and(work))
        .executeTakeFirst();
      if (!assigned) throw new AppError(ReplyCode.CONFLICT, 'review.notAssigned');
    }
    const row = await trx
      .selectFrom('expert_score')
      .select(['id', 'version', 'status', 'submitted_at'])
      .where((eb) => eb.and(work))
      .executeTakeFirst();
    if ((row?.version ?? 0) !== input.version) throw new AppError(ReplyCode.CONFLICT, 'review.scoreStale');
    // Blind review: once an expert has submitted (and so seen the others), only the office changes the score.
    if (scorer.kind === 'expert' && row?.status === 'submitted') throw new AppError(ReplyCode.CONFLICT, 'review.alreadySubmitted');
    // The office corrects what an expert submitted; it never scores in their place.
    if (scorer.kind === 'office' && row?.status !== 'submitted') throw new AppError(ReplyCode.CONFLICT, 'review.correctSubmittedOnly');
    const status: ScoreStatus = input.submit ? 'submitted' : 'draft';
    const values = {
      scores_json: JSON.stringify(input.scores),
      total,
      comment: input.comment,
      status,
      version: input.version + 1,
      submitted_at: input.submit ? row?.submitted_at ?? now : null,
      updated_by: scorer.userId,
      updated_at: now,
    };
    if (row) {
      const updated = await trx.updateTable('expert_score').set(values).where('id', '=', row.id).where('version', '=', input.version).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'review.scoreStale');
    } else {
      const inserted = await trx
        .insertInto('expert_score')
        .values({ ...work, ...values })
        .onConflict((oc) => oc.columns(['applicant_user_id', 'recruit_year', 'area', 'stage', 'expert_user_id']).doNothing())
        .executeTakeFirst();
      // Another window of the same expert created it first.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new AppError(ReplyCode.CONFLICT, 'review.scoreStale');
    }
    if (scorer.kind === 'office') {
      await staffAudit(trx, now, 'review.correctScore', { staffUserId: scorer.userId }, {
        subject: loaded.applicantNumber,
        detail: { recruitYear: cycle.recruitYear, stage: cycle.stage, expertUserId, scores: input.scores, reason },
      });
    }
    return { version: values.version, total: totalText(total), status };
  });
  return saved;
}

/**
 * An expert declares a conflict of interest on a file: it leaves their list for good (the
 * assignment and any draft go; the automatic assignment will not give it back), with the reason
 * kept. A score already submitted cannot be withdrawn this way: the office decides.
 */
export async function declareConflict(db: DB, now: number, cycle: ReviewCycle, loaded: LoadedApplication, expertUserId: number, reason: string): Promise<void> {
  inCycle(cycle, loaded);
  const work = expertWork(cycle, loaded.target.applicantUserId, expertUserId);
  await db.transaction().execute(async (trx) => {
    const scored = await trx
      .selectFrom('expert_score')
      .select('status')
      .where((eb) => eb.and(work))
      .executeTakeFirst();
    if (scored?.status === 'submitted') throw new AppError(ReplyCode.CONFLICT, 'review.alreadyScored');
    await trx
      .insertInto('expert_conflict')
      .values({ expert_user_id: expertUserId, applicant_user_id: work.applicant_user_id, recruit_year: work.recruit_year, area: work.area, reason, declared_at: now })
      .onConflict((oc) => oc.columns(['applicant_user_id', 'recruit_year', 'area', 'expert_user_id']).doNothing())
      .execute();
    for (const table of ['expert_score', 'expert_assignment'] as const) {
      await trx
        .deleteFrom(table)
        .where((eb) => eb.and(work))
        .execute();
    }
    await staffAudit(trx, now, 'review.declareConflict', { staffUserId: expertUserId }, { subject: loaded.applicantNumber, detail: { recruitYear: work.recruit_year, stage: work.stage, reason } });
  });
}
