/**
 * A pg-compatible pool over an in-process PGlite database, so the PostgreSQL dialect can be
 * tested on a machine without a server. PGlite has one connection: clients are handed out
 * one at a time, which also serializes transactions as a real single connection would.
 */
import type { PGlite } from '@electric-sql/pglite';

interface QueryResultLike {
  rows: unknown[];
  rowCount: number;
  command: string;
}

export function pglitePool(pglite: PGlite) {
  let queue: Promise<void> = Promise.resolve();
  const client = {
    async query(sql: string, params: readonly unknown[] = []): Promise<QueryResultLike> {
      const result = await pglite.query(sql, params as unknown[]);
      const command = (/^\s*(\w+)/.exec(sql)?.[1] ?? '').toUpperCase();
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length, command };
    },
    release: () => {},
  };
  return {
    async connect() {
      let release!: () => void;
      const previous = queue;
      queue = new Promise<void>((r) => (release = r));
      await previous;
      return { ...client, release };
    },
    async end() {
      await pglite.close();
    },
  };
}
