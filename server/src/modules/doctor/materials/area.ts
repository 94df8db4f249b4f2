import { DEFAULT_MATERIAL_CATEGORIES, DOCTOR_AREA, MATERIAL_PHASES } from '@gradus/contract';
import type { MaterialsArea } from '../../materials/area';
import { cycleOf, isReleased } from '../journey/releases';

/**
 * The doctoral materials (issue #4) on the materials engine (modules/materials): records and
 * configuration of the doctor area, both phases, the photo review result shown once the
 * `photoReview` release of the applicant's cycle (doctor, or gat for type 4) is on.
 */
export const DOCTOR_MATERIALS: MaterialsArea = {
  area: DOCTOR_AREA,
  configArea: DOCTOR_AREA,
  defaultCategories: DEFAULT_MATERIAL_CATEGORIES,
  phases: MATERIAL_PHASES,
  photoReviewReleased: (db, who) => isReleased(db, cycleOf(who), 'photoReview', who.recruitYear),
};
