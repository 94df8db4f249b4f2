/**
 * A pg-compatible pool over an in-process PGlite database, so the PostgreSQL dialect can be
 * tested on a machine without a server. PGlite has one connection: clients are handed out
 * one at a time, which also serializes transactions as a real single connection would.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

type Command = PostgresQueryResult<unknown>['command'];

export function pglitePool(pglite: PGlite): PostgresPool {
  let queue: Promise<void> = Promise.resolve();
  const client = {
    async query(sql: string, params: readonly unknown[] = []): Promise<PostgresQueryResult<unknown>> {
      const result = await pglite.query(sql, params as unknown[]);
      const command = (/^\s*(\w+)/.exec(sql)?.[1] ?? '').toUpperCase() as Command;
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length, command } as PostgresQueryResult<unknown>;
    },
    release: () => {},
  };
  return {
    async connect() {
      let release!: () => void;
      const previous = queue;
      queue = new Promise<void>((r) => (release = r));
      await previous;
      // Kysely only streams through cursors, which Gradus never uses; plain queries are all we serve.
      return { ...client, release } as unknown as PostgresPoolClient;
    },
    async end() {
      await pglite.close();
    },
  };
}
