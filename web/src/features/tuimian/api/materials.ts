import type { MaterialsEndpoints } from '@/lib/materials/api';

/** The tuimian applicant's materials calls; under the 'tms' key, so an upload refreshes the form's missing list too. */
export const TMS_MATERIALS: MaterialsEndpoints = { base: '/mucgrs-service/tms/materials', keyRoot: 'tms' };
