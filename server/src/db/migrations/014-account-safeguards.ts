import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Two safeguards on staff accounts (issue #10, "Users and roles"), so that one system
 * administrator cannot make themselves a publisher:
 *
 * - `app_user.password_change_due`: an account whose password someone else chose (a one-time
 *   password at creation or reset) may do nothing but choose its own (modules/access).
 * - `account_request`: a change that grants the power to publish or to administer (a new account,
 *   new roles or permissions, a privileged account's address or password) waits here until a
 *   second system administrator confirms it. `payload` is the change as JSON; an open request has
 *   no `outcome`.
 */
export function accountSafeguards(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  const id = () => ['id', t.id, (c: ColumnDefinitionBuilder) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey())] as const;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('app_user').addColumn('password_change_due', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema
        .createTable('account_request')
        .addColumn(...id())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_user_id', 'integer', (c) => c.references('app_user.id').onDelete('cascade'))
        .addColumn('login_name', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('requested_at', t.millis, (c) => c.notNull())
        .addColumn('decided_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
        .addColumn('decided_at', t.millis)
        .addColumn('outcome', 'text')
        .addColumn('reason', 'text')
        .execute();
      await db.schema.createIndex('account_request_open').on('account_request').columns(['outcome', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('account_request').execute();
      await db.schema.alterTable('app_user').dropColumn('password_change_due').execute();
    },
  };
}
