import { randomUUID } from 'node:crypto';
import type { AdmissionArea } from '@gradus/contract';
import type { DB } from '../../db/database';

/** Test helper of every area's form: a small PDF stored as one material of `category`, as the materials calls would. */
export async function storeMaterial(db: DB, owner: { userId: number; recruitYear: string }, area: AdmissionArea, category: string, now: number): Promise<void> {
  const key = randomUUID();
  const file = await db
    .insertInto('stored_file')
    .values({
      file_path: `/zsData/material/${key}.pdf`,
      owner_user_id: owner.userId,
      category: 'material',
      storage_key: key,
      original_name: `${category}.pdf`,
      mime_type: 'application/pdf',
      size_bytes: 1000,
      sha256: '0'.repeat(64),
      is_public: 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('application_material')
    .values({ user_id: owner.userId, recruit_year: owner.recruitYear, area, category, stored_file_id: file.id, status: 'uploaded', review_reason: null, reviewed_at: null, created_at: now })
    .execute();
}
