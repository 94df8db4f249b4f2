import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, PostgresDialect, PostgresIntrospector, sql, type DatabaseIntrospector, type DatabaseMetadataOptions, type Kysely, type PostgresDialectConfig, type SchemaMetadata, type TableMetadata } from 'kysely';

interface ColumnRow {
  column: string;
  not_null: boolean;
  has_default: boolean;
  table: string;
  table_type: string;
  type: string;
  type_schema: string;
  comment: string | null;
  auto_incrementing: boolean;
}

/**
 * Kysely's migrator asks the introspector whether its bookkeeping tables exist. The stock PostgreSQL
 * introspector lists every table of every schema and calls name-based functions on each
 * (`has_schema_privilege(nspname, …)`, `pg_get_serial_sequence(name, …)`): a schema or table another
 * process drops meanwhile then fails this process's start with "schema … does not exist". That happened
 * to test files sharing one server (each drops its schema when done), and would to an instance starting
 * while another migrates. This one sees only the app's own schema and calls only OID-based functions.
 */
export class SchemaIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schema: string;

  constructor(db: Kysely<unknown>, schema: string) {
    super(db);
    this.#db = db;
    this.#schema = schema;
  }

  override async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${this.#schema}`.execute(this.#db);
    return rows.map((r) => ({ name: r.name }));
  }

  override async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const internal = options.withInternalKyselyTables ? sql`true` : sql`c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE})`;
    const { rows } = await sql<ColumnRow>`
      select a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default,
             c.relname as table, c.relkind as table_type, typ.typname as type, dtns.nspname as type_schema,
             col_description(a.attrelid, a.attnum) as comment,
             (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false)) as auto_incrementing
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on a.attrelid = c.oid
        join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
        join pg_catalog.pg_type typ on a.atttypid = typ.oid
        join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
        left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where ns.nspname = ${this.#schema} and c.relkind in ('r', 'v', 'p')
         and a.attnum >= 0 and not a.attisdropped and ${internal}
       order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const r of rows) {
      let table = tables.get(r.table);
      if (!table) {
        table = { name: r.table, schema: this.#schema, isView: r.table_type === 'v', columns: [] };
        tables.set(r.table, table);
      }
      table.columns.push({
        name: r.column,
        dataType: r.type,
        dataTypeSchema: r.type_schema,
        isNullable: !r.not_null,
        hasDefaultValue: r.has_default,
        isAutoIncrementing: r.auto_incrementing,
        ...(r.comment ? { comment: r.comment } : {}),
      });
    }
    return [...tables.values()];
  }
}

/** PostgreSQL, introspected within `schema` only (see SchemaIntrospector). */
export class SchemaPostgresDialect extends PostgresDialect {
  readonly #schema: string;

  constructor(config: PostgresDialectConfig, schema: string) {
    super(config);
    this.#schema = schema;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the signature Kysely declares
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SchemaIntrospector(db, this.#schema);
  }
}
