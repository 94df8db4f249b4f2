import { DOCTOR_AREA } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOrderView } from '@gradus/contract';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';
import { pdfText } from '../../../test/pdf';
import { setConfigValue } from '../system-config/service';
import { sandboxNotifierOf } from './public-routes';
import { checkout, feeOrder, newDoctoralApplicant, pressButton, startForwarder, type Forwarder } from './testing';

/**
 * The applicant's calls end to end: the portal's public address is a forwarding server, so the
 * sandbox gateway's notifications travel by real HTTP and can be held back ('down').
 */
let t: TestApp | undefined;
let fwd: Forwarder;
let zhang: string;
let liu: string;
let zhangId: number;

beforeAll(async () => {
  fwd = await startForwarder(() => t?.app);
  fwd.mode = 'down';
  t = await buildTestApp({ env: { PUBLIC_URL: fwd.url } });
  zhang = await signIn(t.app, 'assessment');
  liu = await signIn(t.app, 'successive');
  zhangId = (await app().ctx.db.selectFrom('app_user').select('id').where('applicant_number', '=', '2027100001').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
  await fwd.close();
});

const app = () => t!.app;
const db = () => app().ctx.db;
const notifier = () => sandboxNotifierOf(app().ctx)!;
const P = '/mucgrs-service/doctor/payment';
const ledgerRows = async (orderNo: string) =>
  db().selectFrom('payment_ledger').innerJoin('payment_order', 'payment_order.id', 'payment_ledger.order_id').select('payment_ledger.id').where('order_no', '=', orderNo).execute();
const orderRow = (orderNo: string) => db().selectFrom('payment_order').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
const query = (token: string, orderNo: string) => call<PaymentOrderView>(app(), `${P}/query`, { token, body: { orderNo } });

describe('the application-fee order', () => {
  it('is created on first call with the configured fee, and the same order comes back after', async () => {
    const first = await feeOrder(app(), zhang);
    expect(first).toMatchObject({ purpose: 'applicationFee', amountCents: 20000, amount: '200.00', currency: 'CNY', status: 'pending', canPay: true, paidAt: null });
    expect(first.orderNo).toMatch(/^AF2027[0-9A-F]{12}$/);
    expect((await feeOrder(app(), zhang)).orderNo).toBe(first.orderNo);
    const list = await call<PaymentOrderView[]>(app(), `${P}/orders`, { token: zhang, body: {} });
    expect(list.data.map((o) => o.orderNo)).toEqual([first.orderNo]);
  });

  it('a fee changed before checkout applies to the pending order; once the gateway holds a trade, its amount stays', async () => {
    const fresh = await newDoctoralApplicant(app());
    const order = await feeOrder(app(), fresh);
    expect(order.amountCents).toBe(20000);
    try {
      await setConfigValue(db(), t!.clock.now(), DOCTOR_AREA, 'applicationFee', '250.00');
      const trade = await checkout(app(), fresh, order.orderNo);
      expect((await orderRow(order.orderNo)).amount_cents).toBe(25000);
      expect((await db().selectFrom('sandbox_trade').select('amount_cents').where('trade_no', '=', trade).executeTakeFirstOrThrow()).amount_cents).toBe(25000);

      await setConfigValue(db(), t!.clock.now(), DOCTOR_AREA, 'applicationFee', '300.00');
      expect(await checkout(app(), fresh, order.orderNo)).toBe(trade);
      expect((await orderRow(order.orderNo)).amount_cents).toBe(25000);
      await pressButton(app(), trade, 'pay');
      expect((await query(fresh, order.orderNo)).data).toMatchObject({ status: 'paid', amountCents: 25000 });
    } finally {
      await setConfigValue(db(), t!.clock.now(), DOCTOR_AREA, 'applicationFee', '200.00');
    }
  });

  it('is one order even when the first calls race', async () => {
    const token = await signIn(app(), 'hmt');
    const orders = await Promise.all(Array.from({ length: 5 }, () => feeOrder(app(), token)));
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(1);
  });

  it('is refused with a clear message while no fee is configured, and nothing is created', async () => {
    const seeded = await db().selectFrom('system_config').select('system_value').where('system_key', '=', 'applicationFee').executeTakeFirstOrThrow();
    await setConfigValue(db(), t!.clock.now(), DOCTOR_AREA, 'applicationFee', 'free');
    try {
      const r = await call(app(), `${P}/order`, { token: liu, body: {} });
      expect(r.code).toBe(409);
      expect(r.msg).toBe('The application fee has not been set yet. Please try again later or contact the graduate school.');
      expect(await call<PaymentOrderView[]>(app(), `${P}/orders`, { token: liu, body: {} }).then((x) => x.data)).toEqual([]);
    } finally {
      await setConfigValue(db(), t!.clock.now(), DOCTOR_AREA, 'applicationFee', seeded.system_value);
    }
  });

  it('is for doctoral applicants only', async () => {
    const r = await call(app(), `${P}/order`, { token: await signIn(app(), 'camper'), body: {} });
    expect(r.code).toBe(403);
    expect((await call(app(), `${P}/order`, { body: {} })).code).toBe(401);
  });
});

describe('bad input changes nothing and says why', () => {
  it.each([
    ['checkout', {}, 'Order number: required'],
    ['query', { orderNo: 42 }, 'Order number'],
    ['receipt', { orderNo: 'af-2027' }, 'Order number'],
    ['checkout', { orderNo: 'AF2027ABCDEF012345', extra: 1 }, 'extra'],
    ['order', { orderNo: 'x' }, 'Order number: not an accepted field'],
  ])('%s %j', async (callName, body, fragment) => {
    const r = await call(app(), `${P}/${callName}`, { token: zhang, body });
    expect(r.code).toBe(400);
    expect(r.msg).toContain(fragment);
  });

  it('speaks the caller language', async () => {
    const r = await call(app(), `${P}/checkout`, { token: zhang, body: {}, lang: 'zh-CN' });
    expect(r.msg).toContain('订单号');
  });
});

describe("another applicant's order", () => {
  it.each(['checkout', 'query', 'receipt'])('%s answers 404, the same as an unknown number', async (callName) => {
    const own = await feeOrder(app(), zhang);
    const r = await call(app(), `${P}/${callName}`, { token: liu, body: { orderNo: own.orderNo } });
    expect(r.code).toBe(404);
    const unknown = await call(app(), `${P}/${callName}`, { token: liu, body: { orderNo: 'AF2027000000000000' } });
    expect(unknown.code).toBe(404);
    expect(unknown.msg).toBe(r.msg);
  });
});

describe('checkout and the gateway page', () => {
  it('refuses while the registration window is closed', async () => {
    const order = await feeOrder(app(), liu);
    const end = await db().selectFrom('system_config').select('system_value').where('system_type', '=', DOCTOR_AREA).where('system_key', '=', 'registrationEnd').executeTakeFirstOrThrow();
    await setConfigValue(db(), t!.clock.now(), DOCTOR_AREA, 'registrationEnd', new Date(t!.clock.now() - 1000).toISOString());
    try {
      const r = await call(app(), `${P}/checkout`, { token: liu, body: { orderNo: order.orderNo } });
      expect(r.code).toBe(403);
      expect(r.msg).toBe('This stage is closed.');
      expect((await feeOrder(app(), liu)).canPay).toBe(false);
      expect(await db().selectFrom('sandbox_trade').select('id').where('merchant_order_no', '=', order.orderNo).execute()).toEqual([]);
    } finally {
      await setConfigValue(db(), t!.clock.now(), DOCTOR_AREA, 'registrationEnd', end.system_value);
    }
  });

  it('hands out the gateway page of one trade per order, however often the applicant starts again', async () => {
    const order = await feeOrder(app(), liu);
    // The subject the payer reads on the gateway is in the language the applicant used.
    const r = await call<{ checkoutUrl: string }>(app(), `${P}/checkout`, { token: liu, body: { orderNo: order.orderNo }, lang: 'zh-CN' });
    expect(r.data.checkoutUrl.startsWith(`${fwd.url}/sandbox-gateway/checkout?trade=SBX`)).toBe(true);
    const again = await checkout(app(), liu, order.orderNo);
    expect(new URL(r.data.checkoutUrl).searchParams.get('trade')).toBe(again);
    const page = await app().inject({ method: 'GET', url: `/sandbox-gateway/checkout?trade=${again}`, headers: { 'accept-language': 'zh-CN' } });
    expect(page.statusCode).toBe(200);
    for (const text of [order.orderNo, '2027年博士研究生招生报名费', '¥200.00', '沙箱', '>支付</button>', '>取消</button>']) expect(page.body).toContain(text);
  });

  it('cancel on the gateway brings the browser back unpaid, and the order stays payable', async () => {
    const order = await feeOrder(app(), liu);
    const res = await pressButton(app(), await checkout(app(), liu, order.orderNo), 'cancel');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${fwd.url}/payManage/pay?orderNo=${order.orderNo}&payResult=cancelled`);
    const q = await query(liu, order.orderNo);
    expect(q.data).toMatchObject({ status: 'pending', canPay: true });
  });
});

describe('paying', () => {
  it('the notification arrives before the browser returns: the order is paid when the page asks', async () => {
    fwd.mode = 'forward';
    const order = await feeOrder(app(), zhang);
    const trade = await checkout(app(), zhang, order.orderNo);
    const res = await pressButton(app(), trade, 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${fwd.url}/payManage/pay?orderNo=${order.orderNo}`);
    await notifier().tick();
    // Paid in the portal's books before the returning browser asked anything.
    expect(await orderRow(order.orderNo)).toMatchObject({ status: 'paid', provider_trade_no: trade, amount_cents: 20000 });
    const q = await query(zhang, order.orderNo);
    expect(q.data).toMatchObject({ status: 'paid', tradeNo: trade, canPay: false });
    expect(await ledgerRows(order.orderNo)).toHaveLength(1);
    const trades = await db().selectFrom('sandbox_trade').select(['notified_at', 'notify_attempts']).where('trade_no', '=', trade).executeTakeFirstOrThrow();
    expect(trades.notified_at).not.toBeNull();
  });

  it('paying twice is impossible: checkout of a paid order is refused, the gateway button is a no-op', async () => {
    const order = await feeOrder(app(), zhang);
    const r = await call(app(), `${P}/checkout`, { token: zhang, body: { orderNo: order.orderNo } });
    expect(r.code).toBe(409);
    expect(r.msg).toBe('This order has already been paid. There is nothing more to pay.');
    const trade = (await orderRow(order.orderNo)).provider_trade_no!;
    expect((await pressButton(app(), trade, 'pay')).statusCode).toBe(303);
    await notifier().tick();
    expect(await ledgerRows(order.orderNo)).toHaveLength(1);
  });

  it('the menus follow at once: the journey shows the fee as paid', async () => {
    const j = await call<{ stages: { stage: string; state: string }[] }>(app(), '/mucgrs-service/doctor/journey', { token: zhang, body: {} });
    expect(j.data.stages.find((s) => s.stage === 'feePaid')?.state).toBe('done');
  });

  it('the browser coming back proves nothing: without the gateway saying so, the order stays pending', async () => {
    fwd.mode = 'down';
    const order = await feeOrder(app(), liu);
    const page = await app().inject({ method: 'GET', url: `/payManage/pay?orderNo=${order.orderNo}` });
    expect(page.statusCode).toBeLessThan(500);
    expect((await orderRow(order.orderNo)).status).toBe('pending');
    expect((await query(liu, order.orderNo)).data.status).toBe('pending');
  });

  it('the notification never came: the query settles the order; the late notification changes nothing', async () => {
    fwd.mode = 'down';
    const order = await feeOrder(app(), liu);
    const trade = await checkout(app(), liu, order.orderNo);
    await pressButton(app(), trade, 'pay');
    await notifier().tick();
    expect((await orderRow(order.orderNo)).status).toBe('pending');

    const q = await query(liu, order.orderNo);
    expect(q.data).toMatchObject({ status: 'paid', tradeNo: trade });
    expect(await ledgerRows(order.orderNo)).toHaveLength(1);

    // The merchant is reachable again; the gateway's next attempt is due 15 s later.
    fwd.mode = 'forward';
    t!.clock.advance(15_000);
    await notifier().tick();
    const sent = await db().selectFrom('sandbox_trade').select(['notified_at']).where('trade_no', '=', trade).executeTakeFirstOrThrow();
    expect(sent.notified_at).not.toBeNull();
    const log = await db().selectFrom('payment_notification').select(['outcome', 'signature_valid']).where('order_no', '=', order.orderNo).execute();
    expect(log).toEqual([{ outcome: 'alreadyPaid', signature_valid: 1 }]);
    expect(await ledgerRows(order.orderNo)).toHaveLength(1);
    expect((await orderRow(order.orderNo)).paid_at).not.toBeNull();
  });
});

