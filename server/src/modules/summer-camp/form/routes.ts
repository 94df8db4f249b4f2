import { emptyBody } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { campCall } from '../applicant';
import { campFormCatalogue, campFormDetail, saveCampDraft, submitCampForm } from './service';

/**
 * The signed-in camper's form calls (issue #11). Every record is the caller's own: no call takes a
 * form id. Save and submit check their body themselves, against the form's own rules, so the
 * message can list every problem by section and row (application-form/issues.ts).
 */
export const campFormRoutes: FastifyPluginAsync = async (app) => {
  campCall(app, { url: '/mucgrs-service/summerCamp/form/catalogue', body: emptyBody, act: (applicant, { ctx }) => campFormCatalogue(ctx, applicant) });
  campCall(app, { url: '/mucgrs-service/summerCamp/form/detail', body: emptyBody, act: (applicant, { ctx }) => campFormDetail(ctx, applicant) });
  campCall(app, { url: '/mucgrs-service/summerCamp/form/saveDraft', body: null, act: (applicant, { ctx, request }) => saveCampDraft(ctx, applicant, request.lang, request.body) });
  campCall(app, { url: '/mucgrs-service/summerCamp/form/submit', body: null, act: (applicant, { ctx, request }) => submitCampForm(ctx, applicant, request.lang, request.body) });
};
