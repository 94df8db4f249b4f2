import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Roles' menus and buttons (issue #10): `role_menu_denied` holds the back-office rows (pages and
 * buttons) the system administrator took from a staff role. The grants themselves stay in
 * `role_menu`, which the reference sync rebuilds from the code's menu table at every start: a
 * denial is kept apart so that the sync (and a new page in a later release) never grants back
 * what someone took away on purpose.
 */
export function roleDenials(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('role_menu_denied')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
        .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id').onDelete('cascade'))
        .addColumn('denied_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
        .addColumn('denied_at', t.millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('role_menu_denied_pk', ['role_id', 'menu_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('role_menu_denied').execute();
    },
  };
}
