import type { AdmissionArea } from '@gradus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import { route, type Call, type Input } from '../../http/route';
import { applicantOf, type Applicant } from './applicant';

/**
 * An applicant's self-service call of one area: the target is the caller's own application (never
 * one the client names), the action `application.self` of the area. Records a call names (an
 * order, a file) are then looked up by this applicant's id, so another's is simply not found.
 */
export interface ApplicantCallDef<S extends ZodType | null, R> {
  url: string;
  body: S;
  act: (applicant: Applicant, call: Call<Input<S>>) => Promise<R> | R;
  send?: (result: R, reply: FastifyReply, call: Call<Input<S>>) => unknown;
}

export function applicantCall<S extends ZodType | null, R>(app: FastifyInstance, area: AdmissionArea, def: ApplicantCallDef<S, R>): void {
  route(app, {
    url: def.url,
    body: def.body,
    authorize: () => ({ kind: 'application.self', area }),
    // The caller is the target: applicantOf names them (and refuses an account without a number or year).
    act: (_none, call) => def.act(applicantOf(call.request, area), call),
    ...(def.send ? { send: def.send } : {}),
  });
}
