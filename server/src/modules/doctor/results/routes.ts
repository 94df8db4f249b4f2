import { ReplyCode, reviewResultRequest, scoreRequest, ticketRequest } from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { contentDisposition } from '../../../lib/content-disposition';
import { PDF_MIME } from '../../../lib/pdf';
import { ok } from '../../../lib/reply';
import { parseInput } from '../../../lib/validation';
import { translate } from '../../../locales';
import { doctorApplicantOf } from '../applicant';
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
  const { ctx } = app;

  app.post('/mucgrs-service/doctor/results/review', async (request) => {
    const { stage } = parseInput(reviewResultRequest, request.body);
    return ok(request, await reviewResult(ctx.db, doctorApplicantOf(request), stage));
  });

  app.post('/mucgrs-service/doctor/results/ticket', async (request) => {
    const { kind } = parseInput(ticketRequest, request.body);
    return ok(request, await ticketResult(ctx.db, doctorApplicantOf(request), kind));
  });

  app.post('/mucgrs-service/doctor/results/ticketPdf', async (request, reply) => {
    const { kind } = parseInput(ticketRequest, request.body);
    const applicant = doctorApplicantOf(request);
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
    const name = `${translate(request.lang, 'ticket.fileName', { name: view.name, kind: translate(request.lang, `ticket.kind.${kind}`) })}.pdf`;
    return reply
      .header('Content-Type', PDF_MIME)
      .header('Content-Disposition', contentDisposition(name, 'inline'))
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });

  app.post('/mucgrs-service/doctor/results/score', async (request) => {
    const { kind } = parseInput(scoreRequest, request.body);
    return ok(request, await scoreResult(ctx.db, doctorApplicantOf(request), kind));
  });
};
