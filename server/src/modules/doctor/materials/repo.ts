import type { DB } from '../../../db/database';
import * as materials from '../../materials/repo';
import { DOCTOR_MATERIALS } from './area';

/** The engine's records (modules/materials/repo.ts), of the doctor area, for the doctoral staff side. */
export type { ApplicantKey, MaterialRow } from '../../materials/repo';
export const materialsOf = (db: DB, who: materials.ApplicantKey) => materials.materialsOf(db, DOCTOR_MATERIALS, who);
export const latestPhoto = (db: DB, who: materials.ApplicantKey) => materials.latestPhoto(db, DOCTOR_MATERIALS, who);

export { lockApplicant } from '../../admissions/applicant-lock';
