import { photoReviewRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { materialsCalls } from '../../materials/routes';
import { photoReviewOf } from '../../materials/service';
import { doctorCall } from '../applicant';
import { DOCTOR_MATERIALS } from './area';

/** The signed-in doctoral applicant's materials calls (issue #4), on the materials engine, and the photo review result. */
export const materialsRoutes: FastifyPluginAsync = async (app) => {
  await materialsCalls(app, { of: DOCTOR_MATERIALS, base: '/mucgrs-service/doctor/materials', call: doctorCall });
  doctorCall(app, { url: '/mucgrs-service/doctor/materials/photoReview', body: photoReviewRequest, act: (applicant) => photoReviewOf(app.ctx, DOCTOR_MATERIALS, applicant) });
};
