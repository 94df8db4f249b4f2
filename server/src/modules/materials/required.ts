import { minFilesOf } from '@gradus/contract';
import type { DB } from '../../db/database';
import type { MaterialsArea } from './area';
import { heldCategories, type ApplicantKey } from './repo';
import { materialSettings, type MaterialSettings } from './settings';

/**
 * The required application-phase categories (keys) the applicant has not yet uploaded enough files
 * for (minFiles, one unless the category asks for more): submitting the form waits for them.
 */
export async function missingMaterials(db: DB, of: MaterialsArea, who: ApplicantKey): Promise<string[]> {
  const [settings, categories] = await Promise.all([materialSettings(db, of), heldCategories(db, of, who)]);
  return missingIn(settings, categories);
}

/** The same, from the settings and the category of each material held (read with other facts). */
export function missingIn(settings: MaterialSettings, categories: readonly string[]): string[] {
  const held = (key: string) => categories.filter((c) => c === key).length;
  return settings.categories.filter((c) => c.required && c.phase === 'application' && held(c.key) < minFilesOf(c)).map((c) => c.key);
}
