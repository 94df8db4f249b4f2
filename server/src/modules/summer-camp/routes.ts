import type { FastifyPluginAsync } from 'fastify';
import { campAdmissionRoutes } from './admission/routes';
import { campRoutes } from './camps/routes';
import { campFormRoutes } from './form/routes';
import { campMaterialsRoutes } from './materials/routes';
import { campQualificationRoutes } from './qualification/routes';

/**
 * The summer-camp applicant's calls, each a campCall (applicant.ts): the caller's own records only.
 * And the office's camp setup and camp admission (staff calls, each authorized as the office's).
 */
export const summerCampRoutes: FastifyPluginAsync = async (app) => {
  await app.register(campRoutes);
  await app.register(campAdmissionRoutes);
  await app.register(campFormRoutes);
  await app.register(campMaterialsRoutes);
  await app.register(campQualificationRoutes);
};
