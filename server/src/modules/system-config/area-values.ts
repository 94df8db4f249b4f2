import { performance } from 'node:perf_hooks';
import type { DB } from '../../db/database';
import type { Bus } from '../../lib/shared-state';
import { configWritesOf } from '../../db/config-writes';
import { perDatabase } from '../../db/prepared';

/**
 * One area's configuration (system_type = the area), key to value: its release switches, stage
 * windows and material rules, which every applicant call of the area reads.
 *
 * Kept in memory, because on release day reading it was a statement on every call: the copy is
 * dropped the moment anything writes system_config through this process's database handle
 * (db/config-writes.ts), and at once on the other instances through the bus (app.ts). A write no
 * instance made (an admin command run beside the server) shows within FOREIGN_WRITE_MS. A result
 * can therefore never show before it is published; a withdrawal made by an admin command takes
 * up to that long to hide it. Inside a transaction, and for that long after any write (its
 * transaction may not have committed), the configuration is read fresh.
 */
export type AreaValues = ReadonlyMap<string, string>;

const FOREIGN_WRITE_MS = 1_000;

interface Kept {
  values: AreaValues;
  generation: number;
  readAt: number;
}

const kept = perDatabase(() => new Map<string, Kept>());

function readValues(db: DB, area: string): Promise<AreaValues> {
  return db
    .selectFrom('system_config')
    .select(['system_key', 'system_value'])
    .where('system_type', '=', area)
    .execute()
    .then((rows) => new Map(rows.map((r) => [r.system_key, r.system_value])));
}

export async function areaValues(db: DB, area: string): Promise<AreaValues> {
  const writes = configWritesOf.get(db);
  if (!writes) return readValues(db, area);
  const byArea = kept(db);
  const hit = byArea.get(area);
  const now = performance.now();
  if (hit && hit.generation === writes.generation && now - hit.readAt < FOREIGN_WRITE_MS) return hit.values;
  const generation = writes.generation;
  const values = await readValues(db, area);
  // A write that began while this read ran, or whose transaction may not have committed yet, may
  // or may not be in it: answer with it, keep nothing.
  if (generation === writes.generation && !writes.wroteWithin(FOREIGN_WRITE_MS)) byArea.set(area, { values, generation, readAt: now });
  return values;
}

/** Several instances: a configuration written on one drops what the others keep, at once. */
export function shareConfigWrites(db: DB, bus: Bus): void {
  const writes = configWritesOf.get(db);
  if (!writes) return;
  writes.onWrite(() => bus.publish({ kind: 'config' }));
  bus.subscribe((m) => {
    if (m.kind === 'config') writes.noteForeignWrite();
  });
}
