import type { MaterialsEndpoints } from '@/lib/materials/api';

/** The doctoral materials calls; their views sit under the 'doctor' key with the form's. */
export const DOCTOR_MATERIALS: MaterialsEndpoints = { base: '/mucgrs-service/doctor/materials', keyRoot: 'doctor' };
