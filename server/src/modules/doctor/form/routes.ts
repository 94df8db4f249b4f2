import { emptyBody } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { contentDisposition } from '../../../lib/content-disposition';
import { PDF_MIME } from '../../../lib/pdf';
import { ok } from '../../../lib/reply';
import { parseInput } from '../../../lib/validation';
import { doctorApplicantOf } from '../applicant';
import { cachedCatalogue } from './catalogue';
import { formDetail, saveDraft, submitForm } from './service';
import { formSummaryPdf } from './summary-pdf';

/**
 * The signed-in doctoral applicant's form calls (issue #4). Each resolves the applicant first (403
 * for anyone else), and every record is the caller's own: no call takes a form id.
 */
export const formRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.post('/mucgrs-service/doctor/form/catalogue', async (request) => {
    doctorApplicantOf(request);
    parseInput(emptyBody, request.body);
    return ok(request, await cachedCatalogue(ctx));
  });

  app.post('/mucgrs-service/doctor/form/detail', async (request) => {
    const applicant = doctorApplicantOf(request);
    parseInput(emptyBody, request.body);
    return ok(request, await formDetail(ctx, applicant));
  });

  app.post('/mucgrs-service/doctor/form/saveDraft', async (request) => {
    const applicant = doctorApplicantOf(request);
    return ok(request, await saveDraft(ctx, applicant, request.lang, request.body));
  });

  app.post('/mucgrs-service/doctor/form/submit', async (request) => {
    const applicant = doctorApplicantOf(request);
    return ok(request, await submitForm(ctx, applicant, request.lang, request.body));
  });

  app.post('/mucgrs-service/doctor/form/summaryPdf', async (request, reply) => {
    const applicant = doctorApplicantOf(request);
    parseInput(emptyBody, request.body);
    const { pdf, fileName } = await formSummaryPdf(ctx, applicant, request.lang);
    return reply
      .header('Content-Type', PDF_MIME)
      .header('Content-Disposition', contentDisposition(fileName, 'inline'))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(pdf);
  });
};
