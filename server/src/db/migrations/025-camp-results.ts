import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Camp results (issue #11): a confirmed camper's attendance and rating, kept on their place (one a
 * year), with who recorded it and when. Published to the camper by the summer-camp cycle's release.
 */
export function campResults(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      // contract CAMP_ATTENDANCE, CAMP_RATINGS
      await db.schema.alterTable('camp_place').addColumn('attendance', 'text').execute();
      await db.schema.alterTable('camp_place').addColumn('rating', 'text').execute();
      await db.schema.alterTable('camp_place').addColumn('result_by', 'integer').execute();
      await db.schema.alterTable('camp_place').addColumn('result_at', t.millis).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['result_at', 'result_by', 'rating', 'attendance']) await db.schema.alterTable('camp_place').dropColumn(column).execute();
    },
  };
}
