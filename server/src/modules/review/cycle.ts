import { ReplyCode, SCORED_STAGE_AREA, type AdmissionArea, type CombineMethod, type ReviewSettingsView, type ScoredStage, type SaveReviewSettingsRequest } from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { staffAudit } from '../admissions/staff-audit';
import { currentRecruitYear } from '../user/repo';

/** One scored stage of one area's cycle: what every expert-review call works within. */
export interface ReviewCycle {
  area: AdmissionArea;
  recruitYear: string;
  stage: ScoredStage;
}

/**
 * One expert's work on one applicant in the cycle's stage, as column values: their assignment and
 * their score are both found (and written) by it.
 */
export const expertWork = (cycle: ReviewCycle, applicantUserId: number, expertUserId: number) => ({
  applicant_user_id: applicantUserId,
  recruit_year: cycle.recruitYear,
  area: cycle.area,
  stage: cycle.stage,
  expert_user_id: expertUserId,
});

/** The back office reviews the current recruitment year, in the area the stage belongs to. */
export async function currentCycle(db: DB, stage: ScoredStage): Promise<ReviewCycle> {
  const recruitYear = await currentRecruitYear(db);
  if (!recruitYear) throw new AppError(ReplyCode.CONFLICT, 'review.noCurrentYear');
  return { area: SCORED_STAGE_AREA[stage], recruitYear, stage };
}

/** Until the office sets them: three experts each, the two-of-three minimum, a plain mean, 40 files an evening's expert can take. */
const DEFAULTS = { method: 'mean' as CombineMethod, minExperts: 2, expertsPerApplication: 3, maxLoad: 40 };

export async function reviewSettings(db: DB, cycle: ReviewCycle): Promise<ReviewSettingsView> {
  const row = await db
    .selectFrom('review_setting')
    .selectAll()
    .where('area', '=', cycle.area)
    .where('recruit_year', '=', cycle.recruitYear)
    .where('stage', '=', cycle.stage)
    .executeTakeFirst();
  return {
    stage: cycle.stage,
    recruitYear: cycle.recruitYear,
    method: (row?.method as CombineMethod | undefined) ?? DEFAULTS.method,
    minExperts: row?.min_experts ?? DEFAULTS.minExperts,
    expertsPerApplication: row?.experts_per_application ?? DEFAULTS.expertsPerApplication,
    maxLoad: row?.max_load ?? DEFAULTS.maxLoad,
    closedAt: row?.closed_at ? new Date(Number(row.closed_at)).toISOString() : null,
  };
}

/**
 * Serialises the changes of one stage's assignments: a write to the stage's settings row holds a
 * row lock on PostgreSQL until the transaction ends (SQLite runs one write transaction at a time),
 * so two assignments racing for an expert's last free place cannot both take it. The row is made
 * with the defaults when the office has not saved rules yet (reading it gives the same values).
 */
export async function lockStage(db: DB, now: number, cycle: ReviewCycle): Promise<void> {
  await db
    .insertInto('review_setting')
    .values({
      area: cycle.area,
      recruit_year: cycle.recruitYear,
      stage: cycle.stage,
      method: DEFAULTS.method,
      min_experts: DEFAULTS.minExperts,
      experts_per_application: DEFAULTS.expertsPerApplication,
      max_load: DEFAULTS.maxLoad,
      closed_at: null,
      updated_by: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['area', 'recruit_year', 'stage']).doNothing())
    .execute();
  await db
    .updateTable('review_setting')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('area', '=', cycle.area)
    .where('recruit_year', '=', cycle.recruitYear)
    .where('stage', '=', cycle.stage)
    .execute();
}

/** Writes the stage's rules, keeping whether it is closed. */
export async function saveReviewSettings(db: DB, now: number, cycle: ReviewCycle, input: Omit<SaveReviewSettingsRequest, 'stage'>, by: number | null): Promise<ReviewSettingsView> {
  const values = {
    method: input.method,
    min_experts: input.minExperts,
    experts_per_application: input.expertsPerApplication,
    max_load: input.maxLoad,
    updated_by: by,
    updated_at: now,
  };
  await db
    .insertInto('review_setting')
    .values({ area: cycle.area, recruit_year: cycle.recruitYear, stage: cycle.stage, closed_at: null, ...values })
    .onConflict((oc) => oc.columns(['area', 'recruit_year', 'stage']).doUpdateSet(values))
    .execute();
  await staffAudit(db, now, 'review.settings', { staffUserId: by }, { detail: { ...cycle, ...input } });
  return reviewSettings(db, cycle);
}

/** Closes the stage (experts can no longer change a score) or opens it again. */
export async function closeReview(db: DB, now: number, cycle: ReviewCycle, closed: boolean, by: number | null): Promise<ReviewSettingsView> {
  const current = await reviewSettings(db, cycle);
  const values = {
    method: current.method,
    min_experts: current.minExperts,
    experts_per_application: current.expertsPerApplication,
    max_load: current.maxLoad,
    closed_at: closed ? now : null,
    updated_by: by,
    updated_at: now,
  };
  await db
    .insertInto('review_setting')
    .values({ area: cycle.area, recruit_year: cycle.recruitYear, stage: cycle.stage, ...values })
    .onConflict((oc) => oc.columns(['area', 'recruit_year', 'stage']).doUpdateSet({ closed_at: values.closed_at, updated_by: by, updated_at: now }))
    .execute();
  await staffAudit(db, now, 'review.close', { staffUserId: by }, { detail: { ...cycle, closed } });
  return reviewSettings(db, cycle);
}
