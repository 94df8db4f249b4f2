import { PLACE_TAKING_STATUSES, SUMMER_CAMP_AREA } from '@gradus/contract';
import type { DB } from '../../../db/database';

/** Forms that count as applications to a camp: submitted, or returned for corrections (still in review). */
const APPLIED = ['submitted', 'returned'];

/**
 * The programmes each submitted application of a year chooses (first and second choice). The
 * choices live in the form's sections (a form names up to two programmes), so they are read there;
 * the office changes camps rarely, and only then is this asked.
 */
async function submittedChoices(db: DB, recruitYear: string): Promise<Set<number>[]> {
  const forms = await db
    .selectFrom('application_form')
    .select('sections_json')
    .where('area', '=', SUMMER_CAMP_AREA)
    .where('recruit_year', '=', recruitYear)
    .where('status', 'in', APPLIED)
    .execute();
  return forms.map((f) => chosenProgrammes(f.sections_json));
}

/** How many submitted applications of a year choose each programme. */
export async function applicationsByProgramme(db: DB, recruitYear: string): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const chosen of await submittedChoices(db, recruitYear)) for (const id of chosen) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/** How many submitted applications of a year choose one of these programmes (an application choosing two counts once). */
export async function applicationsChoosing(db: DB, recruitYear: string, programmeIds: readonly number[]): Promise<number> {
  return (await submittedChoices(db, recruitYear)).filter((chosen) => programmeIds.some((id) => chosen.has(id))).length;
}

function chosenProgrammes(json: string): Set<number> {
  try {
    const choices = (JSON.parse(json) as { choices?: unknown } | null)?.choices;
    if (!Array.isArray(choices)) return new Set();
    return new Set(choices.map((c) => (c as { programmeId?: unknown } | null)?.programmeId).filter((id): id is number => typeof id === 'number'));
  } catch {
    return new Set();
  }
}

/** The places each programme has offered or seen confirmed in a year (camp admission). */
export async function placesGiven(db: DB, recruitYear: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('camp_place')
    .select(['programme_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('recruit_year', '=', recruitYear)
    .where('status', 'in', [...PLACE_TAKING_STATUSES])
    .groupBy('programme_id')
    .execute();
  return new Map(rows.map((r) => [r.programme_id, Number(r.n)]));
}
