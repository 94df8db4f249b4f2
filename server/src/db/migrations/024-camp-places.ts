import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Camp places (issue #11): where each camper stands in a camp of their year. One row per camper and
 * year, since a camper holds one place at most: offered (to confirm by `confirm_by`), confirmed,
 * declined, expired (the deadline passed without an answer) or waitlisted (in `waitlist_position`
 * order within the programme). `version` counts the row's changes, so a confirmation sent from a
 * page that no longer shows the place's state is refused.
 */
export function campPlaces(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('camp_place')
        .addColumn('id', t.id, (c) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('camp_id', 'integer', (c) => c.notNull().references('summer_camp.id'))
        .addColumn('programme_id', 'integer', (c) => c.notNull().references('programme.id'))
        // contract CAMP_PLACE_STATUSES
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('waitlist_position', 'integer')
        .addColumn('confirm_by', t.millis)
        .addColumn('offered_at', t.millis)
        .addColumn('answered_at', t.millis)
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .addUniqueConstraint('camp_place_one_a_year', ['user_id', 'recruit_year'])
        .execute();
      await db.schema.createIndex('camp_place_programme').on('camp_place').columns(['programme_id', 'recruit_year', 'status', 'waitlist_position']).execute();
      // The deadline sweep reads the offers whose deadline has passed.
      await db.schema.createIndex('camp_place_deadline').on('camp_place').columns(['status', 'confirm_by']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('camp_place').execute();
    },
  };
}
