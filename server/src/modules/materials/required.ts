import { minFilesOf } from '@gradus/contract';
import type { DB } from '../../db/database';
import type { MaterialsArea } from './area';
import { materialsOf, type ApplicantKey } from './repo';
import { materialSettings } from './settings';

/**
 * The required application-phase categories (keys) the applicant has not yet uploaded enough files
 * for (minFiles, one unless the category asks for more): submitting the form waits for them.
 */
export async function missingMaterials(db: DB, of: MaterialsArea, who: ApplicantKey): Promise<string[]> {
  const [settings, rows] = await Promise.all([materialSettings(db, of), materialsOf(db, of, who)]);
  const held = (key: string) => rows.filter((r) => r.category === key).length;
  return settings.categories.filter((c) => c.required && c.phase === 'application' && held(c.key) < minFilesOf(c)).map((c) => c.key);
}
