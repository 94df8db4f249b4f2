import { changePasswordRequest, switchRoleRequest } from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sessionExpired } from '../../lib/app-error';
import { clientOf, ok } from '../../lib/reply';
import { parseInput } from '../../lib/validation';
import { translate } from '../../locales';
import { revokeSession, type SessionContext } from '../session/service';
import { changePassword, sessionUserReply, switchRole } from './service';

export function authOf(request: FastifyRequest): SessionContext {
  if (!request.auth) throw sessionExpired();
  return request.auth;
}

/** The signed-in user's own calls. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.post('/mucgrs-service/system/user/getUserInfo', async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await sessionUserReply(ctx, authOf(request), translate(request.lang, 'ok.success'))),
  );

  app.post('/mucgrs-service/system/user/switchRole', async (request) => {
    const { roleKey } = parseInput(switchRoleRequest, request.body);
    await switchRole(ctx, authOf(request), roleKey, clientOf(request));
    return ok(request);
  });

  app.get('/api/v1/client/logout', async (request) => {
    const auth = authOf(request);
    await revokeSession(ctx.db, ctx.clock.now(), auth.sessionId);
    return ok(request);
  });

  app.post('/api/v1/client/changePasswd', async (request) => {
    const input = parseInput(changePasswordRequest, request.body);
    await changePassword(ctx, authOf(request), input, clientOf(request));
    return ok(request);
  });
};
