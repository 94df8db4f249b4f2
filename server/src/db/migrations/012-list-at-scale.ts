import { sql, type Kysely, type Migration } from 'kysely';
import { writeNameIndex } from '../../modules/applications/name-index';
import type { Database } from '../database';
import { type DialectKind } from '../dialect';

/**
 * The applications list at 100,000 applications (issue #9), the two calls that still read in
 * proportion to the cohort after migration 010:
 *
 * - The number order with a state filter ("eligible, by number") joined every eligible form to its
 *   account and sorted them. The applicant number is copied onto the form (numbers are issued at
 *   registration and never change; list-states.ts copies it with the name) and indexed in the
 *   area, with the eligibility state first for that filter.
 * - A search for part of a name read every name on SQLite, and on PostgreSQL too below three
 *   characters, where pg_trgm has no trigram to look up (a search for 王芳 is two characters).
 *   Every piece of a folded name from one to three characters gets a row in
 *   `applicant_name_piece` (a three-character name has six), and a search looks its own text up
 *   there (or its first three characters, checking the rest on the few forms found). One index for
 *   both databases, so migration 010's trigram indexes go.
 */
export function listAtScale(kind: DialectKind): Migration {
  const index = (db: Kysely<unknown>, name: string, columns: string[]) =>
    db.schema.createIndex(name).on('application_form').expression(sql.raw(columns.join(', '))).execute();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('application_form').addColumn('applicant_number', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('application_form').addColumn('applicant_search', 'text', (c) => c.notNull().defaultTo('')).execute();
      await sql`update application_form set applicant_number = coalesce((select u.applicant_number from app_user u where u.id = application_form.user_id), '')`.execute(db);
      await index(db, 'application_form_eligible_number', ['area', 'qualification', 'applicant_number', 'id']);
      await index(db, 'application_form_number', ['area', 'applicant_number', 'id', 'status', 'fee_paid', 'photo_status', 'qualification']);
      await db.schema
        .createTable('applicant_name_piece')
        .addColumn('piece', 'text', (c) => c.notNull())
        .addColumn('form_id', 'integer', (c) => c.notNull().references('application_form.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('applicant_name_piece_pk', ['piece', 'form_id'])
        .execute();
      await db.schema.createIndex('applicant_name_piece_form').on('applicant_name_piece').column('form_id').execute();
      const forms = await sql<{ id: number; name: string }>`select id, applicant_name as name from application_form`.execute(db);
      // The tables as this migration leaves them are the app's: the index is written as the app writes it.
      await writeNameIndex(db as Kysely<Database>, forms.rows);
      if (kind === 'postgres') {
        await sql`drop index if exists app_user_name_trigram`.execute(db);
        await sql`drop index if exists app_user_lower_name_trigram`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('applicant_name_piece').execute();
      await db.schema.dropIndex('application_form_number').execute();
      await db.schema.dropIndex('application_form_eligible_number').execute();
      await db.schema.alterTable('application_form').dropColumn('applicant_search').execute();
      await db.schema.alterTable('application_form').dropColumn('applicant_number').execute();
    },
  };
}
