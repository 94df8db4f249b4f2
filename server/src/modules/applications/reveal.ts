import { ReplyCode, type RevealedIdNumber } from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { staffAudit, type StaffActor } from '../admissions/staff-audit';
import type { LoadedApplication } from './target';

/**
 * The full ID number of an applicant, which every page shows masked. Staff give a reason; the
 * reason, who asked and when go to the audit table first (the record's history shows them), so a
 * number is never shown without its trace.
 */
export async function revealIdNumber(db: DB, now: number, loaded: LoadedApplication, reason: string, actor: StaffActor): Promise<RevealedIdNumber> {
  const user = await db.selectFrom('app_user').select(['id_type', 'id_number']).where('id', '=', loaded.target.applicantUserId).executeTakeFirstOrThrow();
  if (!user.id_number) throw new AppError(ReplyCode.NOT_FOUND, 'error.noIdNumber');
  await staffAudit(db, now, 'application.revealId', actor, {
    subject: loaded.applicantNumber,
    detail: { recruitYear: loaded.target.recruitYear, reason },
  });
  return { idType: user.id_type, idNumber: user.id_number };
}
