import { applicationListRequest, applicationOptionsRequest, applicationScope } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { listApplications } from './list';
import { applicationFilterOptions } from './options';

/**
 * The back office's applications list (issue #9). Any staff role may list; which rows come back is
 * the actor's scope (policies.ts applicationScope), applied in the query, never by the client.
 */
export const applicationListRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, {
    url: '/mucgrs-service/staff/applications/list',
    body: applicationListRequest,
    authorize: () => ({ kind: 'application.list' }),
    act: (_none, { actor, input }) => listApplications(ctx.db, input, applicationScope(actor)),
  });

  route(app, {
    url: '/mucgrs-service/staff/applications/options',
    body: applicationOptionsRequest,
    authorize: () => ({ kind: 'application.list' }),
    act: (_none, { actor }) => applicationFilterOptions(ctx.db, applicationScope(actor)),
  });
};
