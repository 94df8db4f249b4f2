import { DOCTOR_AREA, ReplyCode, isTrackingNumber, type PostedKind } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { staffAudit, type StaffActor } from '../../admissions/staff-audit';

export interface TrackingInput {
  userId: number;
  recruitYear: string;
  kind: PostedKind;
  trackingNumber: string;
  /** For the audit trail: whose post this is. */
  applicantNumber?: string;
}

/**
 * Staff record the postal tracking number of the admission notice or the paper file-transfer
 * letter once posted. The applicant then sees it, and the address it went to can no longer be
 * edited. Entering a new number corrects a typo and moves the posting date.
 */
export async function setTrackingNumber(db: DB, now: number, input: TrackingInput, actor: StaffActor): Promise<{ trackingNumber: string }> {
  const trackingNumber = input.trackingNumber.trim().toUpperCase();
  if (!isTrackingNumber(trackingNumber)) throw new AppError(ReplyCode.BAD_INPUT, 'error.admission.trackingFormat');
  const updated = await db
    .updateTable('admission_record')
    .set({ tracking_number: trackingNumber, tracking_set_at: now })
    .where('user_id', '=', input.userId)
    .where('recruit_year', '=', input.recruitYear)
    .where('area', '=', DOCTOR_AREA)
    .where('kind', '=', input.kind)
    .executeTakeFirst();
  // Nothing is posted to an address the applicant never gave.
  if (Number(updated.numUpdatedRows) === 0) throw new AppError(ReplyCode.NOT_FOUND, 'error.admission.noMailingInfo');
  await staffAudit(db, now, 'admission.post', actor, {
    subject: input.applicantNumber ?? null,
    detail: { userId: input.userId, recruitYear: input.recruitYear, kind: input.kind, trackingNumber },
  });
  return { trackingNumber };
}
