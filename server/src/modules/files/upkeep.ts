import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import type { FileStorage } from '../../plugins/storage';

/**
 * Start-up upkeep of stored bytes: half-written uploads (`.part`) go, and so do complete files over
 * an hour old that no `stored_file` record names (a crash between saving the bytes and writing
 * the record leaves those).
 */
export async function sweepStorage(db: DB, storage: FileStorage, log: FastifyBaseLogger): Promise<void> {
  await storage.sweepPartials();
  const removed = await storage.sweepOrphans(async (keys) => {
    const rows = await db.selectFrom('stored_file').select('storage_key').where('storage_key', 'in', keys).execute();
    return new Set(rows.map((r) => r.storage_key));
  });
  if (removed.length > 0) log.warn({ count: removed.length }, 'storage: removed stored files that no record names (left by a crash)');
}
