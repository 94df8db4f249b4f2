import { APPLICATION_EXPORT_TYPE, applicationExportRequest, applicationScope } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { contentDisposition } from '../../lib/content-disposition';
import { exportApplications } from './export';

/**
 * The back office's list as a spreadsheet (issue #9): whoever may read the list may take it away,
 * with the rows their scope covers and nothing more, the same rule as the list's own pages.
 */
export const applicationExportRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, {
    url: '/mucgrs-service/staff/applications/export',
    body: applicationExportRequest,
    authorize: () => ({ kind: 'application.list' }),
    act: (_none, { actor, input, request }) => exportApplications(ctx.db, input, applicationScope(actor), request.lang, ctx.clock.now()),
    send: ({ fileName, stream }, reply) =>
      reply
        .header('Content-Type', APPLICATION_EXPORT_TYPE)
        .header('Content-Disposition', contentDisposition(fileName))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream),
  });
};
