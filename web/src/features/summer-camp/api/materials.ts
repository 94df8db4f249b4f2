import type { MaterialsEndpoints } from '@/lib/materials/api';

/** The camper's materials calls; under the 'summerCamp' key, so an upload refreshes the form's missing list too. */
export const CAMP_MATERIALS: MaterialsEndpoints = { base: '/mucgrs-service/summerCamp/materials', keyRoot: 'summerCamp' };
