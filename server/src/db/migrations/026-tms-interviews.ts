import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Tuimian interview invitations (复试, issue #11): one a year per applicant. The time, on site with a
 * place or online with a link, notes, and the last moment to answer (`respond_by`); the applicant's
 * answer ('accepted' | 'declined', once); the result the school recorded ('pass' | 'fail'), which
 * the applicant reads once the tms `interviewResult` is released. `version` counts the row's
 * changes, so an answer sent from a page showing an invitation since changed is refused.
 */
export function tmsInterviews(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tms_interview')
        .addColumn('id', t.id, (c) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('starts_at', t.millis, (c) => c.notNull())
        // contract TMS_INTERVIEW_FORMATS
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('respond_by', t.millis, (c) => c.notNull())
        .addColumn('answer', 'text')
        .addColumn('answered_at', t.millis)
        // contract TMS_INTERVIEW_OUTCOMES
        .addColumn('result', 'text')
        .addColumn('result_by', 'integer', (c) => c.references('app_user.id'))
        .addColumn('result_at', t.millis)
        .addColumn('invited_by', 'integer', (c) => c.references('app_user.id'))
        .addColumn('invited_at', t.millis, (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .addUniqueConstraint('tms_interview_one_a_year', ['user_id', 'recruit_year'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('tms_interview').execute();
    },
  };
}
