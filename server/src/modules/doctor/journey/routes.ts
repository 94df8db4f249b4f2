import { emptyBody } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { doctorCall } from '../applicant';
import { applicantJourney } from './service';

export const journeyRoutes: FastifyPluginAsync = async (app) => {
  doctorCall(app, { url: '/mucgrs-service/doctor/journey', body: emptyBody, act: (applicant, { ctx }) => applicantJourney(ctx, applicant) });
};
