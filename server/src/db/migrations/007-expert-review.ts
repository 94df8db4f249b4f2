import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Expert review (issue #9): the rules of a scored stage per area and year (how scores combine, how
 * many experts, each expert's load, whether it is closed), a score sheet per programme, each
 * expert's score of each assigned application (with a version, so two windows saving at once
 * never lose one), the conflicts of interest experts declare (never assigned again), and the
 * reason a manual assignment overrode the rules.
 */
export function expertReview(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  const id = () => ['id', t.id, (c: ColumnDefinitionBuilder) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey())] as const;
  const account = (c: ColumnDefinitionBuilder) => c.notNull().references('app_user.id').onDelete('cascade');
  const staffWho = (c: ColumnDefinitionBuilder) => c.references('app_user.id');

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('review_setting')
        .addColumn(...id())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        // contract COMBINE_METHODS
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('min_experts', 'integer', (c) => c.notNull())
        .addColumn('experts_per_application', 'integer', (c) => c.notNull())
        .addColumn('max_load', 'integer', (c) => c.notNull())
        .addColumn('closed_at', t.millis)
        .addColumn('updated_by', 'integer', staffWho)
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('review_setting_stage').on('review_setting').columns(['area', 'recruit_year', 'stage']).unique().execute();

      await db.schema
        .createTable('score_sheet')
        .addColumn(...id())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('programme_id', 'integer', (c) => c.notNull().references('programme.id').onDelete('cascade'))
        // contract SheetItem[]
        .addColumn('items_json', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'integer', staffWho)
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('score_sheet_programme').on('score_sheet').columns(['area', 'recruit_year', 'stage', 'programme_id']).unique().execute();

      await db.schema
        .createTable('expert_score')
        .addColumn(...id())
        .addColumn('expert_user_id', 'integer', account)
        .addColumn('applicant_user_id', 'integer', account)
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        // item key -> decimal text, as the expert typed it
        .addColumn('scores_json', 'text', (c) => c.notNull())
        // Σ score × weight in ten-thousandths (contract scoring.ts): exact, and what ranks
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        // 'draft' | 'submitted'
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('submitted_at', t.millis)
        .addColumn('updated_by', 'integer', staffWho)
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('expert_score_owner')
        .on('expert_score')
        .columns(['applicant_user_id', 'recruit_year', 'area', 'stage', 'expert_user_id'])
        .unique()
        .execute();
      // An expert's own list; the ranked list reads an application's scores through the owner index.
      await db.schema.createIndex('expert_score_expert').on('expert_score').columns(['expert_user_id', 'recruit_year', 'stage']).execute();

      await db.schema
        .createTable('expert_conflict')
        .addColumn(...id())
        .addColumn('expert_user_id', 'integer', account)
        .addColumn('applicant_user_id', 'integer', account)
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('declared_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('expert_conflict_pair').on('expert_conflict').columns(['applicant_user_id', 'recruit_year', 'area', 'expert_user_id']).unique().execute();

      await db.schema.alterTable('expert_assignment').addColumn('override_reason', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('expert_assignment').dropColumn('override_reason').execute();
      for (const table of ['expert_conflict', 'expert_score', 'score_sheet', 'review_setting']) await db.schema.dropTable(table).execute();
    },
  };
}
