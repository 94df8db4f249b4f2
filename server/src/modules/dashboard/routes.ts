import { applicationScope, staffDashboardRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { staffDashboard } from './service';

/**
 * The back office's dashboard (issue #9). Whoever may list applications may read it: every count
 * is of the caller's scope, as the list's rows are.
 */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, {
    url: '/mucgrs-service/staff/dashboard',
    body: staffDashboardRequest,
    authorize: () => ({ kind: 'application.list' }),
    act: (_none, { actor, input }) => staffDashboard(ctx.db, ctx.clock.now(), input.area, applicationScope(actor)),
  });
};
