import { emptyBody } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sendPdf } from '../../../http/send';
import { doctorCall } from '../applicant';
import { cachedCatalogue } from './catalogue';
import { formDetail, saveDraft, submitForm } from './service';
import { formSummaryPdf } from './summary-pdf';

/**
 * The signed-in doctoral applicant's form calls (issue #4). Every record is the caller's own: no
 * call takes a form id. Save and submit check their body themselves, against the form's own rules,
 * so the message can list every problem by section and row (form/issues.ts).
 */
export const formRoutes: FastifyPluginAsync = async (app) => {
  doctorCall(app, { url: '/mucgrs-service/doctor/form/catalogue', body: emptyBody, act: (_applicant, { ctx }) => cachedCatalogue(ctx) });
  doctorCall(app, { url: '/mucgrs-service/doctor/form/detail', body: emptyBody, act: (applicant, { ctx }) => formDetail(ctx, applicant) });
  doctorCall(app, {
    url: '/mucgrs-service/doctor/form/saveDraft',
    body: null,
    act: (applicant, { ctx, request }) => saveDraft(ctx, applicant, request.lang, request.body),
  });
  doctorCall(app, {
    url: '/mucgrs-service/doctor/form/submit',
    body: null,
    act: (applicant, { ctx, request }) => submitForm(ctx, applicant, request.lang, request.body),
  });
  doctorCall(app, {
    url: '/mucgrs-service/doctor/form/summaryPdf',
    body: emptyBody,
    act: (applicant, { ctx, request }) => formSummaryPdf(ctx, applicant, request.lang),
    send: ({ pdf, fileName }, reply) => sendPdf(reply, pdf, fileName),
  });
};
