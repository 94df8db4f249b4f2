import type { ApplicationFilterOptionsView, ApplicationScope } from '@gradus/contract';
import type { DB } from '../../db/database';

/**
 * What the list's filters offer: the cycles on record and the departments and programmes the
 * scope covers (a secretary sees only their own departments; everyone else every department,
 * since their list is already narrowed by assignment).
 */
export async function applicationFilterOptions(db: DB, scope: ApplicationScope): Promise<ApplicationFilterOptionsView> {
  const mine = scope.kind === 'departments' ? [...scope.departmentIds] : null;
  if (mine && mine.length === 0) return { ...(await years(db)), departments: [], programmes: [] };
  let departments = db.selectFrom('department').select(['id', 'name_zh', 'name_en']).orderBy('order_num');
  let programmes = db.selectFrom('programme').select(['id', 'department_id', 'code', 'name_zh', 'name_en']).orderBy('code');
  if (mine) {
    departments = departments.where('id', 'in', mine);
    programmes = programmes.where('department_id', 'in', mine);
  }
  const [d, p, y] = await Promise.all([departments.execute(), programmes.execute(), years(db)]);
  return {
    ...y,
    departments: d.map((r) => ({ id: r.id, nameZh: r.name_zh, nameEn: r.name_en })),
    programmes: p.map((r) => ({ id: r.id, departmentId: r.department_id, code: r.code, nameZh: r.name_zh, nameEn: r.name_en })),
  };
}

async function years(db: DB): Promise<Pick<ApplicationFilterOptionsView, 'recruitYears' | 'currentYear'>> {
  const rows = await db.selectFrom('recruit_year').select(['year', 'is_current']).orderBy('year', 'desc').execute();
  return { recruitYears: rows.map((r) => r.year), currentYear: rows.find((r) => r.is_current === 1)?.year ?? null };
}
