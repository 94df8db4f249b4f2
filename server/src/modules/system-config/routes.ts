import { emptyBody } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/reply';
import { parseInput } from '../../lib/validation';
import { publicConfig } from './service';

export const systemConfigRoutes: FastifyPluginAsync = async (app) => {
  app.post('/mucgrs-service/grsjy/systemConfig/detail', async (request) => {
    parseInput(emptyBody, request.body);
    return ok(request, await publicConfig(app.ctx.db));
  });
};
