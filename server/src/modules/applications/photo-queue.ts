import { ID_PHOTO_CATEGORY, type AdmissionArea, type ApplicationScope, type PhotoInQueue, type PhotoQueueView } from '@gradus/contract';
import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { staffSideOf } from '../admissions/journey';
import { currentRecruitYear } from '../user/repo';
import { inScope, type From } from './list';

/** The waiting ID photos of an area inside the caller's scope: each applicant's current photo, undecided. */
function waitingPhotos(db: DB, area: AdmissionArea, recruitYear: string, scope: ApplicationScope) {
  return db
    .selectFrom('application_material as m')
    .innerJoin('application_form as f', (join) =>
      join.on(sql<SqlBool>`f.user_id = m.user_id and f.recruit_year = m.recruit_year and f.area = m.area`),
    )
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .where('m.area', '=', area)
    .where('m.recruit_year', '=', recruitYear)
    .where('m.category', '=', ID_PHOTO_CATEGORY)
    .where('m.status', '=', 'uploaded')
    .where((eb) => inScope(eb as unknown as From, scope));
}

/** How long the photo on a reviewer's screen stays theirs without a decision. */
export const PHOTO_CLAIM_MS = 3 * 60_000;

/**
 * The photo review queue: the oldest waiting photo first (the applicant who uploaded first is
 * answered first), and the one after it so the page can load its bytes while the reviewer looks.
 * Photos passed over in this sitting are not offered again until the page is reloaded. The photo
 * shown is claimed for the reviewer for a few minutes: another reviewer of the same queue is shown
 * the next one, and the claim on a photo left behind (skipped, or decided) is released.
 */
export async function nextPhotos(ctx: AppContext, area: AdmissionArea, scope: ApplicationScope, skip: readonly number[], reviewerId: number): Promise<PhotoQueueView> {
  const { db } = ctx;
  const now = ctx.clock.now();
  // This year's photos: an undecided one of a closed cycle is not today's work.
  const recruitYear = (await currentRecruitYear(db)) ?? '';
  const [rows, count, rules] = await Promise.all([
    waitingPhotos(db, area, recruitYear, scope)
      .innerJoin('stored_file as sf', 'sf.id', 'm.stored_file_id')
      .leftJoin('programme as p', 'p.id', 'f.programme_id')
      .select(['m.id', 'm.created_at', 'f.id as application_id', 'u.applicant_number', 'u.name', 'sf.file_path', 'sf.size_bytes', 'p.code', 'p.name_zh', 'p.name_en'])
      .$if(skip.length > 0, (q) => q.where('m.id', 'not in', [...skip]))
      // Not one another reviewer has on screen.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('photo_claim as c')
              .select('c.material_id')
              .whereRef('c.material_id', '=', 'm.id')
              .where('c.expires_at', '>', now)
              .where('c.staff_user_id', '!=', reviewerId),
          ),
        ),
      )
      .orderBy('m.id')
      .limit(CANDIDATES)
      .execute(),
    waitingPhotos(db, area, recruitYear, scope)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    staffSideOf(ctx, area).photoRules(ctx),
  ]);
  // Two reviewers asking at once may pick the same photo: the claim decides, the other takes the next.
  let shown = -1;
  for (const [i, row] of rows.entries()) {
    if (await claim(db, now, row.id, reviewerId)) {
      shown = i;
      break;
    }
  }
  await db
    .deleteFrom('photo_claim')
    .where('staff_user_id', '=', reviewerId)
    .$if(shown >= 0, (q) => q.where('material_id', '!=', rows[shown]!.id))
    .execute();
  const view = (r: (typeof rows)[number] | undefined): PhotoInQueue | null =>
    r
      ? {
          materialId: r.id,
          applicationId: r.application_id,
          applicantNumber: r.applicant_number ?? '',
          name: r.name,
          programme: r.code === null ? null : { code: r.code, nameZh: r.name_zh ?? '', nameEn: r.name_en ?? '' },
          filePath: r.file_path,
          sizeBytes: r.size_bytes,
          uploadedAt: new Date(Number(r.created_at)).toISOString(),
        }
      : null;
  return { photo: shown >= 0 ? view(rows[shown]) : null, following: shown >= 0 ? view(rows[shown + 1]) : null, waiting: Number(count.n), rules, area };
}

/** Photos looked at per call: the one to show, the one after it, and spares lost to a race. */
const CANDIDATES = 4;

/** Claims a photo for the reviewer, unless another reviewer's claim on it still runs. */
async function claim(db: DB, now: number, materialId: number, reviewerId: number): Promise<boolean> {
  const expires = now + PHOTO_CLAIM_MS;
  const row = await db
    .insertInto('photo_claim')
    .values({ material_id: materialId, staff_user_id: reviewerId, expires_at: expires })
    .onConflict((oc) =>
      oc
        .column('material_id')
        .doUpdateSet({ staff_user_id: reviewerId, expires_at: expires })
        .where((eb) => eb.or([eb('photo_claim.expires_at', '<=', now), eb('photo_claim.staff_user_id', '=', reviewerId)])),
    )
    .returning('material_id')
    .executeTakeFirst();
  return row !== undefined;
}
