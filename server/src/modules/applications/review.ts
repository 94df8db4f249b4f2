import {
  QUALIFICATION_REVIEW_STAGE,
  ReplyCode,
  type QualificationDecisionRequest,
  type ReturnApplicationRequest,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { staffSideOf } from '../admissions/journey';
import type { StaffActor } from '../admissions/staff-audit';
import type { LoadedApplication } from './target';

/**
 * The eligibility review's decision. Only a submitted form whose fee is paid is judged: a draft or
 * a returned form is still the applicant's to finish, and an unpaid application is not yet one.
 * Deciding again replaces the decision; the audit table keeps every one (the file's history).
 */
export async function decideQualification(
  ctx: AppContext,
  loaded: LoadedApplication,
  input: Omit<QualificationDecisionRequest, 'applicationId'>,
  actor: StaffActor,
): Promise<void> {
  const { target } = loaded;
  if (loaded.status !== 'submitted') throw new AppError(ReplyCode.CONFLICT, 'error.qualificationNotSubmitted', { applicant: loaded.applicantNumber });
  const paid = await ctx.db
    .selectFrom('payment_order')
    .select('id')
    .where('user_id', '=', target.applicantUserId)
    .where('recruit_year', '=', target.recruitYear)
    .where('area', '=', target.area)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (!paid) throw new AppError(ReplyCode.CONFLICT, 'error.qualificationUnpaid', { applicant: loaded.applicantNumber });
  // Sent on freezes: once experts review the file, its eligibility no longer changes under them.
  if (await underExpertReview(ctx, loaded)) throw new AppError(ReplyCode.CONFLICT, 'error.qualificationFrozen', { applicant: loaded.applicantNumber });
  await staffSideOf(ctx, target.area).decide(
    ctx,
    { userId: target.applicantUserId, recruitYear: target.recruitYear, applicantNumber: loaded.applicantNumber },
    { stage: QUALIFICATION_REVIEW_STAGE, outcome: input.outcome, reason: input.reason ?? '' },
    actor,
  );
  ctx.applicantChanged.changed(target.applicantUserId);
}

/**
 * Returns a submitted form to the applicant with the sections to correct and a deadline (the form
 * service's rules: only a submitted form, at least one section, a deadline in the future). The
 * version the reviewer saw must still be the form's: a form resubmitted meanwhile is not returned.
 */
export async function returnApplication(
  ctx: AppContext,
  loaded: LoadedApplication,
  input: Omit<ReturnApplicationRequest, 'applicationId'>,
  actor: StaffActor,
): Promise<{ returnedUntil: string }> {
  const { target } = loaded;
  // A decided application stays as decided: returning it would leave a pass on a form being changed.
  const decided = await ctx.db
    .selectFrom('application_form')
    .select('qualification')
    .where('id', '=', loaded.applicationId)
    .executeTakeFirst();
  if (decided && decided.qualification !== 'pending') throw new AppError(ReplyCode.CONFLICT, 'error.returnAfterDecision', { applicant: loaded.applicantNumber });
  const result = await staffSideOf(ctx, target.area).returnForm(
    ctx,
    { userId: target.applicantUserId, recruitYear: target.recruitYear, applicantNumber: loaded.applicantNumber },
    { sections: input.sections, reason: input.reason, ...(input.until ? { until: input.until } : {}) },
    actor,
  );
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
