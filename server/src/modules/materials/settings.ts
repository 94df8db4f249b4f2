import { ID_PHOTO_CATEGORY, MATERIAL_CATEGORIES_KEY, parseMaterialCategories, parsePhotoRules, type MaterialCategory, type PhotoRules } from '@gradus/contract';
import type { DB } from '../../db/database';
import { areaValues } from '../system-config/area-values';
import type { MaterialsArea } from './area';

export interface MaterialSettings {
  /** The categories of the phases the area offers. */
  categories: readonly MaterialCategory[];
  photoRules: PhotoRules;
}

/**
 * Categories and photo rules from the area's configuration (area-values.ts: dropped the moment it
 * is written), so a change by the back office applies to the next upload.
 */
export async function materialSettings(db: DB, of: Pick<MaterialsArea, 'configArea' | 'defaultCategories' | 'phases'>): Promise<MaterialSettings> {
  const values = await areaValues(db, of.configArea);
  const valueOf = (key: string) => values.get(key);
  const categories = parseMaterialCategories(valueOf(MATERIAL_CATEGORIES_KEY), of.defaultCategories).filter((c) => of.phases.includes(c.phase));
  return { categories, photoRules: parsePhotoRules(valueOf) };
}

/** The photo's file-size rule is `photo.maxKb`; every other category has its own `maxKb`. */
export function maxKbOf(category: MaterialCategory, rules: PhotoRules): number {
  return category.key === ID_PHOTO_CATEGORY ? rules.maxKb : category.maxKb;
}

/** The photo is JPEG only, whatever the category list says. */
export function typesOf(category: MaterialCategory): MaterialCategory['types'] {
  return category.key === ID_PHOTO_CATEGORY ? ['jpg'] : category.types;
}

/** "500 KB", "5 MB", "1.5 MB": the unit people read on their own files. */
export function formatKb(kb: number): string {
  if (kb < 1024) return `${kb} KB`;
  const mb = kb / 1024;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
