import type { MaterialStatus, MaterialType, StaffMaterialView } from '@gradus/contract';
import type { DB } from '../../db/database';
import type { MaterialsArea } from './area';
import { materialsOf, type ApplicantKey } from './repo';
import { materialSettings } from './settings';

const TYPE_BY_MIME: Record<string, MaterialType> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** An applicant's materials of the area as the back office's file shows them. */
export async function staffMaterials(db: DB, of: MaterialsArea, who: ApplicantKey): Promise<StaffMaterialView[]> {
  const [rows, settings] = await Promise.all([materialsOf(db, of, who), materialSettings(db, of)]);
  const phaseOf = new Map(settings.categories.map((c) => [c.key, c.phase]));
  // Staff see the review as decided, whether or not its result is released to the applicant.
  return rows.map(
    (m): StaffMaterialView => ({
      id: m.id,
      category: m.category,
      phase: phaseOf.get(m.category) ?? 'application',
      originalName: m.original_name,
      type: TYPE_BY_MIME[m.mime_type] ?? 'pdf',
      sizeBytes: m.size_bytes,
      filePath: m.file_path,
      uploadedAt: iso(m.created_at)!,
      status: m.status as MaterialStatus,
      reviewReason: m.review_reason,
      reviewedAt: iso(m.reviewed_at),
    }),
  );
}
