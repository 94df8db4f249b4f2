import { REGISTER_TYPES, emptyBody, type PortalInfo } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { configValue, isRegistrationOpen } from '../system-config/service';
import { currentRecruitYear } from '../user/repo';

/** What the login page shows before anyone signs in. */
export const portalRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, { url: '/api/v1/client/portalInfo', body: emptyBody, authorize: () => ({ kind: 'portal.public' }), act: () => portalInfo() });

  async function portalInfo(): Promise<PortalInfo> {
    const now = ctx.clock.now();
    const registrationOpen: Record<string, boolean> = {};
    for (const type of REGISTER_TYPES) registrationOpen[String(type)] = await isRegistrationOpen(ctx.db, type, now);
    const info: PortalInfo = {
      recruitYear: (await currentRecruitYear(ctx.db)) ?? '',
      systemName: (await configValue(ctx.db, 'system', 'systemName')) ?? 'Gradus',
      registrationOpen,
      resetByEmail: true,
    };
    return info;
  }
};
