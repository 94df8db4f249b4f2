import type { DB } from '../../../db/database';
import { missingMaterials } from '../../materials/required';
import type { CampApplicant } from '../applicant';
import { CAMP_MATERIALS } from './area';

/**
 * The required material categories (keys) this camper has not yet uploaded enough files for
 * (both referee letters, one file of the others): submitting the form waits for them.
 */
export async function campMissingMaterials(db: DB, applicant: Pick<CampApplicant, 'userId' | 'recruitYear' | 'registerType'>): Promise<string[]> {
  return missingMaterials(db, CAMP_MATERIALS, applicant);
}
