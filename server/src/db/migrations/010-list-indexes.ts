import { sql, type Kysely, type Migration } from 'kysely';
import { type DialectKind } from '../dialect';

/**
 * The applications list at 100,000 applications (issue #9), two calls that still read every form
 * or every name:
 *
 * - Ordered by name with a state filter. The order was on the account and the filter on the form,
 *   so no index held both: SQLite joined every unpaid form to its account and sorted 30,000 of them;
 *   PostgreSQL walked the accounts in name order until twenty unpaid ones came up. The applicant's
 *   name is copied onto the form (names do not change after registration; list-states.ts copies it
 *   when the form is created, with the states), and the fee filter gets an index in name order.
 *   The other name orders walk the area's name index, checking the states it holds.
 * - A search for part of a name. On PostgreSQL a trigram index (pg_trgm) finds the names holding
 *   the typed text without reading them all; it needs three characters or more, and the extension.
 *   Where the extension cannot be created (no privilege, PGlite), the search reads every name as
 *   before: the migration does not fail for it.
 */
export function listIndexes(kind: DialectKind): Migration {
  const index = (db: Kysely<unknown>, name: string, columns: string[]) =>
    db.schema.createIndex(name).on('application_form').expression(sql.raw(columns.join(', '))).execute();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('application_form').addColumn('applicant_name', 'text', (c) => c.notNull().defaultTo('')).execute();
      await sql`update application_form set applicant_name = (select u.name from app_user u where u.id = application_form.user_id)`.execute(db);
      await index(db, 'application_form_fee_name', ['area', 'fee_paid', 'applicant_name', 'id']);
      await index(db, 'application_form_name', ['area', 'applicant_name', 'id', 'status', 'fee_paid', 'photo_status', 'qualification']);
      if (kind === 'postgres') await trigramIndexes(db);
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        await sql`drop index if exists app_user_name_trigram`.execute(db);
        await sql`drop index if exists app_user_lower_name_trigram`.execute(db);
      }
      await db.schema.dropIndex('application_form_name').execute();
      await db.schema.dropIndex('application_form_fee_name').execute();
      await db.schema.alterTable('application_form').dropColumn('applicant_name').execute();
    },
  };
}

/**
 * pg_trgm lives in one schema per database, whichever schema the app uses: `public` when it is
 * new (a schema of the app's own may be dropped with everything in it, the extension included),
 * else wherever it already is. Tried under a savepoint, so a refusal leaves the migration's
 * transaction usable. Both the name and its lower case are indexed: a search with cased letters
 * compares lower cases (list.ts), one without compares the names as stored.
 */
async function trigramIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint trigram`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint trigram`.execute(db);
  } catch {
    await sql`rollback to savepoint trigram`.execute(db);
    return;
  }
  const found = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  const schema = found.rows[0]?.schema;
  if (!schema) return;
  const opclass = sql.raw(`${schema}.gin_trgm_ops`);
  await sql`create index app_user_name_trigram on app_user using gin (name ${opclass})`.execute(db);
  await sql`create index app_user_lower_name_trigram on app_user using gin ((lower(name)) ${opclass})`.execute(db);
}
