import { DOCTOR_AREA } from '@gradus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z, ZodType } from 'zod';
import type { Call } from '../../http/route';
import type { Applicant } from '../admissions/applicant';
import { applicantCall } from '../admissions/calls';

/**
 * A doctoral applicant: the core's applicant of the doctor area. Register types 1, 2 and 4
 * (Hong Kong/Macao/Taiwan, until their own journey) share the doctor cycle: stages, fee, releases.
 */
export type DoctorApplicant = Applicant;

type Input<S> = S extends ZodType ? z.output<S> : undefined;

/** A doctoral applicant's own call (admissions/calls.ts): always their own records. */
export function doctorCall<S extends ZodType | null, R>(
  app: FastifyInstance,
  def: {
    url: string;
    body: S;
    act: (applicant: DoctorApplicant, call: Call<Input<S>>) => Promise<R> | R;
    send?: (result: R, reply: FastifyReply, call: Call<Input<S>>) => unknown;
  },
): void {
  applicantCall(app, DOCTOR_AREA, def);
}
