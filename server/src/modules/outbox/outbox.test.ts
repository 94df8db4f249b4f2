import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness';
import type { OutgoingMail } from '../../plugins/mail';
import { inTransaction } from '../../db/transaction';
import { CLAIM_MS, enqueueMail, MAX_ATTEMPTS, outboxProgress, outboxSettled, relayDueMail, type QueuedMail } from './outbox';

/**
 * The durable mail outbox (issue #12): mail written with the change that calls for it, sent once by
 * whichever relay claims it, tried again when the mail server refuses it, given up only after its
 * tries, and taken over when the relay that claimed it died. On the real database of each dialect.
 */
let t: TestApp;
const sent: OutgoingMail[] = [];
/** A mail server that refuses one mailbox, as a real one refuses an address that does not exist. */
const mailer = {
  async send(mail: OutgoingMail) {
    if (mail.to.startsWith('bounce')) throw new Error('550 5.1.1 mailbox unavailable');
    sent.push(mail);
  },
};
const mails = (topic: string, n: number, to = (i: number) => `a${i}@example.edu`): QueuedMail[] =>
  Array.from({ length: n }, (_, i) => ({ dedupeKey: `${topic}:${i}`, topic, to: to(i), subject: `Subject ${i}`, text: `Body ${i}` }));

beforeAll(async () => {
  t = await buildTestApp({ mailer });
});
afterAll(async () => t.close());

describe('the mail outbox', () => {
  it('sends each mail once, and writing the same mail again writes nothing', async () => {
    const before = sent.length;
    await enqueueMail(t.app.ctx.db, t.clock.now(), mails('once', 120));
    await enqueueMail(t.app.ctx.db, t.clock.now(), mails('once', 120));
    await outboxSettled(t.app.ctx);
    const got = sent.slice(before).map((m) => m.to);
    expect(got).toHaveLength(120);
    expect(new Set(got).size).toBe(120);
    expect((await outboxProgress(t.app.ctx.db, ['once'])).get('once')).toEqual({ sent: 120, waiting: 0, failed: 0 });
  });

  it('writes nothing when the change that calls for the mail is rolled back', async () => {
    await expect(
      inTransaction(t.app.ctx.db, async (trx) => {
        await enqueueMail(trx, t.clock.now(), mails('rolled-back', 3));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await outboxProgress(t.app.ctx.db, ['rolled-back'])).get('rolled-back')).toBeUndefined();
  });

  it('sends each mail once when several relays drain at once', async () => {
    const before = sent.length;
    await enqueueMail(t.app.ctx.db, t.clock.now(), mails('racing', 200, (i) => `r${i}@example.edu`));
    const counts = await Promise.all([relayDueMail(t.app.ctx), relayDueMail(t.app.ctx), relayDueMail(t.app.ctx)]);
    await outboxSettled(t.app.ctx);
    const got = sent.slice(before).map((m) => m.to).filter((to) => to.startsWith('r'));
    expect(got).toHaveLength(200);
    expect(new Set(got).size).toBe(200);
    expect(counts.reduce((a, b) => a + b)).toBeLessThanOrEqual(200);
  });

  it('tries a refused mail again later, without holding up the others, and gives it up after its tries', async () => {
    const before = sent.length;
    await enqueueMail(t.app.ctx.db, t.clock.now(), mails('bounces', 3, (i) => (i === 1 ? 'bounce@example.edu' : `b${i}@example.edu`)));
    await outboxSettled(t.app.ctx);
    expect(sent.slice(before).map((m) => m.to).sort()).toEqual(['b0@example.edu', 'b2@example.edu']);
    const row = () => t.app.ctx.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', 'bounces:1').executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ state: 'pending', attempts: 1, last_error: '550 5.1.1 mailbox unavailable' });
    // Not again before its time.
    expect(Number((await row()).next_at)).toBeGreaterThan(t.clock.now());
    expect(await relayDueMail(t.app.ctx)).toBe(0);
    expect((await row()).attempts).toBe(1);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      t.clock.advance(Number((await row()).next_at) - t.clock.now());
      await outboxSettled(t.app.ctx);
      expect((await row()).attempts).toBe(attempt);
    }
    expect(await row()).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    t.clock.advance(24 * 3_600_000);
    await outboxSettled(t.app.ctx);
    expect((await row()).attempts).toBe(MAX_ATTEMPTS);
    expect((await outboxProgress(t.app.ctx.db, ['bounces'])).get('bounces')).toEqual({ sent: 2, waiting: 0, failed: 1 });
  });

  it('takes over a mail whose relay died with it claimed, once the claim lapses', async () => {
    // A relay claimed it, then its process died before it could say the mail went (written so at once: the app's own relay must not send it first).
    const now = t.clock.now();
    await t.app.ctx.db
      .insertInto('mail_outbox')
      .values({ dedupe_key: 'orphaned:0', topic: 'orphaned', recipient: 'orphan@example.edu', subject: 'Subject 0', body: 'Body 0', state: 'sending', attempts: 1, next_at: now, claimed_until: now + CLAIM_MS, created_at: now })
      .execute();
    expect(await relayDueMail(t.app.ctx)).toBe(0);
    expect(sent.some((m) => m.to === 'orphan@example.edu')).toBe(false);
    t.clock.advance(CLAIM_MS + 1);
    await outboxSettled(t.app.ctx);
    expect(sent.filter((m) => m.to === 'orphan@example.edu')).toHaveLength(1);
    expect((await outboxProgress(t.app.ctx.db, ['orphaned'])).get('orphaned')).toEqual({ sent: 1, waiting: 0, failed: 0 });
  });
});
