import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Score re-checks (issue #10, 复核):
 *
 * - `score_recheck`: an applicant's request for a re-check of one score, its reason, and the
 *   office's answer (no change or corrected, the explanation, the score before and after, who,
 *   when). Unique per applicant, cycle, area and kind: one request per score, which the database
 *   keeps even when two requests race.
 * - `score_recheck_window`: when re-checks of a kind may be asked in a cycle. A table rather than
 *   the area's configuration values: the window is per cycle and kind, two instants edited
 *   together on the re-checks page, and the registry (contract/config) holds per-area values
 *   without the year.
 */
export function scoreRechecks(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  const account = (c: ColumnDefinitionBuilder) => c.references('app_user.id').onDelete('set null');
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('score_recheck')
        .addColumn('id', t.id, (c) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('requested_at', t.millis, (c) => c.notNull())
        .addColumn('old_hundredths', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text')
        .addColumn('answer', 'text')
        .addColumn('new_hundredths', 'integer')
        .addColumn('answered_by', 'integer', account)
        .addColumn('answered_at', t.millis)
        .addUniqueConstraint('score_recheck_one_per_score', ['user_id', 'recruit_year', 'area', 'kind'])
        .execute();
      await db.schema.createIndex('score_recheck_cycle').on('score_recheck').columns(['area', 'recruit_year', 'state']).execute();
      await db.schema
        .createTable('score_recheck_window')
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('opens_at', t.millis, (c) => c.notNull())
        .addColumn('closes_at', t.millis, (c) => c.notNull())
        .addColumn('updated_by', 'integer', account)
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('score_recheck_window_pk', ['area', 'recruit_year', 'kind'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('score_recheck_window').execute();
      await db.schema.dropTable('score_recheck').execute();
    },
  };
}
