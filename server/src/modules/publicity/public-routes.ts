import { publicPublicityRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { ok } from '../../lib/reply';
import { publicLists } from './lists';

/**
 * POST /api/v1/client/publicity — the proposed-admission lists for anyone, signed in or not: the
 * lists in their period and the closed ones, as published (masked names, numbers, programmes, the
 * scores the office chose). A list whose period has not begun is not shown.
 */
export const publicityPublicRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, {
    url: '/api/v1/client/publicity',
    body: publicPublicityRequest,
    authorize: () => ({ kind: 'portal.public' }),
    act: () => publicLists(ctx),
    // A list's period opens and closes at Beijing midnight: a cached copy would show yesterday's.
    send: (result, reply, { request }) => {
      reply.header('Cache-Control', 'no-store');
      return ok(request, result);
    },
  });
};
