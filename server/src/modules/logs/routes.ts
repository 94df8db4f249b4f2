import { auditLogRequest, auditVerifyRequest, forcedSignOutRequest, onlineSessionsRequest, signInLogRequest } from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { clientOf } from '../../lib/reply';
import { verifyAuditChain } from '../audit/service';
import { auditLog, signInLog } from './service';
import { forceSignOut, onlineSessions, type SessionAdministrator } from './sessions';

const administrator = (request: FastifyRequest): SessionAdministrator => ({ userId: request.auth!.userId, sessionId: request.auth!.sessionId, ip: clientOf(request).ip });

/**
 * Logs and sessions (issue #10): the audit trail and the sign-in log are `audit.read`, who is
 * online and the forced sign-out `staff.manage`; both are the system administrator's.
 */
export const logRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const read = () => ({ kind: 'audit.read' }) as const;
  const manage = () => ({ kind: 'staff.manage' }) as const;
  route(app, { url: '/mucgrs-service/staff/logs/audit', body: auditLogRequest, authorize: read, act: (_none, { input }) => auditLog(ctx.db, input) });
  route(app, { url: '/mucgrs-service/staff/logs/verify', body: auditVerifyRequest, authorize: read, act: () => verifyAuditChain(ctx.db) });
  route(app, { url: '/mucgrs-service/staff/logs/signIns', body: signInLogRequest, authorize: read, act: (_none, { input }) => signInLog(ctx.db, input) });
  route(app, {
    url: '/mucgrs-service/staff/sessions/online',
    body: onlineSessionsRequest,
    authorize: manage,
    act: (_none, { request, input }) => onlineSessions(ctx.db, ctx.clock.now(), input, administrator(request)),
  });
  route(app, {
    url: '/mucgrs-service/staff/sessions/signOut',
    body: forcedSignOutRequest,
    authorize: manage,
    act: async (_none, { request, input }) => {
      await forceSignOut(ctx.db, ctx.clock.now(), input, administrator(request));
      return null;
    },
  });
};
