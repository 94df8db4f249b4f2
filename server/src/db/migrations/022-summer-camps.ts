import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Summer camps (issue #11): the admissions office defines the year's camps.
 *
 * - `summer_camp`: one camp of a recruitment year, run by a school (`department_id`) or by
 *   programmes of several (null): its days in Beijing ('YYYY-MM-DD', as the camp is planned), on
 *   site or online and where, the application window and the deadline admitted campers confirm by
 *   (epoch ms, like every moment), how long a camper offered a place from the waiting list has,
 *   whether it rates its campers and whether a decline may be taken back. `version` counts its
 *   changes: a save based on an older one is refused.
 * - `summer_camp_programme`: the programmes a camp recruits for, each with its places. A programme
 *   is in one camp of a year at most: the service refuses the second, naming the first (the year
 *   is the camp's, so no index can say it alone).
 */
export function summerCamps(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('summer_camp')
        .addColumn('id', t.id, (c) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('name_zh', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('department_id', 'integer', (c) => c.references('department.id'))
        .addColumn('starts_on', 'text', (c) => c.notNull())
        .addColumn('ends_on', 'text', (c) => c.notNull())
        // 'onsite' | 'online' (contract CAMP_MODES)
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('place_zh', 'text')
        .addColumn('place_en', 'text')
        .addColumn('apply_opens_at', t.millis, (c) => c.notNull())
        .addColumn('apply_closes_at', t.millis, (c) => c.notNull())
        .addColumn('confirm_closes_at', t.millis, (c) => c.notNull())
        .addColumn('waitlist_confirm_hours', 'integer', (c) => c.notNull())
        .addColumn('rates_campers', 'integer', (c) => c.notNull())
        .addColumn('decline_undoable', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('summer_camp_year').on('summer_camp').columns(['recruit_year', 'starts_on']).execute();
      await db.schema
        .createTable('summer_camp_programme')
        .addColumn('camp_id', 'integer', (c) => c.notNull().references('summer_camp.id').onDelete('cascade'))
        .addColumn('programme_id', 'integer', (c) => c.notNull().references('programme.id'))
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('summer_camp_programme_pk', ['camp_id', 'programme_id'])
        .execute();
      await db.schema.createIndex('summer_camp_programme_programme').on('summer_camp_programme').columns(['programme_id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('summer_camp_programme').execute();
      await db.schema.dropTable('summer_camp').execute();
    },
  };
}
