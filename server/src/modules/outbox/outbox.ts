import type { AppContext } from '../../context';
import type { ExpressionBuilder } from 'kysely';
import type { Database, DB } from '../../db/database';

/**
 * The durable mail outbox (migration 028). A change that calls for mail (a release that tells
 * 10,000 applicants their result is out) writes the mail in its own transaction; the relay sends
 * it afterwards. A process that dies after the commit loses nothing: the next relay, on this
 * instance or another, sends what is left. A mail is sent at least once: one under way when its
 * sender died goes again once its claim lapses, the only case in which a mail can go twice.
 */
export interface QueuedMail {
  /** One mail per key, however often the change that writes it runs. */
  dedupeKey: string;
  /** What the mail is for: progress is counted by it. */
  topic: string;
  to: string;
  subject: string;
  text: string;
}

/** Rows per insert: far below SQLite's limit on bound values. */
const INSERT_CHUNK = 500;
/** Mails claimed, and sent, at once by one relay: a claim is sent within its time, however slow the mail server. */
const CLAIM = 10;
/** How long a claim holds: a relay that died is taken over after it. */
export const CLAIM_MS = 60_000;
/** A send the mail server has not answered by then counts as failed (well within the claim; it may still arrive). */
const SEND_TIMEOUT_MS = 30_000;
/** Tries before a mail is given up as failed (the last some 4 hours after the first). */
export const MAX_ATTEMPTS = 8;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

/** Writes mails to the outbox in the caller's transaction; a key already written is left as it is. */
export async function enqueueMail(db: DB, now: number, mails: QueuedMail[]): Promise<void> {
  for (let i = 0; i < mails.length; i += INSERT_CHUNK) {
    await db
      .insertInto('mail_outbox')
      .values(mails.slice(i, i + INSERT_CHUNK).map((m) => ({ dedupe_key: m.dedupeKey, topic: m.topic, recipient: m.to, subject: m.subject, body: m.text, state: 'pending', next_at: now, created_at: now })))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }
}

/** Pending and due, or claimed by a relay whose claim has lapsed. */
const claimable = (now: number) => (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
  eb.or([eb.and([eb('state', '=', 'pending'), eb('next_at', '<=', now)]), eb.and([eb('state', '=', 'sending'), eb('claimed_until', '<', now)])]);

/**
 * Claims due mail (pending and due, or claimed by a relay whose claim lapsed) in one statement:
 * two relays that read the same rows claim each row once, as the update re-checks its state.
 */
async function claim(ctx: AppContext): Promise<{ id: number; recipient: string; subject: string; body: string; attempts: number; claimed_until: number | null }[]> {
  const now = ctx.clock.now();
  const due = claimable(now);
  const ids = await ctx.db.selectFrom('mail_outbox').select('id').where(due).orderBy('id').limit(CLAIM).execute();
  if (ids.length === 0) return [];
  return ctx.db
    .updateTable('mail_outbox')
    .set((eb) => ({ state: 'sending', claimed_until: now + CLAIM_MS, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', ids.map((r) => r.id))
    .where(due)
    .returning(['id', 'recipient', 'subject', 'body', 'attempts', 'claimed_until'])
    .execute();
}

/**
 * Sends what is due until nothing is, unless `stopping` says to stop between claims; returns how
 * many went. A mail that fails waits longer each time and is given up after MAX_ATTEMPTS.
 */
export async function relayDueMail(ctx: AppContext, stopping: () => boolean = () => false): Promise<number> {
  let sent = 0;
  while (!stopping()) {
    const claimed = await claim(ctx);
    if (claimed.length === 0) break;
    const results = await Promise.allSettled(claimed.map((m) => withTimeout(ctx.mailer.send({ to: m.recipient, subject: m.subject, text: m.body }), SEND_TIMEOUT_MS)));
    const now = ctx.clock.now();
    for (const [k, result] of results.entries()) {
      const mail = claimed[k]!;
      // Only while this relay's claim holds: had it lapsed, another relay has the mail now and says how it went.
      const ours = ctx.db.updateTable('mail_outbox').where('id', '=', mail.id).where('state', '=', 'sending').where('claimed_until', '=', Number(mail.claimed_until));
      if (result.status === 'fulfilled') {
        sent++;
        await ours.set({ state: 'sent', sent_at: now, claimed_until: null, last_error: null }).execute();
        continue;
      }
      const gaveUp = mail.attempts >= MAX_ATTEMPTS;
      ctx.log.warn({ err: result.reason, mailId: mail.id, attempts: mail.attempts, gaveUp }, 'an outbox mail could not be sent');
      await ours
        .set({ state: gaveUp ? 'failed' : 'pending', next_at: now + backoffMs(mail.attempts), claimed_until: null, last_error: String((result.reason as Error)?.message ?? result.reason).slice(0, 500) })
        .execute();
    }
  }
  return sent;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the mail server did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export interface OutboxProgress {
  sent: number;
  /** Waiting for its first try or for its next one. */
  waiting: number;
  failed: number;
}

/** How far the mail of each topic has gone. */
export async function outboxProgress(db: DB, topics: string[]): Promise<Map<string, OutboxProgress>> {
  const progress = new Map<string, OutboxProgress>();
  if (topics.length === 0) return progress;
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['topic', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('topic', 'in', topics)
    .groupBy(['topic', 'state'])
    .execute();
  for (const r of rows) {
    const p = progress.get(r.topic) ?? { sent: 0, waiting: 0, failed: 0 };
    const n = Number(r.n);
    if (r.state === 'sent') p.sent += n;
    else if (r.state === 'failed') p.failed += n;
    else p.waiting += n;
    progress.set(r.topic, p);
  }
  return progress;
}

/** Mails not yet sent nor given up, for the metrics' queue depth. */
export async function outboxDepth(db: DB): Promise<number> {
  const row = await db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number | string>().as('n')).where('state', 'in', ['pending', 'sending']).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Sends what is due and waits for what other relays have claimed (the one in the background, another
 * instance's) until nothing is due or under way; bounded by `timeoutMs` of real time. For tests and
 * for a caller that must know the mail has gone.
 */
export async function outboxSettled(ctx: AppContext, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await relayDueMail(ctx);
    const now = ctx.clock.now();
    const busy = await ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .where((eb) => eb.or([eb.and([eb('state', '=', 'pending'), eb('next_at', '<=', now)]), eb('state', '=', 'sending')]))
      .limit(1)
      .executeTakeFirst();
    if (!busy) return;
    if (Date.now() > until) throw new Error('the outbox did not settle');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
