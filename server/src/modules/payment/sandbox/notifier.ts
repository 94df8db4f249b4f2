import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { notificationFor, type GatewayEnv, type TradeRow } from './gateway';

/**
 * Delay before the next notification after attempt n failed (index n-1), like a real gateway's
 * schedule; after the last one the gateway gives up and the merchant must query.
 */
export const NOTIFY_BACKOFF_MS = [15_000, 60_000, 3 * 60_000, 10 * 60_000, 30 * 60_000, 3_600_000, 2 * 3_600_000, 6 * 3_600_000, 15 * 3_600_000];
/** The merchant's answer that ends the retries, byte for byte (trimmed). */
export const ACCEPTED_ANSWER = 'success';

export type Deliver = (url: string, body: string, signal: AbortSignal) => Promise<{ status: number; body: string }>;

export interface NotifierOptions {
  log: FastifyBaseLogger;
  /** How often due notifications are looked for when nothing wakes the loop (real time). */
  pollMs?: number;
  deliver?: Deliver;
}

/**
 * The gateway's asynchronous notifications: every paid trade is POSTed to its merchant's notify
 * URL until the merchant answers 'success', on the schedule above, measured on the app's clock.
 * Started with the app and stopped on close; its timer is unref'd so it never keeps a process (or
 * a test run) alive, and stop() waits for a delivery in flight before the database closes.
 */
export class SandboxNotifier {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private stopped = true;
  private readonly abort = new AbortController();
  private readonly pollMs: number;
  private readonly deliver: Deliver;

  constructor(
    private readonly env: GatewayEnv,
    private readonly opts: NotifierOptions,
  ) {
    this.pollMs = opts.pollMs ?? 5_000;
    this.deliver = opts.deliver ?? httpPost;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** A trade was just paid: look now rather than at the next poll. */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.chain;
  }

  /**
   * One pass over the due notifications. Passes never overlap; a call made while one runs gets a
   * pass that starts after it, so it sees what happened before the call (tests rely on this).
   */
  tick(): Promise<void> {
    if (this.queued) return this.queued;
    const run = this.chain.then(async () => {
      this.queued = null;
      try {
        await this.run();
      } catch (err) {
        if (!this.stopped) this.opts.log.error({ err }, 'sandbox gateway: notification pass failed');
      }
    });
    this.queued = run;
    this.chain = run;
    return run;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.tick().then(() => {
        if (!this.stopped) this.schedule(this.pollMs);
      });
    }, ms);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    const { db, clock } = this.env;
    const due = await db
      .selectFrom('sandbox_trade')
      .selectAll()
      .where('status', '=', 'paid')
      .where('notified_at', 'is', null)
      .where('next_notify_at', 'is not', null)
      .where('next_notify_at', '<=', clock.now())
      .orderBy('next_notify_at')
      .limit(20)
      .execute();
    for (const trade of due) {
      if (this.stopped) return;
      await this.notify(trade);
    }
  }

  private async notify(trade: NonNullable<TradeRow>): Promise<void> {
    const { db, clock } = this.env;
    const attempt = trade.notify_attempts + 1;
    const delay = NOTIFY_BACKOFF_MS[attempt - 1];
    // Claim the attempt first: another server process sharing the database skips what this one took.
    const claimed = await db
      .updateTable('sandbox_trade')
      .set({ notify_attempts: attempt, next_notify_at: delay === undefined ? null : clock.now() + delay })
      .where('id', '=', trade.id)
      .where('notify_attempts', '=', trade.notify_attempts)
      .where('notified_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;

    const body = new URLSearchParams(await notificationFor(this.env, trade)).toString();
    let answer: string;
    try {
      const reply = await this.deliver(trade.notify_url, body, this.abort.signal);
      answer = reply.status === 200 ? reply.body.trim() : `HTTP ${reply.status}`;
    } catch (err) {
      answer = err instanceof Error ? err.message : String(err);
    }
    if (answer === ACCEPTED_ANSWER) {
      await db.updateTable('sandbox_trade').set({ notified_at: clock.now(), next_notify_at: null }).where('id', '=', trade.id).execute();
      return;
    }
    this.opts.log.info(
      { tradeNo: trade.trade_no, attempt, answer: answer.slice(0, 200), giveUp: delay === undefined },
      'sandbox gateway: merchant did not accept the notification',
    );
  }
}

/** A plain HTTP(S) POST without keep-alive, so no socket outlives the attempt. */
export const httpPost: Deliver = (url, body, signal) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        agent: false,
        signal,
        timeout: 10_000,
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          // The answer is one word; a merchant that sends a page gets it cut, not buffered whole.
          if (size < 4096) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 4096) }));
        res.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
