import type { AdmissionArea } from '@gradus/contract';
import type { DB } from '../../db/database';
import { perDatabase } from '../../db/prepared';

/**
 * When an applicant first opened a published result (result_view), so that withdrawing it can
 * name who had already seen it. Written once per applicant and result: the keys already written
 * are remembered here, so a result read a hundred times costs one insert, not a hundred.
 */
const written = perDatabase(() => new Set<string>());
const MAX_REMEMBERED = 200_000;

export async function noteSeen(db: DB, now: number, seen: { area: AdmissionArea; recruitYear: string; release: string; applicantUserId: number }): Promise<void> {
  const key = `${seen.area}|${seen.recruitYear}|${seen.release}|${seen.applicantUserId}`;
  const known = written(db);
  if (known.has(key)) return;
  await db
    .insertInto('result_view')
    .values({ area: seen.area, recruit_year: seen.recruitYear, release: seen.release, applicant_user_id: seen.applicantUserId, first_seen_at: now })
    .onConflict((oc) => oc.columns(['area', 'recruit_year', 'release', 'applicant_user_id']).doNothing())
    .execute();
  if (known.size >= MAX_REMEMBERED) known.clear();
  known.add(key);
}
