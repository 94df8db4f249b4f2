import type { FastifyPluginAsync } from 'fastify';
import { materialsCalls } from '../../materials/routes';
import { tmsCall } from '../applicant';
import { TMS_MATERIALS } from './area';

/**
 * The signed-in tuimian applicant's materials calls (menu tmsUploadFile), on the materials engine
 * with the doctoral calls' requests and replies: list, upload, delete. `list` answers the
 * application phase; 'supplementary' is refused (400) with its own message.
 */
export const tmsMaterialsRoutes: FastifyPluginAsync = async (app) => {
  await materialsCalls(app, { of: TMS_MATERIALS, base: '/mucgrs-service/tms/materials', call: tmsCall });
};
