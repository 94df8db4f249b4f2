import { PROGRAMME_DEGREES, type CatalogueView, type DraftSections } from '@gradus/contract';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import { directionsOf, strayChoices } from '../../application-form/catalogue';

/**
 * The doctoral catalogue: departments -> doctoral programmes -> research directions -> supervisors.
 * Reference data, cached briefly like menus; the form's choices are checked against the
 * database itself, so a direction withdrawn a moment ago is refused at once.
 */
export async function loadCatalogue(db: DB): Promise<CatalogueView> {
  const [departments, programmes] = await Promise.all([
    db.selectFrom('department').select(['id', 'code', 'name_zh', 'name_en']).orderBy('order_num').orderBy('id').execute(),
    db.selectFrom('programme').select(['id', 'department_id', 'code', 'name_zh', 'name_en']).where('degree', '=', PROGRAMME_DEGREES.DOCTORATE).orderBy('code').execute(),
  ]);
  const directions = await directionsOf(
    db,
    programmes.map((p) => p.id),
  );
  const view: CatalogueView = { departments: [] };
  for (const d of departments) {
    const progs = programmes
      .filter((p) => p.department_id === d.id)
      .map((p) => ({ id: p.id, code: p.code, nameZh: p.name_zh, nameEn: p.name_en, directions: directions.get(p.id) ?? [] }));
    // A department without a doctoral programme has nothing to choose.
    if (progs.length > 0) view.departments.push({ id: d.id, code: d.code, nameZh: d.name_zh, nameEn: d.name_en, programmes: progs });
  }
  return view;
}

export function cachedCatalogue(ctx: AppContext): Promise<CatalogueView> {
  return ctx.cache.get('doctor:catalogue', () => loadCatalogue(ctx.db));
}

type Intended = NonNullable<DraftSections['intended']>;
type Issue = Pick<z.core.$ZodIssue, 'path' | 'message' | 'code'>;

/**
 * Each chosen id must exist and hang under the one chosen above it (a programme of the chosen
 * department, a doctoral one, and so on). Returns issues in the form's own shape.
 */
export async function intendedIssues(db: DB, intended: Intended): Promise<Issue[]> {
  const issues: Issue[] = [];
  const bad = (field: keyof Intended) => issues.push({ code: 'custom', path: ['intended', field], message: 'form.notInCatalogue' });
  const { departmentId, programmeId } = intended;
  if (departmentId !== undefined) {
    const row = await db.selectFrom('department').select('id').where('id', '=', departmentId).executeTakeFirst();
    if (!row) bad('departmentId');
  }
  if (programmeId !== undefined) {
    const row = await db.selectFrom('programme').select(['department_id', 'degree']).where('id', '=', programmeId).executeTakeFirst();
    if (!row || row.degree !== PROGRAMME_DEGREES.DOCTORATE || (departmentId !== undefined && row.department_id !== departmentId)) bad('programmeId');
  }
  for (const field of await strayChoices(db, intended)) bad(field);
  return issues;
}

/** Names of the chosen catalogue entries, for the printed summary. */
export async function intendedNames(
  db: DB,
  intended: Intended | undefined,
): Promise<{ department?: [string, string]; programme?: [string, string]; direction?: [string, string]; supervisor?: [string, string] }> {
  if (!intended) return {};
  const out: Awaited<ReturnType<typeof intendedNames>> = {};
  if (intended.departmentId) {
    const r = await db.selectFrom('department').select(['name_zh', 'name_en']).where('id', '=', intended.departmentId).executeTakeFirst();
    if (r) out.department = [r.name_zh, r.name_en];
  }
  if (intended.programmeId) {
    const r = await db.selectFrom('programme').select(['name_zh', 'name_en']).where('id', '=', intended.programmeId).executeTakeFirst();
    if (r) out.programme = [r.name_zh, r.name_en];
  }
  if (intended.directionId) {
    const r = await db.selectFrom('research_direction').select(['name_zh', 'name_en']).where('id', '=', intended.directionId).executeTakeFirst();
    if (r) out.direction = [r.name_zh, r.name_en];
  }
  if (intended.supervisorId) {
    const r = await db.selectFrom('supervisor').select(['name', 'title_zh', 'title_en']).where('id', '=', intended.supervisorId).executeTakeFirst();
    if (r) out.supervisor = [`${r.name}（${r.title_zh}）`, `${r.name} (${r.title_en})`];
  }
  return out;
}
