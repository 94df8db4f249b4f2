import { jobsOverviewRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { jobsOverview } from './service';

/** Background work (issue #12): the system administrator reads it with the logs' permission. */
export const jobRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, { url: '/mucgrs-service/staff/jobs/overview', body: jobsOverviewRequest, authorize: () => ({ kind: 'audit.read' }) as const, act: () => jobsOverview(ctx) });
};
