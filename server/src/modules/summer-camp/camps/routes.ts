import { campListRequest, deleteCampRequest, saveCampRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../http/route';
import { deleteCamp, listCamps, saveCamp } from './service';

const base = '/mucgrs-service/staff/camps';

/** The year's summer camps (issue #11): the admissions office's (`camps.configure`). */
export const campRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const configure = () => ({ kind: 'camps.configure' }) as const;
  const staffOf = (userId: number) => ({ staffUserId: userId });
  route(app, { url: `${base}/list`, body: campListRequest, authorize: configure, act: (_none, { input }) => listCamps(ctx.db, input.recruitYear) });
  route(app, {
    url: `${base}/save`,
    body: saveCampRequest,
    authorize: configure,
    act: (_none, { input, request }) => saveCamp(ctx, input, staffOf(request.auth!.userId), request.lang),
  });
  route(app, {
    url: `${base}/delete`,
    body: deleteCampRequest,
    authorize: configure,
    act: (_none, { input, request }) => deleteCamp(ctx, input, staffOf(request.auth!.userId)),
  });
};
