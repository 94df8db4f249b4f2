import { Kysely, Migrator, PostgresDialect, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaPostgresDialect } from './schema-introspector';

// A PostgreSQL server of its own is what this is about: several connections, one dropping schemas
// while another starts. Only the postgres project collects *.pg.test.ts (vitest.config.ts).
const url = process.env.TEST_DATABASE_URL as string;
const suffix = `${process.pid}_${Date.now()}`;
const own = `si_own_${suffix}`;
const other = `si_other_${suffix}`;

async function admin(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

const pools: pg.Pool[] = [];
function database(schema: string, stock = false): Kysely<unknown> {
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 });
  pools.push(pool);
  return new Kysely({ dialect: stock ? new PostgresDialect({ pool }) : new SchemaPostgresDialect({ pool }, schema) });
}

beforeAll(async () => {
  await admin(`create schema ${own}; create table ${own}.application (id serial primary key, note text not null default '');
               create schema ${other}; create table ${other}.stranger (id integer)`);
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await admin(`drop schema if exists ${own} cascade; drop schema if exists ${other} cascade`);
});

describe('the PostgreSQL introspector', () => {
  it('sees the app schema only, with its columns', async () => {
    const db = database(own);
    expect(await db.introspection.getSchemas()).toEqual([{ name: own }]);
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => [t.schema, t.name])).toEqual([[own, 'application']]);
    expect(tables[0]?.columns.map((c) => [c.name, c.dataType, c.isNullable, c.hasDefaultValue, c.isAutoIncrementing])).toEqual([
      ['id', 'int4', false, true, true],
      ['note', 'text', false, true, false],
    ]);
  });

  // Kysely's own introspector fails here about one call in twenty ("schema race_N does not exist"):
  // it lists every schema and then looks each one up by name. Test files sharing the CI server drop
  // their schemas as they finish, and a migration starting then failed (CI, 2026-11-28).
  it('lets migrations start while another process drops and creates schemas', async () => {
    const churn = new pg.Client({ connectionString: url });
    await churn.connect();
    let running = true;
    let round = 0;
    const churning = (async () => {
      while (running) {
        const s = `si_churn_${suffix}_${round++}`;
        await churn.query(`create schema ${s}; create table ${s}.a (id serial primary key, x text); create table ${s}.b (id serial primary key)`);
        await churn.query(`drop schema ${s} cascade`);
      }
    })();
    try {
      const failures: string[] = [];
      for (let i = 0; i < 12; i++) {
        const schema = `si_run_${suffix}_${i}`;
        await admin(`create schema ${schema}`);
        const db = database(schema);
        const migrations: Record<string, Migration> = { '001': { up: async (d) => d.schema.createTable('t').addColumn('id', 'integer').execute() } };
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
        // Many introspections per round, as the migrator's own checks do, to give the race its chances.
        for (let k = 0; k < 60; k++) await db.introspection.getTables({ withInternalKyselyTables: true }).catch((e) => failures.push(String(e)));
        const { error } = await migrator.migrateToLatest();
        if (error) failures.push(String(error));
        await admin(`drop schema ${schema} cascade`);
      }
      expect(round).toBeGreaterThan(10);
      expect(failures).toEqual([]);
    } finally {
      running = false;
      await churning;
      await churn.end();
    }
    // A fixed amount of work, not a fixed time: alone it takes about 10 s, beside the rest of CI (two cores,
    // every suite busy) it went past 30 s once (CI, 2026-12-02).
  }, 120_000);
});
