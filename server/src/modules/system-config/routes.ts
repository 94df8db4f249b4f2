import { emptyBody } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { publicConfig } from './service';

export const systemConfigRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    url: '/mucgrs-service/grsjy/systemConfig/detail',
    body: emptyBody,
    authorize: () => ({ kind: 'config.read' }),
    act: () => publicConfig(app.ctx.db),
  });
};
