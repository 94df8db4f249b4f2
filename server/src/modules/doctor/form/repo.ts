import { DOCTOR_AREA, draftSections, FORM_SECTIONS, type DraftSections, type FormSection } from '@gradus/contract';
import type { Selectable } from 'kysely';
import type { ApplicationFormTable, DB } from '../../../db/database';

/** The doctor area's forms; the same table holds other areas' forms. */
export const FORM_AREA = DOCTOR_AREA;

export type FormRow = Selectable<ApplicationFormTable>;

export function findForm(db: DB, owner: { userId: number; recruitYear: string }): Promise<FormRow | undefined> {
  return db
    .selectFrom('application_form')
    .selectAll()
    .where('user_id', '=', owner.userId)
    .where('recruit_year', '=', owner.recruitYear)
    .where('area', '=', FORM_AREA)
    .executeTakeFirst();
}

/**
 * The stored sections, read back through the draft schema so a reply and a comparison always see
 * the same canonical shape (a row written by an older version is cleaned, never trusted blindly).
 */
export function storedSections(row: FormRow | undefined): DraftSections {
  if (!row) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(row.sections_json);
  } catch {
    return {};
  }
  const out: Record<string, unknown> = {};
  const shape = draftSections.shape;
  for (const section of FORM_SECTIONS) {
    const value = (raw as Record<string, unknown> | null)?.[section];
    if (value === undefined) continue;
    const parsed = shape[section].safeParse(value);
    if (parsed.success && parsed.data !== undefined) out[section] = parsed.data;
  }
  return out as DraftSections;
}

export function reopenedOf(row: FormRow | undefined): FormSection[] {
  if (!row?.reopened_sections || row.status !== 'returned') return [];
  try {
    const list = JSON.parse(row.reopened_sections) as unknown;
    return Array.isArray(list) ? FORM_SECTIONS.filter((s) => list.includes(s)) : [];
  } catch {
    return [];
  }
}

const FORMAT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
/** 'YYYY-MM-DD HH:mm' in Beijing time: the university's clock, whatever the server's zone. */
export const beijingTime = (ms: number): string => FORMAT.format(new Date(ms));

export const isoOrNull = (ms: number | null | undefined): string | null => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());
