import { emptyBody } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tmsCall } from '../applicant';
import { saveTmsDraft, submitTmsForm, tmsFormCatalogue, tmsFormDetail } from './service';

/**
 * The signed-in tuimian applicant's form calls (menu recommendedStudentApply). Every record is the
 * caller's own: no call takes a form id. Save and submit check their body themselves, against the
 * form's own rules, so the message can list every problem by section (application-form/issues.ts).
 */
export const tmsFormRoutes: FastifyPluginAsync = async (app) => {
  tmsCall(app, { url: '/mucgrs-service/tms/form/catalogue', body: emptyBody, act: (applicant, { ctx }) => tmsFormCatalogue(ctx, applicant) });
  tmsCall(app, { url: '/mucgrs-service/tms/form/detail', body: emptyBody, act: (applicant, { ctx }) => tmsFormDetail(ctx, applicant) });
  tmsCall(app, { url: '/mucgrs-service/tms/form/saveDraft', body: null, act: (applicant, { ctx, request }) => saveTmsDraft(ctx, applicant, request.lang, request.body) });
  tmsCall(app, { url: '/mucgrs-service/tms/form/submit', body: null, act: (applicant, { ctx, request }) => submitTmsForm(ctx, applicant, request.lang, request.body) });
};
