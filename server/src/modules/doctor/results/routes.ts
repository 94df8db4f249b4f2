import { DOCTOR_AREA, ReplyCode, recheckRequest, requestRecheckRequest, reviewResultRequest, scoreRelease, scoreRequest, ticketRelease, ticketRequest } from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../../config';
import { sendPdf } from '../../../http/send';
import { AppError } from '../../../lib/app-error';
import { translate } from '../../../locales';
import type { AppContext } from '../../../context';
import { noteSeen } from '../../releases/seen';
import { recheckStatus, requestRecheck } from '../../scores/rechecks';
import { cycleOf, releasedSet } from '../journey/releases';
import { doctorCall } from '../applicant';
import { applicantTicket, ticketPhotoBytes, reviewResult, scoreResult, ticketHolder, ticketResult, ticketView } from './service';
import { ticketPdf } from './ticket-pdf';

/**
 * Where the QR code points. PUBLIC_URL when the deployment set one; otherwise (the built-in
 * localhost default) the address the applicant reached the portal by, so a ticket printed on a
 * LAN demo still verifies from a phone on that LAN.
 */
export function verifyBase(config: AppConfig, request: FastifyRequest): string {
  const implicit = config.publicUrl === `http://localhost:${config.port}`;
  return implicit ? `${request.protocol}://${request.host}` : config.publicUrl;
}

/** Remembers that the applicant has now read a published result (a withdrawal names who had). */
async function seen<V>(ctx: AppContext, applicant: { userId: number; recruitYear: string }, release: string, view: V, shown: boolean): Promise<V> {
  if (shown) await noteSeen(ctx.db, ctx.clock.now(), { area: DOCTOR_AREA, recruitYear: applicant.recruitYear, release, applicantUserId: applicant.userId });
  return view;
}

/** The signed-in doctoral applicant's results calls (issue #4): always their own records. */
export const resultsRoutes: FastifyPluginAsync = async (app) => {
  doctorCall(app, {
    url: '/mucgrs-service/doctor/results/review',
    body: reviewResultRequest,
    act: async (applicant, { ctx, input }) => {
      const view = await reviewResult(ctx.db, applicant, input.stage);
      return seen(ctx, applicant, input.stage, view, view.published && view.outcome !== null);
    },
  });

  doctorCall(app, {
    url: '/mucgrs-service/doctor/results/ticket',
    body: ticketRequest,
    act: async (applicant, { ctx, input }) => {
      const view = await ticketResult(ctx.db, applicant, input.kind);
      return seen(ctx, applicant, ticketRelease(input.kind), view, view.published && !!view.ticket);
    },
  });

  doctorCall(app, {
    url: '/mucgrs-service/doctor/results/ticketPdf',
    body: ticketRequest,
    act: async (applicant, { ctx, request, input: { kind } }) => {
      const ticket = await applicantTicket(ctx.db, applicant, kind);
      if (ticket === 'unpublished') throw new AppError(ReplyCode.FORBIDDEN, 'error.notPublished');
      if (!ticket) throw new AppError(ReplyCode.NOT_FOUND, 'error.noTicket');
      const view = ticketView(ticket, await ticketHolder(ctx.db, applicant.userId));
      const pdf = await ticketPdf({
        ticket: view,
        recruitYear: applicant.recruitYear,
        photo: await ticketPhotoBytes(ctx, applicant),
        verifyUrl: `${verifyBase(ctx.config, request)}/verify/ticket/${ticket.verifyCode}`,
        lang: request.lang,
      });
      const fileName = `${translate(request.lang, 'ticket.fileName', { name: view.name, kind: translate(request.lang, `ticket.kind.${kind}`) })}.pdf`;
      return { pdf, fileName };
    },
    send: ({ pdf, fileName }, reply) => sendPdf(reply, pdf, fileName),
  });

  doctorCall(app, {
    url: '/mucgrs-service/doctor/results/score',
    body: scoreRequest,
    act: async (applicant, { ctx, input }) => {
      const view = await scoreResult(ctx.db, applicant, input.kind);
      return seen(ctx, applicant, scoreRelease(input.kind), view, view.published && view.score !== null);
    },
  });

  // Score re-checks (复核): only of a released score; before its release nothing is said about it.
  doctorCall(app, {
    url: '/mucgrs-service/doctor/results/recheck',
    body: recheckRequest,
    act: async (applicant, { ctx, input }) => {
      if (!(await releasedSet(ctx.db, cycleOf(applicant), applicant.recruitYear)).has(scoreRelease(input.kind))) return { published: false as const };
      return recheckStatus(ctx, { ...applicant, area: DOCTOR_AREA }, input.kind);
    },
  });

  doctorCall(app, {
    url: '/mucgrs-service/doctor/results/requestRecheck',
    body: requestRecheckRequest,
    act: async (applicant, { ctx, input }) => {
      if (!(await releasedSet(ctx.db, cycleOf(applicant), applicant.recruitYear)).has(scoreRelease(input.kind))) throw new AppError(ReplyCode.FORBIDDEN, 'rechecks.notReleased');
      return requestRecheck(ctx, { ...applicant, area: DOCTOR_AREA }, input.kind, input.reason);
    },
  });
};
