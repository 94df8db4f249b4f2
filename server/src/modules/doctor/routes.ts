import type { FastifyPluginAsync } from 'fastify';
import { admissionRoutes } from './admission/routes';
import { formRoutes } from './form/routes';
import { journeyRoutes } from './journey/routes';
import { materialsRoutes } from './materials/routes';
import { paymentPublicRoutes } from './payment/public-routes';
import { paymentRoutes } from './payment/routes';
import { ticketVerifyRoutes } from './results/public-routes';
import { resultsRoutes } from './results/routes';

/** The doctoral applicant's calls; each one resolves its applicant with doctorApplicantOf. */
export const doctorRoutes: FastifyPluginAsync = async (app) => {
  await app.register(journeyRoutes);
  await app.register(formRoutes);
  await app.register(materialsRoutes);
  await app.register(paymentRoutes);
  await app.register(resultsRoutes);
  await app.register(admissionRoutes);
};

/** Reached without a session: the payment gateway's callbacks and pages, ticket verification. */
export const doctorPublicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(paymentPublicRoutes);
  await app.register(ticketVerifyRoutes);
};
