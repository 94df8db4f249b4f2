import type { CampCatalogueView, CampMode } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { directionsOf } from '../../application-form/catalogue';

/**
 * The camps a camper of `recruitYear` may choose from: each camp with its programmes, their
 * research directions and supervisors. Read on each call rather than cached: the office edits camps
 * (windows, programmes) during the season, and a camper must see a change at once.
 */

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** Within a camp's application window, ends included. */
export const campOpen = (camp: { apply_opens_at: number | string; apply_closes_at: number | string }, now: number): boolean =>
  now >= Number(camp.apply_opens_at) && now <= Number(camp.apply_closes_at);

export async function campCatalogue(db: DB, recruitYear: string, now: number): Promise<CampCatalogueView> {
  const camps = await db.selectFrom('summer_camp').selectAll().where('recruit_year', '=', recruitYear).orderBy('starts_on').orderBy('id').execute();
  if (camps.length === 0) return { camps: [] };
  const programmes = await db
    .selectFrom('summer_camp_programme as cp')
    .innerJoin('programme as p', 'p.id', 'cp.programme_id')
    .innerJoin('department as d', 'd.id', 'p.department_id')
    .select(['cp.camp_id', 'cp.capacity', 'p.id', 'p.code', 'p.name_zh', 'p.name_en', 'd.name_zh as department_name_zh', 'd.name_en as department_name_en'])
    .where(
      'cp.camp_id',
      'in',
      camps.map((c) => c.id),
    )
    .orderBy('p.code')
    .orderBy('p.id')
    .execute();
  const directions = await directionsOf(
    db,
    programmes.map((p) => p.id),
  );
  return {
    camps: camps.map((c) => ({
      id: c.id,
      nameZh: c.name_zh,
      nameEn: c.name_en,
      startsOn: c.starts_on,
      endsOn: c.ends_on,
      mode: c.mode as CampMode,
      placeZh: c.place_zh,
      placeEn: c.place_en,
      applyOpensAt: iso(c.apply_opens_at),
      applyClosesAt: iso(c.apply_closes_at),
      open: campOpen(c, now),
      programmes: programmes
        .filter((p) => p.camp_id === c.id)
        .map((p) => ({
          id: p.id,
          code: p.code,
          nameZh: p.name_zh,
          nameEn: p.name_en,
          department: { nameZh: p.department_name_zh, nameEn: p.department_name_en },
          capacity: p.capacity,
          directions: directions.get(p.id) ?? [],
        })),
    })),
  };
}

/** The year's camps with the programmes each offers: the windows a camper's choices answer to. */
export async function campsOfYear(db: DB, recruitYear: string) {
  const [camps, places] = await Promise.all([
    db.selectFrom('summer_camp').select(['id', 'name_zh', 'name_en', 'apply_opens_at', 'apply_closes_at']).where('recruit_year', '=', recruitYear).orderBy('id').execute(),
    db.selectFrom('summer_camp_programme as cp').innerJoin('summer_camp as c', 'c.id', 'cp.camp_id').select(['cp.camp_id', 'cp.programme_id']).where('c.recruit_year', '=', recruitYear).execute(),
  ]);
  return camps.map((c) => ({ ...c, programmeIds: places.filter((p) => p.camp_id === c.id).map((p) => p.programme_id) }));
}
export type YearCamp = Awaited<ReturnType<typeof campsOfYear>>[number];
