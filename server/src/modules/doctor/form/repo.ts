import { DOCTOR_AREA, FORM_SECTIONS, type DraftSections, type FormSection } from '@gradus/contract';
import type { DB } from '../../../db/database';
import * as forms from '../../application-form/repo';
import { doctorForm } from './definition';

export { beijingTime, isoOrNull, type FormRow } from '../../application-form/repo';

/** The doctor area's forms; the same table holds other areas' forms. */
export const FORM_AREA = DOCTOR_AREA;

export function findForm(db: DB, owner: { userId: number; recruitYear: string }): Promise<forms.FormRow | undefined> {
  return forms.findForm(db, FORM_AREA, owner);
}

/** The stored sections, read back through the doctoral draft schema. */
export function storedSections(row: forms.FormRow | undefined): DraftSections {
  return forms.storedSections(doctorForm, row) as DraftSections;
}

export function reopenedOf(row: forms.FormRow | undefined): FormSection[] {
  return forms.reopenedOf(FORM_SECTIONS, row);
}
