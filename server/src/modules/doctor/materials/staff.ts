import { ID_PHOTO_CATEGORY, ReplyCode, type PhotoOutcome } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { staffAudit, type StaffActor } from '../../admissions/staff-audit';
import { refreshListStates } from '../../applications/list-states';
import { latestPhoto, type ApplicantKey } from './repo';

export const PHOTO_REASON_MAX = 500;

interface Decision {
  outcome: PhotoOutcome;
  reason?: string | null;
}

/**
 * Staff decide on the ID photo they looked at, named by its material id: if the applicant replaced
 * it meanwhile, or someone else already decided, the decision is refused rather than landing on a
 * photo staff never saw. The result stays invisible to the applicant until the `photoReview` release
 * of the applicant's year is on; a rejection then lets them upload a new photo, which starts
 * 'uploaded' again and waits for the next decision. Back-office screens will call this as is.
 */
export async function reviewPhoto(
  db: DB,
  now: number,
  input: Decision & { materialId: number },
  actor: StaffActor,
): Promise<{ materialId: number; status: PhotoOutcome; reason: string | null }> {
  const reason = input.reason?.trim() || null;
  if (input.outcome === 'rejected' && !reason) throw new AppError(ReplyCode.BAD_INPUT, 'error.photoReasonRequired');
  if (reason && reason.length > PHOTO_REASON_MAX) throw new AppError(ReplyCode.BAD_INPUT, 'error.photoReasonTooLong', { max: PHOTO_REASON_MAX });
  const { materialId } = input;
  const storedReason = input.outcome === 'rejected' ? reason : null;
  const decided = await db.transaction().execute(async (trx) => {
    const photo = await trx
      .updateTable('application_material')
      .set({ status: input.outcome, review_reason: storedReason, reviewed_at: now })
      .where('id', '=', materialId)
      .where('category', '=', ID_PHOTO_CATEGORY)
      .where('area', '=', 'doctor')
      .where('status', '=', 'uploaded')
      .returning(['user_id', 'recruit_year', 'area'])
      .executeTakeFirst();
    if (!photo) return null;
    // The list's photo filter follows the decision in the same transaction.
    await refreshListStates(trx, { userId: photo.user_id, recruitYear: photo.recruit_year, area: photo.area });
    // Named by the applicant's number, as every staff event is: the file's history finds it there.
    // Written with the decision: never a decision without its trace.
    const owner = await trx.selectFrom('app_user').select('applicant_number').where('id', '=', photo.user_id).executeTakeFirst();
    await staffAudit(trx, now, 'photo.review', actor, {
      subject: owner?.applicant_number ?? null,
      detail: { materialId, recruitYear: photo.recruit_year, outcome: input.outcome, reason: storedReason },
    });
    return photo;
  });
  if (!decided) throw await whyNotDecided(db, materialId);
  return { materialId, status: input.outcome, reason: storedReason };
}

/** The id of the applicant's current photo, to show staff and pass back with their decision. */
export async function currentPhotoId(db: DB, who: ApplicantKey): Promise<number> {
  const photo = await latestPhoto(db, who);
  if (!photo) throw new AppError(ReplyCode.NOT_FOUND, 'error.photoMissing');
  return photo.id;
}

async function whyNotDecided(db: DB, materialId: number): Promise<AppError> {
  const row = await db
    .selectFrom('application_material')
    .select('status')
    .where('id', '=', materialId)
    .where('category', '=', ID_PHOTO_CATEGORY)
    .where('area', '=', 'doctor')
    .executeTakeFirst();
  // Gone: the applicant replaced the photo (a replacement deletes the old one) while staff looked.
  if (!row) return new AppError(ReplyCode.CONFLICT, 'error.photoReplaced');
  return new AppError(ReplyCode.CONFLICT, 'error.photoAlreadyDecided');
}
