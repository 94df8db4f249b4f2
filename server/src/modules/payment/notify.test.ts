import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';
import { sandboxNotifierOf } from './public-routes';
import { signed } from './sandbox/signature';
import { checkout, feeOrder, newDoctoralApplicant, forgedButSigned, genuineNotification, notify, pressButton, startForwarder, type Forwarder } from './testing';

/**
 * The merchant's notify endpoint: only a verified notification with the order's exact amount
 * settles, exactly once, however many arrive and however they interleave. The portal's public
 * address answers 503 here, so the gateway's own deliveries never interfere.
 */
let t: TestApp;
let fwd: Forwarder;
let token: string;
beforeAll(async () => {
  fwd = await startForwarder(() => undefined);
  fwd.mode = 'down';
  t = await buildTestApp({ env: { PUBLIC_URL: fwd.url } });
  token = await signIn(t.app, 'assessment');
});
afterAll(async () => {
  await t.close();
  await fwd.close();
});

const db = () => t.app.ctx.db;
const order = (orderNo: string) => db().selectFrom('payment_order').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
const ledger = (orderNo: string) =>
  db().selectFrom('payment_ledger').innerJoin('payment_order', 'payment_order.id', 'payment_ledger.order_id').selectAll('payment_ledger').where('order_no', '=', orderNo).execute();
const log = (orderNo: string) => db().selectFrom('payment_notification').select(['outcome', 'signature_valid']).where('order_no', '=', orderNo).orderBy('id').execute();

/** A fresh pending order of a newly registered doctoral applicant, paid on the gateway. */
async function paidOnGateway(): Promise<{ orderNo: string; trade: string; token: string }> {
  const fresh = await newDoctoralApplicant(t.app);
  const o = await feeOrder(t.app, fresh);
  const trade = await checkout(t.app, fresh, o.orderNo);
  await pressButton(t.app, trade, 'pay');
  await sandboxNotifierOf(t.app.ctx)!.tick();
  expect((await order(o.orderNo)).status).toBe('pending');
  return { orderNo: o.orderNo, trade, token: fresh };
}

