import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Accounts, roles and menus, sessions, captcha, configuration, files, resets, audit and number
 * sequences. The business tables of later issues (forms, orders, reviews) reference app_user
 * and recruit_year; nothing here needs to change for them.
 */
export function foundation(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  const id = (name = 'id') =>
    [name, t.id, (c: ColumnDefinitionBuilder) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey())] as const;

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('recruit_year')
        .addColumn(...id())
        .addColumn('year', 'text', (c) => c.notNull().unique())
        .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('department')
        .addColumn(...id())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name_zh', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('programme')
        .addColumn(...id())
        .addColumn('department_id', 'integer', (c) => c.notNull().references('department.id'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name_zh', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('degree', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('app_user')
        .addColumn(...id())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('login_name', 'text', (c) => c.unique())
        .addColumn('applicant_number', 'text', (c) => c.unique())
        .addColumn('user_register_type', 'integer')
        .addColumn('recruit_year', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('id_type', 'text')
        .addColumn('id_number', 'text')
        .addColumn('sex', 'text')
        .addColumn('email', 'text')
        .addColumn('mobile', 'text')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('security_question', 'text')
        .addColumn('security_answer_hash', 'text')
        .addColumn('dept_id', 'integer', (c) => c.references('department.id'))
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .execute();
      // One registration per person, register type and recruitment year.
      await db.schema
        .createIndex('app_user_person_unique')
        .on('app_user')
        .columns(['recruit_year', 'user_register_type', 'id_number'])
        .unique()
        .execute();
      await db.schema.createIndex('app_user_id_number').on('app_user').column('id_number').execute();

      await db.schema
        .createTable('role')
        .addColumn(...id())
        .addColumn('role_key', 'text', (c) => c.notNull().unique())
        .addColumn('role_name', 'text', (c) => c.notNull())
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('user_role')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
        .execute();

      await db.schema
        .createTable('menu')
        .addColumn(...id())
        .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('menu_name', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('component', 'text')
        .addColumn('menu_type', 'text', (c) => c.notNull())
        .addColumn('perms', 'text')
        .addColumn('visible', 'text', (c) => c.notNull().defaultTo('0'))
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('icon', 'text')
        .addColumn('is_cache', 'text', (c) => c.notNull().defaultTo('0'))
        .execute();
      await db.schema.createIndex('menu_name_parent').on('menu').columns(['parent_id', 'menu_name']).unique().execute();

      await db.schema
        .createTable('role_menu')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
        .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('role_menu_pk', ['role_id', 'menu_id'])
        .execute();

      await db.schema
        .createTable('session')
        .addColumn(...id())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('active_role_id', 'integer', (c) => c.notNull().references('role.id'))
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .addColumn('last_seen_at', t.millis, (c) => c.notNull())
        .addColumn('idle_expires_at', t.millis, (c) => c.notNull())
        .addColumn('absolute_expires_at', t.millis, (c) => c.notNull())
        .addColumn('revoked_at', t.millis)
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('session_user').on('session').column('user_id').execute();

      await db.schema
        .createTable('captcha')
        .addColumn('uuid', 'text', (c) => c.primaryKey())
        .addColumn('answer_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', t.millis, (c) => c.notNull())
        .addColumn('used_at', t.millis)
        .execute();
      await db.schema.createIndex('captcha_expires').on('captcha').column('expires_at').execute();

      await db.schema
        .createTable('system_config')
        .addColumn(...id())
        .addColumn('system_type', 'text', (c) => c.notNull())
        .addColumn('system_key', 'text', (c) => c.notNull())
        .addColumn('system_value', 'text', (c) => c.notNull())
        .addColumn('is_secret', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .addUniqueConstraint('system_config_key', ['system_type', 'system_key'])
        .execute();

      await db.schema
        .createTable('stored_file')
        .addColumn(...id())
        .addColumn('file_path', 'text', (c) => c.notNull().unique())
        .addColumn('owner_user_id', 'integer', (c) => c.references('app_user.id'))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', t.millis, (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stored_file_owner').on('stored_file').columns(['owner_user_id', 'category']).execute();

      await db.schema
        .createTable('password_reset')
        .addColumn(...id())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('expires_at', t.millis, (c) => c.notNull())
        .addColumn('used_at', t.millis)
        .addColumn('id_scan_file_id', 'integer', (c) => c.references('stored_file.id'))
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('audit_event')
        .addColumn(...id())
        .addColumn('at', t.millis, (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('ip', 'text')
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('audit_event_at').on('audit_event').column('at').execute();

      await db.schema
        .createTable('number_sequence')
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('user_register_type', 'integer', (c) => c.notNull())
        .addColumn('last_value', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('number_sequence_pk', ['recruit_year', 'user_register_type'])
        .execute();
    },
  };
}
