import { createHash } from 'node:crypto';
import type { AuditEvent } from '@gradus/contract';
import type { DB } from '../../db/database';
import { lockForAppend } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';

/** The list lives in the contract, so the web can offer it as a filter. */
export type { AuditEvent };

/**
 * The audit trail is a hash chain: each entry's `hash` is the sha256 (hex) of the hash of the
 * entry before it (`prev_hash`; the first entry follows GENESIS) and of the entry's own content,
 * serialised as the JSON array [at, event, user_id, subject, ip, detail] (`detail` as the JSON text
 * stored). The id is left out: it only orders the chain, and an entry moved, removed or inserted
 * breaks the links anyway. Changing an entry breaks its own hash; rewriting it with a fresh hash
 * breaks the next entry's link; only rewriting every newer entry too goes unseen, which is why the
 * newest hash is worth writing down elsewhere (`npm run admin -- verify-audit` prints it).
 */
export const AUDIT_GENESIS = '0'.repeat(64);
/** The advisory lock PostgreSQL's appends wait on ('grad' in ASCII). */
const CHAIN_LOCK = 0x67726164;

export interface ChainedEntry {
  at: number;
  event: string;
  user_id: number | null;
  subject: string | null;
  ip: string | null;
  detail: string | null;
}

export function chainHash(prevHash: string, e: ChainedEntry): string {
  // Numbers as numbers whatever the driver returned (PostgreSQL's bigint may come back as text).
  const content = JSON.stringify([Number(e.at), e.event, e.user_id === null ? null : Number(e.user_id), e.subject, e.ip, e.detail]);
  return createHash('sha256').update(prevHash).update(content).digest('hex');
}

/**
 * Two appends inside one caller's transaction, started together (Promise.all), would both read the
 * same head: the database lock does not part a transaction from itself. They take turns here.
 */
const appending = new WeakMap<DB, Promise<unknown>>();
function inTurn<T>(db: DB, work: () => Promise<T>): Promise<T> {
  if (!db.isTransaction) return work();
  const next = (appending.get(db) ?? Promise.resolve()).then(work, work);
  appending.set(db, next.catch(() => undefined));
  return next;
}

/**
 * Auth and staff events for the audit table. `subject` is the identifier tried, never a secret or
 * ID number. Appended in the caller's transaction when there is one (the entry commits or rolls
 * back with the change it records), else in one of its own: the chain's head is read and the entry
 * written under lockForAppend, so concurrent appends, in this process or another, line up.
 */
export async function audit(
  db: DB,
  at: number,
  event: AuditEvent,
  fields: { userId?: number | null; subject?: string | null; ip?: string | null; detail?: Record<string, unknown> } = {},
): Promise<void> {
  const entry: ChainedEntry = {
    at,
    event,
    user_id: fields.userId ?? null,
    subject: fields.subject ?? null,
    ip: fields.ip ?? null,
    detail: fields.detail ? JSON.stringify(fields.detail) : null,
  };
  await inTurn(db, () =>
    inTransaction(db, async (trx) => {
      await lockForAppend(trx, CHAIN_LOCK, 'audit_event');
      const head = await trx.selectFrom('audit_event').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
      const prevHash = head?.hash ?? AUDIT_GENESIS;
      await trx
        .insertInto('audit_event')
        .values({ ...entry, prev_hash: prevHash, hash: chainHash(prevHash, entry) })
        .execute();
    }),
  );
}

export interface AuditChainCheck {
  entries: number;
  intact: boolean;
  /** The first entry whose link or hash does not hold. */
  firstBroken: { id: number; at: string; event: string } | null;
  newestHash: string | null;
}

const BATCH = 2000;

/** Walks the whole chain in id order, a batch at a time, and says where it first breaks. */
export async function verifyAuditChain(db: DB): Promise<AuditChainCheck> {
  let entries = 0;
  let firstBroken: AuditChainCheck['firstBroken'] = null;
  let expected = AUDIT_GENESIS;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit_event')
      .select(['id', 'at', 'event', 'user_id', 'subject', 'ip', 'detail', 'prev_hash', 'hash'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      entries += 1;
      const holds = row.prev_hash === expected && row.hash !== null && row.hash === chainHash(expected, row);
      if (!holds && firstBroken === null) firstBroken = { id: row.id, at: new Date(Number(row.at)).toISOString(), event: row.event };
      // The next link is judged against what is stored, so one altered entry is reported once, not every entry after it.
      expected = row.hash ?? '';
      after = row.id;
    }
    if (rows.length < BATCH) break;
  }
  return { entries, intact: firstBroken === null, firstBroken, newestHash: entries > 0 ? expected : null };
}
