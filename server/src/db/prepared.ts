import type { CompiledQuery, Compilable } from 'kysely';
import type { DB } from './database';

/**
 * A hot query compiled once. Kysely builds and compiles a query on every call (tens of
 * microseconds each); for the queries every signed-in request runs, that was most of the cost.
 * The query is built with marker values, and each run swaps the real parameters in.
 */
const MARKER = '\u0000gradus-param-';

export function param(index: number): string {
  return `${MARKER}${index}`;
}

/** The row type comes from the query itself; arguments fill the markers `param(0)`, `param(1)`, ... */
export function prepareQuery<R>(db: DB, build: (db: DB) => Compilable<R>): (...args: Array<string | number>) => Promise<R[]> {
  const compiled: CompiledQuery<R> = build(db).compile();
  const slots = compiled.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(MARKER) ? Number(value.slice(MARKER.length)) : -1,
  );
  return async (...args) => {
    const parameters = compiled.parameters.map((value, i) => (slots[i] === -1 ? value : args[slots[i]!]));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}

/** One set of prepared queries per database handle (tests build many apps in one process). */
export function perDatabase<T>(make: (db: DB) => T): (db: DB) => T {
  const cache = new WeakMap<DB, T>();
  return (db) => {
    let value = cache.get(db);
    if (!value) {
      value = make(db);
      cache.set(db, value);
    }
    return value;
  };
}
