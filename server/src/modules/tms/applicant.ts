import { TMS_AREA } from '@gradus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import type { Applicant } from '../admissions/applicant';
import { applicantCall, type ApplicantCallDef } from '../admissions/calls';

/** A recommended-exempt (tuimian) applicant, register type 5: the core's applicant of the tms area. */
export type TmsApplicant = Applicant;

/** A tuimian applicant's own call (admissions/calls.ts): always their own records. */
export function tmsCall<S extends ZodType | null, R>(app: FastifyInstance, def: ApplicantCallDef<S, R>): void {
  applicantCall(app, TMS_AREA, def);
}
