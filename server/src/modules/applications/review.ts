import {
  DEPARTMENT_REVIEW_STAGE,
  departmentReviews,
  eligibilityStagesOf,
  QUALIFICATION_REVIEW_STAGE,
  ReplyCode,
  type EligibilityStage,
  type ReturnApplicationRequest,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { inTransaction } from '../../db/transaction';
import { lockApplicant } from '../admissions/applicant-lock';
import { withdrawDecision } from '../admissions/decisions';
import { staffSideOf } from '../admissions/journey';
import type { StaffActor } from '../admissions/staff-audit';
import type { LoadedApplication } from './target';

/** An eligibility decision as the back office sends it (the decide call and the batch). */
export interface EligibilityDecision {
  stage: EligibilityStage;
  outcome: 'pass' | 'fail';
  reason?: string | undefined;
}

const applicantOf = (loaded: LoadedApplication) => ({ userId: loaded.target.applicantUserId, recruitYear: loaded.target.recruitYear, applicantNumber: loaded.applicantNumber });

/** The application's decided outcome of each eligibility stage ('pending' when none). */
async function stageOutcomes(ctx: AppContext, loaded: LoadedApplication): Promise<Record<EligibilityStage, string>> {
  const { target } = loaded;
  const rows = await ctx.db
    .selectFrom('review_decision')
    .select(['stage', 'outcome'])
    .where('user_id', '=', target.applicantUserId)
    .where('recruit_year', '=', target.recruitYear)
    .where('area', '=', target.area)
    .where('stage', 'in', [DEPARTMENT_REVIEW_STAGE, QUALIFICATION_REVIEW_STAGE])
    .execute();
  const of = (stage: string) => rows.find((r) => r.stage === stage)?.outcome ?? 'pending';
  return { departmentReview: of(DEPARTMENT_REVIEW_STAGE), qualificationReview: of(QUALIFICATION_REVIEW_STAGE) };
}

/**
 * An eligibility decision. Only a submitted form is judged (a draft or a returned form is still the
 * applicant's to finish), and only once the area says the application is whole (the doctoral fee
 * paid). Where the school reviews first, the graduate school decides only what the school passed,
 * and the school's decision stands once the graduate school has decided. Deciding again replaces
 * the decision; the audit table keeps every one (the file's history).
 */
export async function decideEligibility(ctx: AppContext, loaded: LoadedApplication, input: EligibilityDecision, actor: StaffActor): Promise<void> {
  const { target } = loaded;
  const who = { applicant: loaded.applicantNumber };
  if (!eligibilityStagesOf(target.area).includes(input.stage)) throw new AppError(ReplyCode.CONFLICT, 'error.noDepartmentReview', who);
  if (loaded.status !== 'submitted') throw new AppError(ReplyCode.CONFLICT, 'error.qualificationNotSubmitted', who);
  const side = staffSideOf(ctx, target.area);
  await inTransaction(ctx.db, async (trx) => {
    // One decision on an applicant at a time: the stages' order is checked and kept in one turn (on
    // PostgreSQL a school's fail and the office's pass sent together could otherwise both land).
    await lockApplicant(trx, target.applicantUserId);
    const within = { ...ctx, db: trx };
    const notReady = await side.notReadyForDecision?.(within, applicantOf(loaded));
    if (notReady) throw notReady;
    // Sent on freezes: once experts review the file, its eligibility no longer changes under them.
    if (await underExpertReview(within, loaded)) throw new AppError(ReplyCode.CONFLICT, 'error.qualificationFrozen', who);
    if (departmentReviews(target.area)) {
      const outcomes = await stageOutcomes(within, loaded);
      if (input.stage === DEPARTMENT_REVIEW_STAGE && outcomes.qualificationReview !== 'pending') throw new AppError(ReplyCode.CONFLICT, 'error.departmentReviewSettled', who);
      if (input.stage === QUALIFICATION_REVIEW_STAGE && outcomes.departmentReview !== 'pass') throw new AppError(ReplyCode.CONFLICT, 'error.departmentReviewFirst', who);
    }
    const stands = await side.decisionStands?.(within, applicantOf(loaded));
    if (stands) throw stands;
    await side.decide(within, applicantOf(loaded), { stage: input.stage, outcome: input.outcome, reason: input.reason ?? '' }, actor);
  });
  ctx.applicantChanged.changed(target.applicantUserId);
}

/**
 * Returns a submitted form to the applicant with the sections to correct and a deadline (the form
 * engine's rules: only a submitted form, at least one of its form's sections, a deadline in the
 * future). A form the graduate school decided stays as decided: returning it would leave a pass on
 * a form being changed. Where the school reviews first, a return withdraws the school's decision:
 * the corrected form is the school's to review again.
 */
export async function returnApplication(
  ctx: AppContext,
  loaded: LoadedApplication,
  input: Omit<ReturnApplicationRequest, 'applicationId'>,
  actor: StaffActor,
): Promise<{ returnedUntil: string }> {
  const { target } = loaded;
  const result = await inTransaction(ctx.db, async (trx) => {
    // In turn with the applicant's decisions (decideEligibility): a decision cannot land between the check and the return.
    await lockApplicant(trx, target.applicantUserId);
    const within = { ...ctx, db: trx };
    const outcomes = await stageOutcomes(within, loaded);
    if (outcomes.qualificationReview !== 'pending') throw new AppError(ReplyCode.CONFLICT, 'error.returnAfterDecision', { applicant: loaded.applicantNumber });
    const returned = await staffSideOf(ctx, target.area).returnForm(
      within,
      applicantOf(loaded),
      { sections: input.sections, reason: input.reason, ...(input.until ? { until: input.until } : {}) },
      actor,
    );
    if (departmentReviews(target.area)) await withdrawDecision(trx, ctx.clock.now(), target.area, applicantOf(loaded), DEPARTMENT_REVIEW_STAGE, actor);
    return returned;
  });
  ctx.applicantChanged.changed(target.applicantUserId);
  return { returnedUntil: new Date(result.returnedUntil).toISOString() };
}

async function underExpertReview(ctx: AppContext, loaded: LoadedApplication): Promise<boolean> {
  const { target } = loaded;
  const row = await ctx.db
    .selectFrom('expert_assignment')
    .select('id')
    .where('applicant_user_id', '=', target.applicantUserId)
    .where('recruit_year', '=', target.recruitYear)
    .where('area', '=', target.area)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}
