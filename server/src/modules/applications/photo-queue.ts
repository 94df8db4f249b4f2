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

/**
 * The photo review queue: the oldest waiting photo first (the applicant who uploaded first is
 * answered first), and the one after it so the page can load its bytes while the reviewer looks.
 * Photos passed over in this sitting are not offered again until the page is reloaded.
 */
export async function nextPhotos(ctx: AppContext, area: AdmissionArea, scope: ApplicationScope, skip: readonly number[]): Promise<PhotoQueueView> {
  const { db } = ctx;
  // This year's photos: an undecided one of a closed cycle is not today's work.
  const recruitYear = (await currentRecruitYear(db)) ?? '';
  const [rows, count, rules] = await Promise.all([
    waitingPhotos(db, area, recruitYear, scope)
      .innerJoin('stored_file as sf', 'sf.id', 'm.stored_file_id')
      .leftJoin('programme as p', 'p.id', 'f.programme_id')
      .select(['m.id', 'm.created_at', 'f.id as application_id', 'u.applicant_number', 'u.name', 'sf.file_path', 'sf.size_bytes', 'p.code', 'p.name_zh', 'p.name_en'])
      .$if(skip.length > 0, (q) => q.where('m.id', 'not in', [...skip]))
      .orderBy('m.id')
      .limit(2)
      .execute(),
    waitingPhotos(db, area, recruitYear, scope)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    staffSideOf(ctx, area).photoRules(ctx),
  ]);
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
  return { photo: view(rows[0]), following: view(rows[1]), waiting: Number(count.n), rules, area };
}
