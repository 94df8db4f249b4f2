import { ReplyCode, reviewResultRequest, scoreRequest, ticketRequest } from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../../config';
import { sendPdf } from '../../../http/send';
import { AppError } from '../../../lib/app-error';
import { translate } from '../../../locales';
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

/** The signed-in doctoral applicant's results calls (issue #4): always their own records. */
export const resultsRoutes: FastifyPluginAsync = async (app) => {
  doctorCall(app, {
    url: '/mucgrs-service/doctor/results/review',
    body: reviewResultRequest,
    act: (applicant, { ctx, input }) => reviewResult(ctx.db, applicant, input.stage),
  });

  doctorCall(app, {
    url: '/mucgrs-service/doctor/results/ticket',
    body: ticketRequest,
    act: (applicant, { ctx, input }) => ticketResult(ctx.db, applicant, input.kind),
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
    act: (applicant, { ctx, input }) => scoreResult(ctx.db, applicant, input.kind),
  });
};
