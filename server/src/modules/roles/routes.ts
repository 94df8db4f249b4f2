import { roleListRequest, roleSaveRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { clientOf } from '../../lib/reply';
import { listRoles, saveRole } from './service';

const base = '/mucgrs-service/staff/roles';

/** Roles' pages and buttons (issue #10): the system administrator's (`roles.manage`). */
export const roleRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const manage = () => ({ kind: 'roles.manage' }) as const;
  route(app, { url: `${base}/list`, body: roleListRequest, authorize: manage, act: () => listRoles(ctx.db) });
  route(app, {
    url: `${base}/save`,
    body: roleSaveRequest,
    authorize: manage,
    act: async (_none, { request, input }) => ({ role: await saveRole(ctx, input, { userId: request.auth!.userId, ip: clientOf(request).ip }) }),
  });
};
