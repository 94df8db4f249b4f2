import type { AdmissionArea } from '@gradus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import { forbidden } from '../../lib/app-error';
import { route, type Call, type Input } from '../../http/route';
import { applicantOfSession, sessionOf, type Applicant } from './applicant';

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
    load: ({ request }) => applicantOfSession(sessionOf(request)),
    authorize: () => ({ kind: 'application.self', area }),
    act: (applicant, call) => {
      // The policy admits applicants of this area only; an account without a number or year is none.
      if (!applicant || applicant.area !== area) throw forbidden();
      return def.act(applicant, call);
    },
    ...(def.send ? { send: def.send } : {}),
  });
}
