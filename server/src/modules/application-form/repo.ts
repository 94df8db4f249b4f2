import type { AdmissionArea } from '@gradus/contract';
import type { Selectable } from 'kysely';
import type { ZodType } from 'zod';
import type { ApplicationFormTable, DB } from '../../db/database';
import type { FormSections } from './definition';

/** One applicant's form of one area and year; every area's forms share the table. */
export type FormRow = Selectable<ApplicationFormTable>;

export function findForm(db: DB, area: AdmissionArea, owner: { userId: number; recruitYear: string }): Promise<FormRow | undefined> {
  return db
    .selectFrom('application_form')
    .selectAll()
    .where('user_id', '=', owner.userId)
    .where('recruit_year', '=', owner.recruitYear)
    .where('area', '=', area)
    .executeTakeFirst();
}

/**
 * The stored sections, read back through the draft schema so a reply and a comparison always see
 * the same canonical shape (a row written by an older version is cleaned, never trusted blindly).
 */
export function storedSections<S extends string>(form: { sections: readonly S[]; draftSchemas: Readonly<Record<S, ZodType>> }, row: FormRow | undefined): FormSections<S> {
  if (!row) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(row.sections_json);
  } catch {
    return {};
  }
  const out: FormSections<S> = {};
  for (const section of form.sections) {
    const value = (raw as Record<string, unknown> | null)?.[section];
    if (value === undefined) continue;
    const parsed = form.draftSchemas[section].safeParse(value);
    if (parsed.success && parsed.data !== undefined) out[section] = parsed.data;
  }
  return out;
}

export function reopenedOf<S extends string>(sections: readonly S[], row: FormRow | undefined): S[] {
  if (!row?.reopened_sections || row.status !== 'returned') return [];
  try {
    const list = JSON.parse(row.reopened_sections) as unknown;
    return Array.isArray(list) ? sections.filter((s) => list.includes(s)) : [];
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