describe('refused notifications change nothing and are logged', () => {
  it('a bad signature (a field changed after signing) answers failure', async () => {
    const o = await feeOrder(t.app, token);
    const fields = await forgedButSigned(t.app, { merchant_order_no: o.orderNo, trade_no: 'SBX00000000000000000001', amount_cents: '20000', trade_status: 'paid', paid_at: String(t.clock.now()) });
    const res = await notify(t.app, { ...fields, amount_cents: '1' });
    expect(res.body).toBe('failure');
    const other = signed({ ...fields, sign: '' }, 'not-the-key');
    expect((await notify(t.app, other)).body).toBe('failure');
    expect((await notify(t.app, { ...fields, sign: 'abc' })).body).toBe('failure');
    expect(await log(o.orderNo)).toEqual([
      { outcome: 'badSignature', signature_valid: 0 },
      { outcome: 'badSignature', signature_valid: 0 },
      { outcome: 'badSignature', signature_valid: 0 },
    ]);
    expect((await order(o.orderNo)).status).toBe('pending');
    expect(await ledger(o.orderNo)).toEqual([]);
  });

  it('a signed notification with another amount than the order is refused', async () => {
    const o = await feeOrder(t.app, token);
    const fields = await forgedButSigned(t.app, { merchant_order_no: o.orderNo, trade_no: 'SBX00000000000000000002', amount_cents: '1', trade_status: 'paid', paid_at: String(t.clock.now()) });
    expect((await notify(t.app, fields)).body).toBe('failure');
    expect((await log(o.orderNo)).at(-1)).toEqual({ outcome: 'amountMismatch', signature_valid: 1 });
    expect((await order(o.orderNo)).status).toBe('pending');
    expect(await ledger(o.orderNo)).toEqual([]);
  });

  it.each([
    ['an unpaid trade status', { trade_status: 'open' }, 'notPaid'],
    ['a missing trade number', { trade_no: '' }, 'malformed'],
    ['an amount that is not a number', { amount_cents: '200.00' }, 'malformed'],
  ])('%s', async (_name, change, outcome) => {
    const o = await feeOrder(t.app, token);
    const base = { merchant_order_no: o.orderNo, trade_no: 'SBX00000000000000000003', amount_cents: '20000', trade_status: 'paid', paid_at: String(t.clock.now()) };
    expect((await notify(t.app, await forgedButSigned(t.app, { ...base, ...change }))).body).toBe('failure');
    expect((await log(o.orderNo)).at(-1)?.outcome).toBe(outcome);
    expect((await order(o.orderNo)).status).toBe('pending');
  });

  it('a repeated field, an unknown order and an unknown provider are refused', async () => {
    const o = await feeOrder(t.app, token);
    const fields = await forgedButSigned(t.app, { merchant_order_no: o.orderNo, trade_no: 'SBX00000000000000000004', amount_cents: '20000', trade_status: 'paid', paid_at: '1' });
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/notify/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams(fields).toString()}&amount_cents=1`,
    });
    expect(repeated.body).toBe('failure');
    const unknown = await forgedButSigned(t.app, { ...fields, merchant_order_no: 'AF2027FFFFFFFFFFFF' });
    expect((await notify(t.app, unknown)).body).toBe('failure');
    expect((await log('AF2027FFFFFFFFFFFF')).at(-1)?.outcome).toBe('unknownOrder');
    expect((await notify(t.app, fields, 'alipay')).statusCode).toBe(404);
    expect((await order(o.orderNo)).status).toBe('pending');
  });
});

describe('settling is idempotent', () => {
  it('the same notification twice: paid once, one ledger row, both answered success', async () => {
    const { orderNo, trade } = await paidOnGateway();
    const fields = await genuineNotification(t.app, trade);
    expect((await notify(t.app, fields)).body).toBe('success');
    expect((await notify(t.app, fields)).body).toBe('success');
    expect(await log(orderNo)).toEqual([
      { outcome: 'settled', signature_valid: 1 },
      { outcome: 'alreadyPaid', signature_valid: 1 },
    ]);
    expect(await ledger(orderNo)).toMatchObject([{ provider: 'sandbox', provider_trade_no: trade, amount_cents: 20000 }]);
    expect(await order(orderNo)).toMatchObject({ status: 'paid', provider_trade_no: trade });
  });

  it('TEN notifications at once: exactly one paid order and one ledger row', async () => {
    const { orderNo, trade } = await paidOnGateway();
    // Each a separate delivery (its own notify id and time), as a gateway retrying in a hurry sends them.
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => genuineNotification(t.app, trade)));
    const answers = await Promise.all(deliveries.map((f) => notify(t.app, f)));
    expect(answers.map((a) => a.body)).toEqual(Array(10).fill('success'));
    const outcomes = (await log(orderNo)).map((l) => l.outcome).sort();
    expect(outcomes).toEqual(['alreadyPaid', 'alreadyPaid', 'alreadyPaid', 'alreadyPaid', 'alreadyPaid', 'alreadyPaid', 'alreadyPaid', 'alreadyPaid', 'alreadyPaid', 'settled']);
    expect(await ledger(orderNo)).toHaveLength(1);
    expect((await db().selectFrom('payment_order').select('id').where('order_no', '=', orderNo).where('status', '=', 'paid').execute()).length).toBe(1);
  });

  it('ten notifications racing the applicant’s queries still leave one ledger row', async () => {
    const { orderNo, trade, token: payer } = await paidOnGateway();
    const fields = await genuineNotification(t.app, trade);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => notify(t.app, fields).then((r) => r.body)),
      ...Array.from({ length: 5 }, () => call<{ status: string }>(t.app, '/mucgrs-service/doctor/payment/query', { token: payer, body: { orderNo } }).then((r) => r.data.status)),
    ]);
    expect(new Set(results)).toEqual(new Set(['success', 'paid']));
    expect(await ledger(orderNo)).toHaveLength(1);
  });

  it('a second, different payment for a paid order is acknowledged and logged for a refund, not booked', async () => {
    const { orderNo, trade } = await paidOnGateway();
    expect((await notify(t.app, await genuineNotification(t.app, trade))).body).toBe('success');
    const second = await forgedButSigned(t.app, { merchant_order_no: orderNo, trade_no: 'SBX0000000000000000000F', amount_cents: '20000', trade_status: 'paid', paid_at: String(t.clock.now()) });
    expect((await notify(t.app, second)).body).toBe('success');
    expect((await log(orderNo)).at(-1)?.outcome).toBe('duplicatePayment');
    expect(await ledger(orderNo)).toMatchObject([{ provider_trade_no: trade }]);
  });
});

describe('unsigned notifications cost little', () => {
  const rows = () => db().selectFrom('payment_notification').select(['order_no', 'body', 'outcome']).orderBy('id').execute();

  it('a refused, unsigned notification is kept as a short summary, not its body', async () => {
    const o = await feeOrder(t.app, token);
    const bulky = { merchant_order_no: o.orderNo, trade_no: 'SBX1', amount_cents: '20000', trade_status: 'paid', paid_at: '1', junk: 'x'.repeat(3500), sign: 'forged' };
    expect((await notify(t.app, bulky)).body).toBe('failure');
    const kept = (await rows()).at(-1)!;
    expect(kept).toMatchObject({ order_no: o.orderNo, outcome: 'badSignature' });
    expect(kept.body.length).toBeLessThanOrEqual(200);
    expect(JSON.parse(kept.body)).toEqual({ refused: 'badSignature', orderNo: o.orderNo, fields: 7 });
    // An order number that is not one of ours' shape is not kept either.
    await notify(t.app, { ...bulky, merchant_order_no: `<script>${'y'.repeat(300)}` });
    expect((await rows()).at(-1)).toMatchObject({ order_no: null, outcome: 'badSignature' });
  });

  it('a signed notification keeps its body as the gateway sent it (evidence for staff)', async () => {
    const o = await feeOrder(t.app, token);
    const fields = await forgedButSigned(t.app, { merchant_order_no: o.orderNo, trade_no: 'SBX00000000000000000009', amount_cents: '1', trade_status: 'paid', paid_at: '1' });
    await notify(t.app, fields);
    expect(JSON.parse((await rows()).at(-1)!.body)).toMatchObject({ merchant_order_no: o.orderNo, amount_cents: '1' });
  });
});

describe('the notify route is throttled per client address', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await buildTestApp({ limits: { clientPerMinute: 3 }, env: { PUBLIC_URL: fwd.url } });
  });
  afterAll(async () => small.close());

  const send = (ip: string, fields: Record<string, string>) =>
    small.app.inject({ method: 'POST', url: '/api/v1/payment/notify/sandbox', remoteAddress: ip, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  const count = async () => (await small.app.ctx.db.selectFrom('payment_notification').select('id').execute()).length;
  const forged = { merchant_order_no: 'AF2027AAAAAAAAAAAA', trade_no: 'SBX1', amount_cents: '1', trade_status: 'paid', paid_at: '1', sign: 'forged' };

  it('after a few unsigned notifications an address is refused before any work, others are not, and it passes after a minute', async () => {
    for (let i = 0; i < 3; i++) expect((await send('203.0.113.7', forged)).body).toBe('failure');
    expect(await count()).toBe(3);
    const refused = await send('203.0.113.7', forged);
    expect(refused.statusCode).toBe(429);
    expect(await count()).toBe(3);
    expect((await send('198.51.100.2', forged)).statusCode).toBe(200);
    expect(await count()).toBe(4);
    small.clock.advance(61_000);
    expect((await send('203.0.113.7', forged)).statusCode).toBe(200);
  });

  it("the gateway's signed notifications do not count against its address", async () => {
    const fields = await forgedButSigned(small.app, { merchant_order_no: 'AF2027BBBBBBBBBBBB', trade_no: 'SBX2', amount_cents: '1', trade_status: 'paid', paid_at: '1' });
    for (let i = 0; i < 6; i++) expect((await send('192.0.2.1', fields)).statusCode).toBe(200);
  });
});
