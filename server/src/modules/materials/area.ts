import type { AdmissionArea, MaterialCategory, MaterialPhase, SystemType } from '@gradus/contract';
import type { DB } from '../../db/database';

/**
 * What a journey's materials are, for the engine in this folder: the engine names no area. The
 * doctoral materials (doctor/materials/area.ts) and the summer camp's (summer-camp/materials/area.ts)
 * are each one of these.
 */
export interface MaterialsArea {
  /** The area the records carry: application_material.area, and the application_form whose submission locks them. */
  area: AdmissionArea;
  /** The configuration area (system_config.system_type) whose `materials.categories` and `photo.*` apply. */
  configArea: SystemType;
  /** The categories while the configuration holds none (or none readable). */
  defaultCategories: readonly MaterialCategory[];
  /** The phases the journey offers; a category of another phase is not offered, and listing that phase is refused. */
  phases: readonly MaterialPhase[];
  /**
   * Whether the applicant may see the photo review's result (its release is on for their cycle).
   * Absent: the journey has no photo review, so every photo reads 'uploaded' and never reopens.
   */
  photoReviewReleased?: (db: DB, who: { userId: number; recruitYear: string; registerType: number }) => Promise<boolean>;
}
