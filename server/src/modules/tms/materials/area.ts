import { DEFAULT_TMS_MATERIAL_CATEGORIES, TMS_AREA } from '@gradus/contract';
import type { MaterialsArea } from '../../materials/area';

/**
 * The tuimian applicant's materials (issue #11, menu tmsUploadFile) on the materials engine
 * (modules/materials): records and configuration of the tms area, the application phase only,
 * locked when the form is submitted. No ID photo: the national system holds the applicant's.
 */
export const TMS_MATERIALS: MaterialsArea = {
  area: TMS_AREA,
  configArea: TMS_AREA,
  defaultCategories: DEFAULT_TMS_MATERIAL_CATEGORIES,
  phases: ['application'],
};
