import type { DB } from '../../../db/database';
import { missingMaterials } from '../../materials/required';
import type { TmsApplicant } from '../applicant';
import { TMS_MATERIALS } from './area';

/** The required categories (keys) this applicant has not uploaded enough files for (both referee letters, one file of the others). */
export function tmsMissingMaterials(db: DB, applicant: Pick<TmsApplicant, 'userId' | 'recruitYear' | 'registerType'>): Promise<string[]> {
  return missingMaterials(db, TMS_MATERIALS, applicant);
}
