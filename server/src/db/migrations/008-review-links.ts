import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * External experts' links (issue #9). An external expert is an app_user of kind 'external' (no
 * login name, an unusable password: they never sign in), so assignments and scores refer to them
 * like to any expert. Each mailed link is a row: its token hashed, its expiry, the identity code
 * (hashed, with its tries), when the identity step was passed (once per link), the review session
 * it then opened (hashed), and when the expert declared no conflict of interest.
 */
export function reviewLinks(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  const id = () => ['id', t.id, (c: ColumnDefinitionBuilder) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey())] as const;

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('review_link')
        .addColumn(...id())
        .addColumn('expert_user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', t.millis, (c) => c.notNull())
        // A newer link for the same expert and stage replaces this one.
        .addColumn('replaced_at', t.millis)
        .addColumn('code_hash', 'text')
        .addColumn('code_expires_at', t.millis)
        .addColumn('code_sent_at', t.millis)
        .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('verified_at', t.millis)
        .addColumn('session_hash', 'text', (c) => c.unique())
        .addColumn('declared_at', t.millis)
        .addColumn('created_by', 'integer', (c) => c.references('app_user.id'))
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .execute();
      // Where an external expert works ("Professor of Economics, Fudan University"): the office tells two experts of one name apart by it.
      await db.schema.alterTable('app_user').addColumn('affiliation', 'text').execute();
      await db.schema.createIndex('review_link_expert').on('review_link').columns(['expert_user_id', 'area', 'recruit_year', 'stage']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('review_link').execute();
      await db.schema.alterTable('app_user').dropColumn('affiliation').execute();
    },
  };
}
