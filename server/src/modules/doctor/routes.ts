import { DOCTOR_AREA, menuPagePath } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { applicantPaymentRoutes } from '../payment/routes';
import { admissionRoutes } from './admission/routes';
import { examRoutes } from './exams/routes';
import { formRoutes } from './form/routes';
import { journeyRoutes } from './journey/routes';
import { feeWindow } from './journey/service';
import { materialsRoutes } from './materials/routes';
import { ticketVerifyRoutes } from './results/public-routes';
import { resultsRoutes } from './results/routes';

/**
 * The doctoral applicant's calls; each one is a doctorCall (applicant.ts): the caller's own records
 * only. And the office's exam sessions, whose tickets are the doctoral cycle's (staff calls, each
 * authorized as the office's).
 */
export const doctorRoutes: FastifyPluginAsync = async (app) => {
  await app.register(journeyRoutes);
  await app.register(formRoutes);
  await app.register(materialsRoutes);
  await app.register(applicantPaymentRoutes({ area: DOCTOR_AREA, prefix: '/mucgrs-service/doctor/payment', window: feeWindow, payPage: menuPagePath('payment/pay') }));
  await app.register(resultsRoutes);
  await app.register(admissionRoutes);
  await app.register(examRoutes);
};

/** Reached without a session: the ticket verification page. */
export const doctorPublicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ticketVerifyRoutes);
};
