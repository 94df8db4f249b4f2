import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Scores in the back office (issue #10, "Scores"):
 *
 * - `exam_score_version`: every value a score has had, with the one it replaced, who recorded it,
 *   when, why and how (by hand, from a file, computed, by command). `exam_score` keeps the current
 *   value, which every applicant-facing read uses; a version is written in the same transaction as
 *   the change. Scores recorded before this migration get one version each ('earlier'), so every
 *   score's history starts somewhere.
 * - `score_scale`: full marks of a kind in a cycle (100 when no row), the grid's and the file's limit.
 * - `score_weight`: per programme and cycle, the weight (whole percent) of each component of the
 *   final score. A table rather than the area's configuration values: weights are per programme
 *   and per year, edited as one set that must add up to 100, which the key-value registry
 *   (contract/config) does not express.
 */
export function scoreVersions(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  const account = (c: ColumnDefinitionBuilder) => c.references('app_user.id').onDelete('set null');
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('exam_score_version')
        .addColumn('id', t.id, (c) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('score_hundredths', 'integer', (c) => c.notNull())
        .addColumn('max_score_hundredths', 'integer', (c) => c.notNull())
        .addColumn('previous_hundredths', 'integer')
        .addColumn('reason', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('recorded_by', 'integer', account)
        .addColumn('recorded_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('exam_score_version_owner').on('exam_score_version').columns(['user_id', 'recruit_year', 'area', 'kind']).execute();
      await sql`insert into exam_score_version (user_id, recruit_year, area, kind, score_hundredths, max_score_hundredths, previous_hundredths, reason, source, recorded_by, recorded_at)
        select user_id, recruit_year, area, kind, score_hundredths, max_score_hundredths, null, null, 'earlier', null, recorded_at from exam_score`.execute(db);
      await db.schema
        .createTable('score_scale')
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('max_score_hundredths', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'integer', account)
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('score_scale_pk', ['area', 'recruit_year', 'kind'])
        .execute();
      await db.schema
        .createTable('score_weight')
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('programme_id', 'integer', (c) => c.notNull().references('programme.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('weight', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'integer', account)
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('score_weight_pk', ['area', 'recruit_year', 'programme_id', 'kind'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('score_weight').execute();
      await db.schema.dropTable('score_scale').execute();
      await db.schema.dropTable('exam_score_version').execute();
    },
  };
}
