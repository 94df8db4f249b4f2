import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import type { DB } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import type { Bus, BusMessage } from '../../lib/shared-state';
import { areaValues, shareConfigWrites } from './area-values';
import { setConfigValue } from './service';

let db: DB;
let drop: () => Promise<void>;
let dataDir: string;
// Any area: the configuration is kept per system_type, whatever it names.
const AREA = 'system';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-area-values-'));
  const fresh = await freshDatabase(dataDir);
  db = fresh.database.db;
  drop = fresh.drop;
  await migrateToLatest(db, fresh.database.kind, fresh.database.schema);
});
afterAll(async () => {
  await db.destroy();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What a writer this handle cannot see does (an admin command in another process): same rows, no watcher. */
const elsewhere = () => db.withoutPlugins();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** After a write, reads are not kept for a second (its transaction may not have committed). */
const settle = () => sleep(1_100);

describe('an area’s configuration kept in memory', () => {
  it('shows a value written through the handle at once, whichever way it was written', async () => {
    await setConfigValue(db, 1, AREA, 'release.2027.x', '0');
    expect((await areaValues(db, AREA)).get('release.2027.x')).toBe('0');
    await setConfigValue(db, 2, AREA, 'release.2027.x', '1');
    expect((await areaValues(db, AREA)).get('release.2027.x')).toBe('1');
    await db.updateTable('system_config').set({ system_value: '0' }).where('system_type', '=', AREA).where('system_key', '=', 'release.2027.x').execute();
    expect((await areaValues(db, AREA)).get('release.2027.x')).toBe('0');
    await sql`update system_config set system_value = '1' where system_key = 'release.2027.x'`.execute(db);
    expect((await areaValues(db, AREA)).get('release.2027.x')).toBe('1');
    await db.deleteFrom('system_config').where('system_key', '=', 'release.2027.x').execute();
    expect((await areaValues(db, AREA)).has('release.2027.x')).toBe(false);
  });

  it('keeps what it read (another writer is not seen at once) but never longer than a second', async () => {
    await setConfigValue(db, 3, AREA, 'stage.2027.x.opensAt', '2027-01-01');
    await settle();
    expect((await areaValues(db, AREA)).get('stage.2027.x.opensAt')).toBe('2027-01-01');
    await elsewhere().updateTable('system_config').set({ system_value: '2027-02-02' }).where('system_key', '=', 'stage.2027.x.opensAt').execute();
    // Kept: this is what saves a statement on every applicant call.
    expect((await areaValues(db, AREA)).get('stage.2027.x.opensAt')).toBe('2027-01-01');
    await sleep(1_100);
    expect((await areaValues(db, AREA)).get('stage.2027.x.opensAt')).toBe('2027-02-02');
  });

  it('keeps nothing read within a second of a write, whose transaction may still be open', async () => {
    await settle();
    await db.transaction().execute((trx) => setConfigValue(trx, 6, AREA, 'k.open', 'new'));
    // On PostgreSQL another connection could have read the old value before the commit: kept, it would stay.
    expect((await areaValues(db, AREA)).get('k.open')).toBe('new');
    await elsewhere().updateTable('system_config').set({ system_value: 'newer' }).where('system_key', '=', 'k.open').execute();
    expect((await areaValues(db, AREA)).get('k.open')).toBe('newer');
  });

  it('reads fresh inside a transaction', async () => {
    await setConfigValue(db, 4, AREA, 'k.trx', 'before');
    await areaValues(db, AREA);
    await elsewhere().updateTable('system_config').set({ system_value: 'after' }).where('system_key', '=', 'k.trx').execute();
    const inside = await db.transaction().execute((trx) => areaValues(trx, AREA));
    expect(inside.get('k.trx')).toBe('after');
  });

  it('tells the other instances of a write, and drops its copy when one tells it', async () => {
    const published: BusMessage[] = [];
    const handlers: ((m: BusMessage) => void)[] = [];
    const bus: Bus = { publish: (m) => published.push(m), subscribe: (h) => handlers.push(h) };
    shareConfigWrites(db, bus);

    await setConfigValue(db, 5, AREA, 'k.bus', 'one');
    expect(published).toContainEqual({ kind: 'config' });
    await settle();
    expect((await areaValues(db, AREA)).get('k.bus')).toBe('one');

    await elsewhere().updateTable('system_config').set({ system_value: 'two' }).where('system_key', '=', 'k.bus').execute();
    expect((await areaValues(db, AREA)).get('k.bus')).toBe('one');
    for (const h of handlers) h({ kind: 'config' });
    expect((await areaValues(db, AREA)).get('k.bus')).toBe('two');
  });
});
