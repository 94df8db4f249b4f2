import type { AdmissionArea } from '@gradus/contract';
import type { DB } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { refreshListStates } from '../applications/list-states';
import { staffAudit, type StaffActor } from './staff-audit';
import type { StaffApplicant } from './journey';

/** A review stage's outcome as staff record it; the area validated it. */
export interface StageDecision {
  stage: string;
  outcome: 'pass' | 'fail';
  /** Shown to the applicant with a fail; none for a pass. */
  reason?: string | undefined;
}

/**
 * Records a review stage's outcome for an applicant's cycle of an area, replacing an earlier one;
 * the audit table keeps every one (the file's history). The list's states follow in the same
 * transaction (the eligibility and school reviews are filters of the back office's list).
 */
export async function recordDecision(db: DB, now: number, area: AdmissionArea, applicant: StaffApplicant, d: StageDecision, actor: StaffActor): Promise<void> {
  const values = { outcome: d.outcome, reason: d.reason || null, decided_by: actor.staffUserId, decided_at: now };
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('review_decision')
      .values({ user_id: applicant.userId, recruit_year: applicant.recruitYear, area, stage: d.stage, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'recruit_year', 'area', 'stage']).doUpdateSet(values))
      .execute();
    await refreshListStates(trx, { userId: applicant.userId, recruitYear: applicant.recruitYear, area });
  });
  await staffAudit(db, now, 'review.decide', actor, {
    subject: applicant.applicantNumber,
    detail: { recruitYear: applicant.recruitYear, stage: d.stage, outcome: d.outcome, reason: d.reason || null },
  });
}

/**
 * Takes a stage's decision back when its form is returned for correction (the corrected form is
 * reviewed again), audited. Nothing happens when the stage was not decided.
 */
export async function withdrawDecision(db: DB, now: number, area: AdmissionArea, applicant: StaffApplicant, stage: string, actor: StaffActor): Promise<void> {
  const removed = await inTransaction(db, async (trx) => {
    const gone = await trx
      .deleteFrom('review_decision')
      .where('user_id', '=', applicant.userId)
      .where('recruit_year', '=', applicant.recruitYear)
      .where('area', '=', area)
      .where('stage', '=', stage)
      .executeTakeFirst();
    await refreshListStates(trx, { userId: applicant.userId, recruitYear: applicant.recruitYear, area });
    return Number(gone.numDeletedRows) > 0;
  });
  if (removed) await staffAudit(db, now, 'review.withdraw', actor, { subject: applicant.applicantNumber, detail: { recruitYear: applicant.recruitYear, stage, cause: 'formReturned' } });
}
