import { ReplyCode, type PhotoOutcome } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { latestPhoto } from './repo';

export const PHOTO_REASON_MAX = 500;

/**
 * Staff decide on an applicant's current ID photo. The result stays invisible to the applicant
 * until `release.photoReview` is on; a rejection then lets them upload a new photo, which starts
 * 'uploaded' again and waits for the next decision. Back-office screens will call this as is.
 */
export async function reviewPhoto(
  db: DB,
  now: number,
  input: { userId: number; recruitYear: string; outcome: PhotoOutcome; reason?: string | null },
): Promise<{ materialId: number; status: PhotoOutcome; reason: string | null }> {
  const reason = input.reason?.trim() || null;
  if (input.outcome === 'rejected' && !reason) throw new AppError(ReplyCode.BAD_INPUT, 'error.photoReasonRequired');
  if (reason && reason.length > PHOTO_REASON_MAX) throw new AppError(ReplyCode.BAD_INPUT, 'error.photoReasonTooLong', { max: PHOTO_REASON_MAX });
  const photo = await latestPhoto(db, input);
  if (!photo) throw new AppError(ReplyCode.NOT_FOUND, 'error.photoMissing');
  const storedReason = input.outcome === 'rejected' ? reason : null;
  await db.updateTable('application_material').set({ status: input.outcome, review_reason: storedReason, reviewed_at: now }).where('id', '=', photo.id).execute();
  return { materialId: photo.id, status: input.outcome, reason: storedReason };
}
