import type { FastifyPluginAsync } from 'fastify';
import { materialsCalls } from '../../materials/routes';
import { campCall } from '../applicant';
import { CAMP_MATERIALS } from './area';

/**
 * The signed-in camper's materials calls (issue #11, menu summerCampUploadFile), on the materials
 * engine with the doctoral calls' requests and replies: list, upload, delete. `list` answers the
 * application phase; 'supplementary' is refused (400) with its own message, as a camp has none.
 * No photo review call: nobody publishes one to campers.
 */
export const campMaterialsRoutes: FastifyPluginAsync = async (app) => {
  await materialsCalls(app, { of: CAMP_MATERIALS, base: '/mucgrs-service/summerCamp/materials', call: campCall });
};
