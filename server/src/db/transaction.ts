import type { Transaction } from 'kysely';
import type { Database, DB } from './database';

/**
 * Runs `work` in a transaction: the caller's, when it is already in one (a step of a larger change
 * that must commit or fail as a whole), else a new one. Kysely does not nest transactions.
 */
export function inTransaction<T>(db: DB, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
