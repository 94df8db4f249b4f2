import { SUMMER_CAMP_AREA } from '@gradus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import type { Applicant } from '../admissions/applicant';
import { applicantCall, type ApplicantCallDef } from '../admissions/calls';

/** A summer-camp applicant (register type 3): the core's applicant of the summerCamp area. */
export type CampApplicant = Applicant;

/** A summer-camp applicant's own call (admissions/calls.ts): always their own records. */
export function campCall<S extends ZodType | null, R>(app: FastifyInstance, def: ApplicantCallDef<S, R>): void {
  applicantCall(app, SUMMER_CAMP_AREA, def);
}
