import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/reply';
import { parseInput } from '../../../lib/validation';
import { emptyBody } from '@gradus/contract';
import { doctorApplicantOf } from '../applicant';
import { applicantJourney } from './service';

export const journeyRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  app.post('/mucgrs-service/doctor/journey', async (request) => {
    parseInput(emptyBody, request.body);
    return ok(request, await applicantJourney(ctx, doctorApplicantOf(request)));
  });
};
