import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect, buildTestApp, freshDatabase, type TestApp } from '../../../test/harness';
import { migrateToLatest, migrationsFor } from '../../db/migrate';
import { inTransaction } from '../../db/transaction';
import { AUDIT_GENESIS, audit, chainHash, verifyAuditChain } from './service';

let t: TestApp;
const db = () => t.app.ctx.db;
const chain = () => db().selectFrom('audit_event').select(['id', 'event', 'subject', 'prev_hash', 'hash']).orderBy('id').execute();

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('the audit trail is a hash chain', () => {
  it('links every entry to the one before it, the first to the genesis value', async () => {
    await audit(db(), t.clock.now(), 'account.enable', { userId: 1, subject: 'first', ip: '10.0.0.1' });
    await audit(db(), t.clock.now(), 'account.disable', { userId: 1, subject: 'second', ip: '10.0.0.1', detail: { reason: 'test' } });
    await audit(db(), t.clock.now(), 'logout', {});
    const rows = await chain();
    expect(rows.map((r) => r.subject)).toEqual(['first', 'second', null]);
    expect(rows[0]!.prev_hash).toBe(AUDIT_GENESIS);
    rows.slice(1).forEach((row, i) => expect(row.prev_hash, `entry ${row.id}`).toBe(rows[i]!.hash));
    const last = await db().selectFrom('audit_event').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.hash).toBe(chainHash(last.prev_hash!, last));
    expect(last.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyAuditChain(db())).toEqual({ entries: rows.length, intact: true, firstBroken: null, newestHash: last.hash });
  });

  it('refuses, in the database itself, to change or remove an entry', async () => {
    const before = await chain();
    const id = before[0]!.id;
    await expect(sql`update audit_event set detail = '{"forged":true}' where id = ${id}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`update audit_event set hash = prev_hash`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_event where id = ${id}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_event`.execute(db())).rejects.toThrow(/append-only/);
    if (dialect !== 'sqlite') await expect(sql`truncate audit_event`.execute(db())).rejects.toThrow(/append-only/);
    expect(await chain()).toEqual(before);
  });

  it('keeps one chain when 20 appends race (only PostgreSQL, with its many connections, could fork it)', async () => {
    const since = (await chain()).length;
    await Promise.all(Array.from({ length: 20 }, (_, i) => audit(db(), t.clock.now(), 'role.switch', { userId: 1, subject: `race-${i}`, ip: '10.0.0.2' })));
    const rows = await chain();
    expect(rows.length - since).toBe(20);
    // A fork shows as two entries naming the same entry before them.
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
    expect((await verifyAuditChain(db())).intact).toBe(true);
  });

  it('keeps one chain when one transaction appends several entries at once, and drops its entry when it rolls back', async () => {
    const since = (await chain()).length;
    await inTransaction(db(), (trx) => Promise.all([1, 2, 3].map((n) => audit(trx, t.clock.now(), 'account.update', { userId: 1, subject: `together-${n}` }))));
    await expect(
      inTransaction(db(), async (trx) => {
        await audit(trx, t.clock.now(), 'account.update', { userId: 1, subject: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await audit(db(), t.clock.now(), 'account.update', { userId: 1, subject: 'after-the-rollback' });
    const rows = await chain();
    expect(rows.slice(since).map((r) => r.subject)).toEqual(['together-1', 'together-2', 'together-3', 'after-the-rollback']);
    expect(await verifyAuditChain(db())).toMatchObject({ intact: true, entries: rows.length });
  });

  // Last in this file: it breaks the chain for good.
  it('names the entry after one rewritten with a fresh hash, since its link no longer holds', async () => {
    await dropAppendOnlyTriggers();
    const rows = await db().selectFrom('audit_event').selectAll().orderBy('id').execute();
    const target = rows[rows.length - 3]!;
    const forged = { ...target, detail: JSON.stringify({ forged: true }) };
    await sql`update audit_event set detail = ${forged.detail}, hash = ${chainHash(target.prev_hash!, forged)} where id = ${target.id}`.execute(db());
    const next = rows[rows.length - 2]!;
    expect(await verifyAuditChain(db())).toMatchObject({ intact: false, entries: rows.length, firstBroken: { id: next.id, event: next.event, at: new Date(next.at).toISOString() } });
  });
});

/** What someone with the database's own rights can do (and the chain then shows). */
async function dropAppendOnlyTriggers(): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`drop trigger audit_event_no_update`.execute(db());
    await sql`drop trigger audit_event_no_delete`.execute(db());
  } else {
    await sql`drop trigger audit_event_no_change on audit_event`.execute(db());
  }
}

describe('migration 013', () => {
  it('chains the entries written before it, in id order, as audit() would have', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-audit-'));
    const { database, drop } = await freshDatabase(dataDir);
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrationsFor(database.kind) }, ...(database.schema ? { migrationTableSchema: database.schema } : {}) });
      const { error } = await migrator.migrateTo('012-list-at-scale');
      expect(error).toBeUndefined();
      for (const [i, event] of ['login.success', 'logout', 'register'].entries()) {
        await sql`insert into audit_event (at, event, user_id, subject, ip, detail) values (${1_700_000_000_000 + i}, ${event}, ${i === 2 ? null : 7}, ${`old-${i}`}, ${null}, ${i === 2 ? '{"type":1}' : null})`.execute(database.db);
      }
      await migrateToLatest(database.db, database.kind, database.schema);
      const rows = await database.db.selectFrom('audit_event').selectAll().orderBy('id').execute();
      expect(rows.map((r) => r.prev_hash)).toEqual([AUDIT_GENESIS, rows[0]!.hash, rows[1]!.hash]);
      expect(rows[2]!.hash).toBe(chainHash(rows[1]!.hash!, { at: 1_700_000_000_002, event: 'register', user_id: null, subject: 'old-2', ip: null, detail: '{"type":1}' }));
      await audit(database.db, 1_700_000_000_003, 'login.failure', { subject: 'new' });
      expect(await verifyAuditChain(database.db)).toMatchObject({ entries: 4, intact: true });
    } finally {
      await database.db.destroy();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
