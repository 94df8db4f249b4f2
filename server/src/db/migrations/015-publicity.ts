import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

const REFUSED = 'a published list never changes';

/**
 * The public proposed-admission list (公示) and the working-day calendar it is counted on (issue #10):
 *
 * - `work_calendar_day`: the office's exceptions to "Monday to Friday": a weekday holiday, or a
 *   make-up working Saturday or Sunday (调休), each named. Keyed by the Beijing date ('2027-10-01').
 * - `publicity_list` and `publicity_row`: a list as it was published, rows copied at that moment
 *   (masked name, number, programme, the chosen scores). The database refuses to change or remove
 *   either, as it does the audit trail (migration 013): an amendment is a new, supplementary list.
 *   `published_by` and `applicant_user_id` carry no foreign key, so that removing an account (which
 *   would set them null or cascade) cannot rewrite a published list either. A unique index keeps one
 *   original list per area and year.
 */
export function publicity(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  const id = () => ['id', t.id, (c: ColumnDefinitionBuilder) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey())] as const;
  const frozen = ['publicity_list', 'publicity_row'];
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('work_calendar_day')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('publicity_list')
        .addColumn(...id())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amends_id', 'integer', (c) => c.references('publicity_list.id'))
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('score_kinds', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('working_days', 'integer', (c) => c.notNull())
        .addColumn('published_by', 'integer')
        .addColumn('published_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('publicity_list_cycle').on('publicity_list').columns(['area', 'recruit_year', 'id']).execute();
      // One original list per area and year, even when two publishers press at the same moment.
      await sql.raw("create unique index publicity_list_one_original on publicity_list (area, recruit_year) where kind = 'original'").execute(db);
      await db.schema
        .createTable('publicity_row')
        .addColumn(...id())
        .addColumn('list_id', 'integer', (c) => c.notNull().references('publicity_list.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('applicant_user_id', 'integer', (c) => c.notNull())
        .addColumn('masked_name', 'text', (c) => c.notNull())
        .addColumn('applicant_number', 'text', (c) => c.notNull())
        .addColumn('programme_code', 'text')
        .addColumn('programme_zh', 'text')
        .addColumn('programme_en', 'text')
        .addColumn('scores_json', 'text', (c) => c.notNull())
        .addColumn('change', 'text')
        .execute();
      await db.schema.createIndex('publicity_row_list').on('publicity_row').columns(['list_id', 'position']).execute();

      for (const table of frozen) {
        if (kind === 'sqlite') {
          await sql.raw(`create trigger ${table}_no_update before update on ${table} begin select raise(abort, '${REFUSED}'); end`).execute(db);
          await sql.raw(`create trigger ${table}_no_delete before delete on ${table} begin select raise(abort, '${REFUSED}'); end`).execute(db);
        } else {
          await sql.raw(`create or replace function publicity_refuse() returns trigger language plpgsql as $$ begin raise exception '${REFUSED} (% refused)', tg_op; end $$`).execute(db);
          await sql.raw(`create trigger ${table}_no_change before update or delete on ${table} for each row execute function publicity_refuse()`).execute(db);
          await sql.raw(`create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function publicity_refuse()`).execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of [...frozen].reverse()) {
        if (kind === 'sqlite') {
          await sql.raw(`drop trigger ${table}_no_update`).execute(db);
          await sql.raw(`drop trigger ${table}_no_delete`).execute(db);
        } else {
          await sql.raw(`drop trigger ${table}_no_change on ${table}`).execute(db);
          await sql.raw(`drop trigger ${table}_no_truncate on ${table}`).execute(db);
        }
        await db.schema.dropTable(table).execute();
      }
      if (kind !== 'sqlite') await sql.raw('drop function publicity_refuse()').execute(db);
      await db.schema.dropTable('work_calendar_day').execute();
    },
  };
}
