import type { AdmissionArea } from '@gradus/contract';
import type { DB } from '../../db/database';
import { param, perDatabase, prepareQuery } from '../../db/prepared';

/**
 * When an applicant first opened a published result (result_view), so that withdrawing it can
 * name who had already seen it. Written once per applicant and result: the keys already written
 * are remembered here, so a result read a hundred times costs one insert, not a hundred.
 */
const written = perDatabase(() => new Set<string>());
const MAX_REMEMBERED = 200_000;

/** Compiled once: at a release every applicant's first read writes one (db/prepared.ts). */
const insertView = perDatabase((db: DB) =>
  prepareQuery(db, (d) =>
    d
      .insertInto('result_view')
      .values({ area: param(0), recruit_year: param(1), release: param(2), applicant_user_id: param(3) as unknown as number, first_seen_at: param(4) as unknown as number })
      .onConflict((oc) => oc.columns(['area', 'recruit_year', 'release', 'applicant_user_id']).doNothing()),
  ),
);

export async function noteSeen(db: DB, now: number, seen: { area: AdmissionArea; recruitYear: string; release: string; applicantUserId: number }): Promise<void> {
  const key = `${seen.area}|${seen.recruitYear}|${seen.release}|${seen.applicantUserId}`;
  const known = written(db);
  if (known.has(key)) return;
  await insertView(db)(seen.area, seen.recruitYear, seen.release, seen.applicantUserId, now);
  if (known.size >= MAX_REMEMBERED) known.clear();
  known.add(key);
}
