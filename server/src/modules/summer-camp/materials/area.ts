import { DEFAULT_CAMP_MATERIAL_CATEGORIES, SUMMER_CAMP_AREA } from '@gradus/contract';
import type { MaterialsArea } from '../../materials/area';

/**
 * The summer camp's materials (issue #11, menu summerCampUploadFile) on the materials engine
 * (modules/materials): records and configuration of the summerCamp area, the application phase
 * only (a camp has no supplementary materials), locked when the camp form is submitted. Nobody
 * publishes a photo review to campers: the photo is checked by its rules and never reopens.
 */
export const CAMP_MATERIALS: MaterialsArea = {
  area: SUMMER_CAMP_AREA,
  configArea: SUMMER_CAMP_AREA,
  defaultCategories: DEFAULT_CAMP_MATERIAL_CATEGORIES,
  phases: ['application'],
};
