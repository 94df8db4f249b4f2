/**
 * The ONLY place where SQLite and PostgreSQL differ: how to connect, and the column types and index orders
 * the migrations use. Everything else is plain Kysely that both dialects run unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresIntrospector, SqliteDialect, sql, type ColumnDataType, type Dialect, type PostgresPool, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { ConfigWrites, configWritesOf } from './config-writes';
import { SchemaPostgresDialect } from './schema-introspector';

export type DialectKind = 'sqlite' | 'postgres';

export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema?: string }
  /** PostgreSQL in-process (tests without a server); `pool` is a pg-compatible pool over PGlite. */
  | { kind: 'pglite'; pool: PostgresPool };

export interface Connected {
  db: Kysely<Database>;
  kind: DialectKind;
  /** PostgreSQL schema holding the tables (and the migration bookkeeping). */
  schema?: string;
}

const INT8_OID = 20;
/** Epoch-millisecond timestamps are bigint in PostgreSQL; they fit a JS number exactly. */
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text'),
};

/** Every handle watches its writes to system_config (db/config-writes.ts). */
function kysely(dialect: Dialect): Kysely<Database> {
  const writes = new ConfigWrites();
  const db = new Kysely<Database>({ dialect, plugins: [writes] });
  configWritesOf.set(db, writes);
  return db;
}

export function connect(target: DatabaseTarget): Connected {
  let dialect: Dialect;
  if (target.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const database = new SQLite(target.file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    dialect = new SqliteDialect({ database: withStatementCache(database) });
    return { db: kysely(dialect), kind: 'sqlite' };
  }
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      max: 10,
      types: pgTypes,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    });
    const schema = target.schema ?? 'public';
    dialect = new SchemaPostgresDialect({ pool }, schema);
    return { db: kysely(dialect), kind: 'postgres', schema };
  }
  dialect = new SchemaPostgresDialect({ pool: target.pool }, 'public');
  return { db: kysely(dialect), kind: 'postgres', schema: 'public' };
}

/**
 * Kysely asks better-sqlite3 to prepare every statement anew; preparing costs several times more
 * than running. The same SQL text gets the same prepared statement (bounded, oldest dropped).
 */
function withStatementCache(database: SQLite.Database, max = 500): SQLite.Database {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof database.prepare;
  return database;
}

/** Column types for the migrations. */
export function columnTypes(kind: DialectKind): { id: ColumnDataType; millis: ColumnDataType; idAutoIncrement: boolean } {
  return kind === 'sqlite'
    ? { id: 'integer', millis: 'integer', idAutoIncrement: true }
    : { id: 'serial', millis: 'bigint', idAutoIncrement: false };
}

/**
 * An index column read newest first with empty values last, as the lists sort (`desc nulls last`).
 * SQLite puts NULLs last when descending anyway and takes no NULLS clause in an index; PostgreSQL
 * puts them first unless told, and then cannot read the index in the list's order at all.
 */
export function newestFirst(kind: DialectKind, column: string): string {
  return kind === 'sqlite' ? `${column} desc` : `${column} desc nulls last`;
}

/** Whether an error is a unique-constraint violation (two registrations racing for one slot). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The dialect behind a handle, a transaction's too (PGlite is PostgreSQL). */
export function dialectOf(db: Kysely<Database>): DialectKind {
  return db.introspection instanceof PostgresIntrospector ? 'postgres' : 'sqlite';
}

/**
 * Makes appends to a chain (the audit trail's hashes) wait for each other until the transaction
 * ends, in every process: reading the head and writing after it are then one step. PostgreSQL
 * takes a transaction-scoped advisory lock on `key`. SQLite has one writer: a write that touches no
 * row takes its lock before the head is read (a read first could see a head another process is
 * about to replace, and then fail to write); a caller's transaction that already wrote holds it.
 */
export async function lockForAppend(trx: Transaction<Database>, key: number, table: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
  else await sql`update ${sql.table(table)} set id = id where 0 = 1`.execute(trx);
}
