import { emptyBody, TMS_AREA } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { applicationProgress } from '../../admissions/progress';
import { tmsCall } from '../applicant';

/**
 * POST /mucgrs-service/tms/application/progress: where the caller's own application stands (the
 * information query's page): the form's status, the school's review, the graduate school's review.
 */
export const tmsProgressRoutes: FastifyPluginAsync = async (app) => {
  tmsCall(app, {
    url: '/mucgrs-service/tms/application/progress',
    body: emptyBody,
    act: async (applicant, { ctx }) => (await applicationProgress(ctx.db, applicant, TMS_AREA)).view,
  });
};
