import { DOCTOR_AREA } from '@gradus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import type { Applicant } from '../admissions/applicant';
import { applicantCall, type ApplicantCallDef } from '../admissions/calls';

/**
 * A doctoral applicant: the core's applicant of the doctor area. Register types 1, 2 and 4
 * (Hong Kong/Macao/Taiwan, until their own journey) share the doctor cycle: stages, fee, releases.
 */
export type DoctorApplicant = Applicant;

/** A doctoral applicant's own call (admissions/calls.ts): always their own records. */
export function doctorCall<S extends ZodType | null, R>(app: FastifyInstance, def: ApplicantCallDef<S, R>): void {
  applicantCall(app, DOCTOR_AREA, def);
}
