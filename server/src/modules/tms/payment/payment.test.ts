import { DOCTOR_AREA, TMS_AREA, type PaymentOrderView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../../test/harness';
import { setStageWindow } from '../../admissions/cycle';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { findTrade } from '../../payment/sandbox/gateway';
import { pressButton, startForwarder, type Forwarder } from '../../payment/testing';
import { setConfigValue } from '../../system-config/service';
import { TMS_DEMO_FEE } from '../demo';

/**
 * The tuimian fee (issue #11): the payment core's calls under the tms prefix, with the tms cycle's
 * own amount and `feePaid` window; the gateway sends the browser back to the tuimian fee page. The
 * merchant address is down, so only a query can learn of a payment: an order stays pending after
 * a lost notification, says so, and settles on the next query.
 */
let t: TestApp;
let fwd: Forwarder;
let wang: string;
const DAY = 86_400_000;
const P = '/mucgrs-service/tms/payment';

beforeAll(async () => {
  fwd = await startForwarder(() => t?.app);
  fwd.mode = 'down';
  t = await buildTestApp({ env: { PUBLIC_URL: fwd.url } });
  wang = await signIn(t.app, 'tuimian');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fwd.close();
});

const order = (token = wang) => call<PaymentOrderView>(t.app, `${P}/order`, { token, body: {}, lang: 'en' });
const query = (orderNo: string, token = wang) => call<PaymentOrderView>(t.app, `${P}/query`, { token, body: { orderNo }, lang: 'en' });
const checkout = (orderNo: string, token = wang) => call<{ checkoutUrl: string }>(t.app, `${P}/checkout`, { token, body: { orderNo }, lang: 'en' });
const orders = () => t.app.ctx.db.selectFrom('payment_order').selectAll().orderBy('id').execute();

describe('the tuimian fee', () => {
  it("is the tms cycle's own amount, an order of the tms area, the same one on every call", async () => {
    const first = await order();
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ purpose: 'applicationFee', amount: TMS_DEMO_FEE, amountCents: 10000, currency: 'CNY', status: 'pending', canPay: true, bankTransfer: false });
    expect((await order()).data.orderNo).toBe(first.data.orderNo);
    const row = (await orders()).find((o) => o.order_no === first.data.orderNo)!;
    expect(row.area).toBe(TMS_AREA);
    const list = await call<PaymentOrderView[]>(t.app, `${P}/orders`, { token: wang, body: {}, lang: 'en' });
    expect(list.data.map((o) => o.orderNo)).toEqual([first.data.orderNo]);
  });

  it('the gateway brings the browser back to the tuimian fee page; a lost notification leaves the order pending until a query asks again', async () => {
    const { orderNo } = (await order()).data;
    const start = await checkout(orderNo);
    expect(start.code, start.msg).toBe(0);
    const tradeNo = new URL(start.data.checkoutUrl).searchParams.get('trade')!;
    const trade = await findTrade(t.app.ctx.db, { tradeNo });
    expect(trade!.return_url).toBe(`${fwd.url}/recommendedStudentInfoQuery/recommendedStudentShowPayInfo?orderNo=${orderNo}`);
    expect(trade!.amount_cents).toBe(10000);

    // Before paying, asking the gateway changes nothing.
    expect((await query(orderNo)).data.status).toBe('pending');
    // Paid on the gateway's page; its notification cannot reach the portal (the address is down).
    expect((await pressButton(t.app, tradeNo, 'pay')).statusCode).toBe(303);
    expect((await order()).data.status).toBe('pending');
    // The applicant's "refresh status" asks the gateway, which vouches for the payment: paid, once.
    const settled = await query(orderNo);
    expect(settled.data).toMatchObject({ status: 'paid', canPay: false });
    expect((await query(orderNo)).data.paidAt).toBe(settled.data.paidAt);
    const receipt = await t.app.inject({ method: 'POST', url: `${P}/receipt`, headers: { authorization: `Bearer ${wang}`, 'content-type': 'application/json' }, payload: { orderNo } });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('pdf');
    // Paying twice is refused, with the reason.
    const again = await checkout(orderNo);
    expect(again.code).toBe(409);
    expect(again.msg).toMatch(/already been paid/);
  });

  it('outside the tms fee window the order cannot be paid, and says until when it could', async () => {
    const other = await signIn(t.app, 'tuimian');
    const now = t.clock.now();
    try {
      await setStageWindow(t.app.ctx.db, now, TMS_AREA, 'feePaid', { opensAt: new Date(now - 20 * DAY).toISOString(), closesAt: new Date(now - DAY).toISOString() }, { actor: PORTAL_ACTOR });
      const view = (await order(other)).data;
      expect(view).toMatchObject({ canPay: false, payBefore: new Date(now - DAY).toISOString() });
    } finally {
      await setStageWindow(t.app.ctx.db, now, TMS_AREA, 'feePaid', { opensAt: null, closesAt: null }, { actor: PORTAL_ACTOR });
    }
  });

  it('is refused with a clear message while the tms fee is not configured, whatever the doctoral fee is', async () => {
    const { t: bare, token } = await freshTuimian();
    try {
      await setConfigValue(bare.app.ctx.db, bare.clock.now(), TMS_AREA, 'applicationFee', '');
      await setConfigValue(bare.app.ctx.db, bare.clock.now(), DOCTOR_AREA, 'applicationFee', '200.00');
      const r = await call<PaymentOrderView>(bare.app, `${P}/order`, { token, body: {}, lang: 'en' });
      expect(r.code).toBe(409);
      expect(r.msg).toMatch(/fee/i);
      expect(await bare.app.ctx.db.selectFrom('payment_order').selectAll().where('area', '=', TMS_AREA).execute()).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('bad input gets a clear message; other applicants, staff and no session are refused, and see nothing', async () => {
    const before = await orders();
    const { orderNo } = (await order()).data;
    for (const body of [{}, { orderNo: '' }, { orderNo: 'x'.repeat(200) }, { orderNo: 12 }]) {
      const r = await call(t.app, `${P}/query`, { token: wang, body, lang: 'en' });
      expect(r.code, JSON.stringify(body)).toBe(400);
      expect(r.msg.length).toBeGreaterThan(0);
    }
    const doctoral = await signIn(t.app, 'assessment');
    const camper = await signIn(t.app, 'camper');
    const admin = await signIn(t.app, 'admin');
    for (const token of [doctoral, camper, admin]) {
      expect([403, 404]).toContain((await call(t.app, `${P}/order`, { token, body: {}, lang: 'en' })).code);
      const r = await query(orderNo, token);
      expect([403, 404]).toContain(r.code);
      expect(r.data).toBeUndefined();
    }
    expect((await call(t.app, `${P}/order`, { body: {}, lang: 'en' })).code).toBe(401);
    // The tuimian applicant cannot reach the doctoral fee either.
    expect([403, 404]).toContain((await call(t.app, '/mucgrs-service/doctor/payment/order', { token: wang, body: {}, lang: 'en' })).code);
    expect((await orders()).filter((o) => o.area !== TMS_AREA)).toEqual(before.filter((o) => o.area !== TMS_AREA));
  });
});

async function freshTuimian(): Promise<{ t: TestApp; token: string }> {
  const bare = await buildTestApp();
  return { t: bare, token: await signIn(bare.app, 'tuimian') };
}
