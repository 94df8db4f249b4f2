import { SUMMER_CAMP_AREA } from '../areas';
import { jsonValue, type ConfigKeyDef } from '../config/values';
import { DOCTOR_CONFIG_KEYS, materialCategoryList } from '../doctor/config-keys';
import { DEFAULT_PHOTO_RULES, ID_PHOTO_CATEGORY, MATERIAL_CATEGORIES_KEY, PHOTO_RULE_KEYS, type MaterialCategory } from '../doctor/materials';

/**
 * The summer camp's electronic materials (issue #11, menu summerCampUploadFile): the doctoral
 * materials' categories and calls (POST /mucgrs-service/summerCamp/materials/<call>, the same
 * requests and views), application phase only, locked when the camp form is submitted. The office
 * edits them in the summerCamp area's configuration (`materials.categories`, `photo.*`); until it
 * does, this list applies. The ID photo keeps the doctoral photo rules.
 */
export const DEFAULT_CAMP_MATERIAL_CATEGORIES: readonly MaterialCategory[] = [
  { key: ID_PHOTO_CATEGORY, required: true, types: ['jpg'], maxKb: DEFAULT_PHOTO_RULES.maxKb, maxFiles: 1, phase: 'application', template: null },
  { key: 'idDocument', required: true, types: ['pdf', 'jpg', 'png'], maxKb: 5 * 1024, maxFiles: 2, phase: 'application', template: null },
  // The transcript states the camper's rank in the cohort, as the form's undergraduate section does.
  { key: 'transcript', required: true, types: ['pdf'], maxKb: 10 * 1024, maxFiles: 2, phase: 'application', template: null },
  { key: 'rankCertificate', required: true, types: ['pdf', 'jpg', 'png'], maxKb: 5 * 1024, maxFiles: 2, phase: 'application', template: null },
  { key: 'englishCertificate', required: false, types: ['pdf', 'jpg', 'png'], maxKb: 5 * 1024, maxFiles: 3, phase: 'application', template: null },
  // Two referees, one letter each: the category is done only with both.
  { key: 'refereeLetter', required: true, types: ['pdf'], maxKb: 5 * 1024, minFiles: 2, maxFiles: 2, phase: 'application', template: null },
];

/** The materials keys of the summerCamp area's configuration: the doctoral keys' checks, on the camp's own values. */
const MATERIAL_KEYS = new Set<string>([MATERIAL_CATEGORIES_KEY, ...Object.values(PHOTO_RULE_KEYS)]);
/** A camp has application materials only: a supplementary category would never be shown nor required, so it is refused. */
const campCategoryList = materialCategoryList.refine((list) => list.every((c) => c.phase === 'application'), { error: 'config.applicationPhaseOnly' });
export const CAMP_MATERIAL_CONFIG_KEYS: readonly ConfigKeyDef[] = DOCTOR_CONFIG_KEYS.filter((d) => MATERIAL_KEYS.has(d.key)).map((d) => ({
  ...d,
  areas: [SUMMER_CAMP_AREA],
  ...(d.key === MATERIAL_CATEGORIES_KEY ? { value: jsonValue(campCategoryList) } : {}),
}));
