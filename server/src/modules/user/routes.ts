import { changePasswordRequest, switchRoleRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { clientOf } from '../../lib/reply';
import { translate } from '../../locales';
import { sessionOf } from '../admissions/applicant';
import { audit } from '../audit/service';
import { accountKeyOf } from '../auth/login';
import { revokeSession } from '../session/service';
import { changePassword, sessionUserReply, switchRole } from './service';

/** The signed-in user's own calls: the target is the caller's own session and account. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, {
    url: '/mucgrs-service/system/user/getUserInfo',
    body: null,
    authorize: () => ({ kind: 'session.own' }),
    act: (_none, { request }) => sessionUserReply(ctx, sessionOf(request), translate(request.lang, 'ok.success')),
    // The presenter hands over the finished envelope (menus spliced in as cached JSON).
    send: (json, reply) => reply.type('application/json; charset=utf-8').send(json),
  });

  route(app, {
    url: '/mucgrs-service/system/user/switchRole',
    body: switchRoleRequest,
    authorize: (_none, { input }) => ({ kind: 'role.switch', roleKey: input.roleKey }),
    refusal: { because: 'error.roleNotHeld' },
    act: (_none, { request, input }) => switchRole(ctx, sessionOf(request), input.roleKey, clientOf(request)),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/client/logout',
    body: null,
    authorize: () => ({ kind: 'session.own' }),
    act: async (_none, { request }) => {
      const session = sessionOf(request);
      await revokeSession(ctx.db, ctx.clock.now(), session.sessionId);
      await audit(ctx.db, ctx.clock.now(), 'logout', { userId: session.userId, subject: accountKeyOf(session.user), ip: clientOf(request).ip });
    },
  });

  route(app, {
    url: '/api/v1/client/changePasswd',
    body: changePasswordRequest,
    authorize: () => ({ kind: 'password.change' }),
    act: (_none, { request, input }) => changePassword(ctx, sessionOf(request), input, clientOf(request)),
  });
};
