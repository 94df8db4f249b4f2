import { ID_PHOTO_CATEGORY } from '@gradus/contract';
import type { DB } from '../../db/database';
import { param, perDatabase, prepareQuery } from '../../db/prepared';
import type { MaterialsArea } from './area';

export interface ApplicantKey {
  userId: number;
  recruitYear: string;
}

/** One material with the stored file it points at. */
export interface MaterialRow {
  id: number;
  category: string;
  status: string;
  review_reason: string | null;
  reviewed_at: number | null;
  created_at: number;
  stored_file_id: number;
  file_path: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
}

type Area = Pick<MaterialsArea, 'area'>;

function materialsQuery(db: DB, of: Area, who: ApplicantKey) {
  return db
    .selectFrom('application_material as m')
    .innerJoin('stored_file as f', 'f.id', 'm.stored_file_id')
    .select([
      'm.id',
      'm.category',
      'm.status',
      'm.review_reason',
      'm.reviewed_at',
      'm.created_at',
      'm.stored_file_id',
      'f.file_path',
      'f.original_name',
      'f.mime_type',
      'f.size_bytes',
      'f.storage_key',
    ])
    .where('m.user_id', '=', who.userId)
    .where('m.recruit_year', '=', who.recruitYear)
    .where('m.area', '=', of.area);
}

/** The applicant's materials of this cycle and area, oldest first (the order they were uploaded). */
export function materialsOf(db: DB, of: Area, who: ApplicantKey): Promise<MaterialRow[]> {
  return materialsQuery(db, of, who).orderBy('m.id').execute();
}

/**
 * The category of each of the applicant's materials of this cycle and area: what counting the
 * missing ones needs, compiled once since the journey asks on every open (db/prepared.ts).
 */
export async function heldCategories(db: DB, of: Area, who: ApplicantKey): Promise<string[]> {
  const rows = await categoryQuery(db)(who.userId, who.recruitYear, of.area);
  return rows.map((r) => r.category);
}

const categoryQuery = perDatabase((db: DB) =>
  prepareQuery(db, (d) =>
    d
      .selectFrom('application_material')
      .select('category')
      .where('user_id', '=', param(0) as unknown as number)
      .where('recruit_year', '=', param(1))
      .where('area', '=', param(2)),
  ),
);

/** One of the applicant's own materials of the area; another applicant's id finds nothing. */
export function ownMaterial(db: DB, of: Area, who: ApplicantKey, id: number): Promise<MaterialRow | undefined> {
  return materialsQuery(db, of, who).where('m.id', '=', id).executeTakeFirst();
}

export function latestPhoto(db: DB, of: Area, who: ApplicantKey): Promise<MaterialRow | undefined> {
  return materialsQuery(db, of, who).where('m.category', '=', ID_PHOTO_CATEGORY).orderBy('m.id', 'desc').executeTakeFirst();
}

export interface FormState {
  /**
   * Submitted, or returned by a reviewer. A returned form reopens only the sections the reviewer
   * named, and none of them holds materials, so the materials stay as they were reviewed: locked,
   * with the photo's rejection rule as the one way to change them.
   */
  submitted: boolean;
  submittedAt: number | null;
}

const LOCKING_STATUSES: readonly string[] = ['submitted', 'returned'];

/** The state of the area's form, whose submission locks the application materials. */
export async function formStateOf(db: DB, of: Area, who: ApplicantKey): Promise<FormState> {
  const form = await db
    .selectFrom('application_form')
    .select(['status', 'submitted_at'])
    .where('user_id', '=', who.userId)
    .where('recruit_year', '=', who.recruitYear)
    .where('area', '=', of.area)
    .executeTakeFirst();
  return { submitted: LOCKING_STATUSES.includes(form?.status ?? ''), submittedAt: form?.submitted_at ?? null };
}

/** Removes materials and their file records; the caller removes the bytes once committed. */
export async function deleteMaterials(db: DB, rows: readonly MaterialRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.deleteFrom('application_material').where('id', 'in', rows.map((r) => r.id)).execute();
  await db.deleteFrom('stored_file').where('id', 'in', rows.map((r) => r.stored_file_id)).execute();
}
