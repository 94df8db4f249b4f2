import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Interview sessions (issue #9): the comprehensive assessment and the foreign-language review are
 * scored by a panel, applicant after applicant, on a date and in a room. A session names its panel
 * (in seating order, one of them its secretary) and its applicants (in interview order); each
 * member's score of each applicant is kept with a version, so two tablets saving at once never
 * lose one; the secretary's lock freezes every score of the session.
 */
export function interviewSessions(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  const id = () => ['id', t.id, (c: ColumnDefinitionBuilder) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey())] as const;
  const account = (c: ColumnDefinitionBuilder) => c.notNull().references('app_user.id').onDelete('cascade');
  const session = (c: ColumnDefinitionBuilder) => c.notNull().references('interview_session.id').onDelete('cascade');

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('interview_session')
        .addColumn(...id())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        // contract INTERVIEW_KINDS, also the scored stage whose sheet and rules it uses
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('programme_id', 'integer', (c) => c.notNull().references('programme.id'))
        .addColumn('starts_at', t.millis, (c) => c.notNull())
        .addColumn('room', 'text', (c) => c.notNull())
        .addColumn('secretary_user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('locked_at', t.millis)
        .addColumn('locked_by', 'integer', (c) => c.references('app_user.id'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('app_user.id'))
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('interview_session_cycle').on('interview_session').columns(['area', 'recruit_year', 'kind', 'starts_at']).execute();

      await db.schema
        .createTable('interview_panel')
        .addColumn(...id())
        .addColumn('session_id', 'integer', session)
        .addColumn('member_user_id', 'integer', account)
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('interview_panel_member').on('interview_panel').columns(['session_id', 'member_user_id']).unique().execute();
      // A member's own sessions.
      await db.schema.createIndex('interview_panel_by_member').on('interview_panel').columns(['member_user_id']).execute();

      await db.schema
        .createTable('interview_slot')
        .addColumn(...id())
        .addColumn('session_id', 'integer', session)
        .addColumn('applicant_user_id', 'integer', account)
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('interview_slot_applicant').on('interview_slot').columns(['session_id', 'applicant_user_id']).unique().execute();
      // An applicant sits one session of a kind: found from the applicant.
      await db.schema.createIndex('interview_slot_by_applicant').on('interview_slot').columns(['applicant_user_id']).execute();

      await db.schema
        .createTable('interview_score')
        .addColumn(...id())
        .addColumn('session_id', 'integer', session)
        .addColumn('member_user_id', 'integer', account)
        .addColumn('applicant_user_id', 'integer', account)
        // item key -> decimal text, as the member typed it
        .addColumn('scores_json', 'text', (c) => c.notNull())
        // Σ score × weight in ten-thousandths (contract scoring.ts)
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        // 'draft' | 'submitted'
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('submitted_at', t.millis)
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('interview_score_owner').on('interview_score').columns(['session_id', 'applicant_user_id', 'member_user_id']).unique().execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['interview_score', 'interview_slot', 'interview_panel', 'interview_session']) await db.schema.dropTable(table).execute();
    },
  };
}
