import { DOCTOR_AREA } from '@gradus/contract';
import type { DB } from '../src/db/database';

/**
 * An eligible application an expert may be given by hand: not already theirs, and not one naming
 * them as supervisor. With how many they review already (for the notice's total).
 */
export async function freshFileFor(db: DB, expertUserId: number): Promise<{ applicationId: number; alreadyAssigned: number }> {
  const already = await db.selectFrom('expert_assignment').select('applicant_user_id').where('expert_user_id', '=', expertUserId).execute();
  const app = await db
    .selectFrom('application_form as f')
    .leftJoin('supervisor as s', 's.id', 'f.supervisor_id')
    .select('f.id')
    // The expert review is the doctoral one: the demo's eligible campers are not in it.
    .where('f.area', '=', DOCTOR_AREA)
    .where('f.qualification', '=', 'pass')
    .where('f.status', '=', 'submitted')
    .where((eb) => eb.or([eb('s.user_id', 'is', null), eb('s.user_id', '!=', expertUserId)]))
    .where('f.user_id', 'not in', [0, ...already.map((a) => a.applicant_user_id)])
    .executeTakeFirstOrThrow();
  return { applicationId: app.id, alreadyAssigned: already.length };
}
