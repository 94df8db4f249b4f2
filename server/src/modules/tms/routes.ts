import { menuPagePath, TMS_AREA } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { applicantPaymentRoutes } from '../payment/routes';
import { feeStageWindow } from '../payment/window';
import { tmsFormRoutes } from './form/routes';
import { tmsInterviewRoutes } from './interview/routes';
import { tmsInterviewStaffRoutes } from './interview/staff-routes';
import { tmsMaterialsRoutes } from './materials/routes';
import { tmsProgressRoutes } from './progress/routes';

/**
 * The recommended-exempt applicant's calls, each a tmsCall (applicant.ts): the caller's own records
 * only. The fee is the payment core's, with the tms cycle's amount and `feePaid` window; the
 * gateway brings the browser back to the information query's fee page. And the schools' interview
 * invitations and results (staff calls, each authorized on the application it names).
 */
export const tmsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(tmsFormRoutes);
  await app.register(tmsMaterialsRoutes);
  await app.register(tmsProgressRoutes);
  await app.register(tmsInterviewRoutes);
  await app.register(tmsInterviewStaffRoutes);
  await app.register(
    applicantPaymentRoutes({
      area: TMS_AREA,
      prefix: '/mucgrs-service/tms/payment',
      window: (ctx, applicant) => feeStageWindow(ctx.db, ctx.clock.now(), TMS_AREA, applicant.recruitYear),
      payPage: menuPagePath('recommendedStudent/showPayInfo'),
    }),
  );
};
