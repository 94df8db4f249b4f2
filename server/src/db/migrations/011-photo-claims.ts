import { type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * The photo review queue's claims (issue #9): the photo a reviewer has on screen is theirs for a
 * few minutes, so two secretaries working the same queue are shown different photos. A claim that
 * runs out (the reviewer went for coffee) frees the photo for the next one who asks.
 */
export function photoClaims(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('photo_claim')
        .addColumn('material_id', 'integer', (c) => c.primaryKey().references('application_material.id').onDelete('cascade'))
        .addColumn('staff_user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('expires_at', t.millis, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('photo_claim').execute();
    },
  };
}
