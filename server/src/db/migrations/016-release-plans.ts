import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Releases as planned acts (issue #10, "Decisions and their release"):
 *
 * - `release_plan`: one publisher plans a result's release (now, or `at` a moment), a second one
 *   confirms it; the plan is then `scheduled` until its moment, `published` after, or `cancelled`.
 *   At most one open plan (awaiting or scheduled) per area, year and result: the service checks
 *   it, and firing a due plan claims it by its state, so it goes out once.
 * - `result_view`: when an applicant first opened a published result, so that withdrawing it names
 *   who had already seen it.
 */
export function releasePlans(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  const id = () => ['id', t.id, (c: ColumnDefinitionBuilder) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey())] as const;
  const account = (c: ColumnDefinitionBuilder) => c.references('app_user.id').onDelete('set null');
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('release_plan')
        .addColumn(...id())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('release', 'text', (c) => c.notNull())
        .addColumn('at', t.millis)
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('planned_by', 'integer', account)
        .addColumn('planned_at', t.millis, (c) => c.notNull())
        .addColumn('confirmed_by', 'integer', account)
        .addColumn('confirmed_at', t.millis)
        .addColumn('published_at', t.millis)
        .addColumn('cancelled_by', 'integer', account)
        .addColumn('reason', 'text')
        .execute();
      await db.schema.createIndex('release_plan_cycle').on('release_plan').columns(['area', 'recruit_year', 'release', 'state']).execute();
      await db.schema.createIndex('release_plan_due').on('release_plan').columns(['state', 'at']).execute();
      await db.schema
        .createTable('result_view')
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('release', 'text', (c) => c.notNull())
        .addColumn('applicant_user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('first_seen_at', t.millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('result_view_pk', ['area', 'recruit_year', 'release', 'applicant_user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('result_view').execute();
      await db.schema.dropTable('release_plan').execute();
    },
  };
}
