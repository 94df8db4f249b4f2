import { PROGRAMME_DEGREES, TMS_DEGREE_PROGRAMMES, type ProgrammeDegree, type TmsCampResultView, type TmsCatalogueView, type TmsDraftSections } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { directionsOf, strayChoices } from '../../application-form/catalogue';
import type { FormIssue } from '../../application-form/issues';
import { attendedCampResultsOf } from '../../summer-camp/admission/results';

type Choice = NonNullable<TmsDraftSections['choice']>;
type Recommendation = NonNullable<TmsDraftSections['recommendation']>;
const DEGREES = [PROGRAMME_DEGREES.MASTER, PROGRAMME_DEGREES.DOCTORATE];

/** The applicant's ID number: their camp results are found by it (a camp account is another account). */
async function idNumberOf(db: DB, userId: number): Promise<string | null> {
  const row = await db.selectFrom('app_user').select('id_number').where('id', '=', userId).executeTakeFirst();
  return row?.id_number ?? null;
}

/**
 * What a tuimian applicant may choose: departments -> master's and doctoral programmes (a degree
 * type names which) -> research directions -> supervisors; and the released camp results of this
 * university that they attended, which the form may link. Without an applicant (the back office's
 * catalogue, which names the choices of every file), no camp results.
 */
export async function tmsCatalogue(db: DB, userId: number | null): Promise<TmsCatalogueView> {
  const [departments, programmes, idNumber] = await Promise.all([
    db.selectFrom('department').select(['id', 'code', 'name_zh', 'name_en']).orderBy('order_num').orderBy('id').execute(),
    db.selectFrom('programme').select(['id', 'department_id', 'code', 'name_zh', 'name_en', 'degree']).where('degree', 'in', DEGREES).orderBy('code').execute(),
    userId === null ? null : idNumberOf(db, userId),
  ]);
  const directions = await directionsOf(
    db,
    programmes.map((p) => p.id),
  );
  const view: TmsCatalogueView = { departments: [], campResults: idNumber ? await attendedCampResultsOf(db, idNumber) : [] };
  for (const d of departments) {
    const progs = programmes
      .filter((p) => p.department_id === d.id)
      .map((p) => ({ id: p.id, code: p.code, nameZh: p.name_zh, nameEn: p.name_en, degree: p.degree as ProgrammeDegree, directions: directions.get(p.id) ?? [] }));
    if (progs.length > 0) view.departments.push({ id: d.id, code: d.code, nameZh: d.name_zh, nameEn: d.name_en, programmes: progs });
  }
  return view;
}

/**
 * The camp result a form links, as the back office reads it: the staff catalogue is nobody's, so it
 * lists no camp results, and the file would otherwise show a bare place number.
 */
export async function linkedCampResult(db: DB, userId: number, placeId: number | undefined): Promise<TmsCampResultView | null> {
  if (placeId === undefined) return null;
  const idNumber = await idNumberOf(db, userId);
  if (!idNumber) return null;
  return (await attendedCampResultsOf(db, idNumber)).find((c) => c.placeId === placeId) ?? null;
}

/**
 * The choice names a programme of the degree its type asks for, a direction of that programme and
 * a supervisor of that direction; a linked camp result is one of this applicant's own, for the same
 * programme (a camp result counts only there). Checked against the database itself.
 */
export async function tmsCatalogueIssues(db: DB, userId: number, choice: Choice | undefined, recommendation: Recommendation | undefined): Promise<FormIssue[]> {
  const issues: FormIssue[] = [];
  if (choice?.programmeId !== undefined) {
    const programme = await db.selectFrom('programme').select('degree').where('id', '=', choice.programmeId).executeTakeFirst();
    if (!programme || !DEGREES.includes(programme.degree as (typeof DEGREES)[number])) {
      issues.push({ code: 'custom', path: ['choice', 'programmeId'], message: 'form.notInCatalogue' });
    } else if (choice.degreeType && TMS_DEGREE_PROGRAMMES[choice.degreeType] !== programme.degree) {
      issues.push({ code: 'custom', path: ['choice', 'programmeId'], message: 'tms.programmeNotOfDegree' });
    }
  }
  if (choice) for (const field of await strayChoices(db, choice)) issues.push({ code: 'custom', path: ['choice', field], message: 'form.notInCatalogue' });
  const placeId = recommendation?.campPlaceId;
  if (placeId !== undefined) {
    const idNumber = await idNumberOf(db, userId);
    const result = idNumber ? (await attendedCampResultsOf(db, idNumber)).find((r) => r.placeId === placeId) : undefined;
    if (!result) issues.push({ code: 'custom', path: ['recommendation', 'campPlaceId'], message: 'tms.campResultNotYours' });
    else if (choice?.programmeId !== undefined && choice.programmeId !== result.programmeId) {
      issues.push({ code: 'custom', path: ['recommendation', 'campPlaceId'], message: 'tms.campResultOtherProgramme' });
    }
  }
  return issues;
}
