import type { AppContext } from '../../../context';
import { syncReferenceFiles } from '../../../db/seed/reference';

/**
 * Start-up upkeep of the files behind the materials pages, run when the module is registered:
 * - the categories' public templates exist in every deployment, not only where the demo seed ran;
 * - bytes that a crash left in place without their `stored_file` record are removed.
 * Both belong beside `syncReferenceData` and `sweepPartials` in app.ts, which builds the storage
 * after syncing the reference data; until app.ts passes it the storage, they run from here.
 */
export async function materialsUpkeep(ctx: AppContext): Promise<void> {
  await syncReferenceFiles(ctx.db, ctx.storage, ctx.clock.now());
  const removed = await ctx.storage.sweepOrphans(async (keys) => {
    const rows = await ctx.db.selectFrom('stored_file').select('storage_key').where('storage_key', 'in', keys).execute();
    return new Set(rows.map((r) => r.storage_key));
  });
  if (removed.length > 0) ctx.log.warn({ count: removed.length }, 'storage: removed stored files that no record names (left by a crash)');
}