describe('the receipt', () => {
  it('is a PDF with the Chinese name, registration number, amount, order and trade numbers', async () => {
    const order = await feeOrder(app(), zhang);
    const r = await call(app(), `${P}/receipt`, { token: zhang, body: { orderNo: order.orderNo }, lang: 'zh-CN' });
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toBe('application/pdf');
    expect(r.raw.headers['cache-control']).toBe('private, no-store');
    expect(r.raw.headers['content-disposition']).toContain(encodeURIComponent(`报名费收据 ${order.orderNo}.pdf`));
    const text = await pdfText(r.raw.rawPayload);
    for (const expected of ['张伟', '2027100001', 'CNY 200.00', order.orderNo, order.tradeNo!, '报名费收据']) expect(text).toContain(expected);
  });

  it('is refused for an unpaid order', async () => {
    const token = await signIn(app(), 'hmt');
    const order = await feeOrder(app(), token);
    const r = await call(app(), `${P}/receipt`, { token, body: { orderNo: order.orderNo } });
    expect(r.code).toBe(409);
    expect(r.raw.headers['content-type']).toContain('json');
  });
});

it('zhang holds exactly one order and one ledger row after everything above', async () => {
  const orders = await db().selectFrom('payment_order').select('id').where('user_id', '=', zhangId).execute();
  expect(orders).toHaveLength(1);
  expect(await db().selectFrom('payment_ledger').select('id').where('order_id', '=', orders[0]!.id).execute()).toHaveLength(1);
});
