import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../../test/harness';
import { sandboxNotifierOf } from '../public-routes';
import { checkout, feeOrder, gatewayEnv, pressButton } from '../testing';
import { findTrade, GATEWAY_PATHS, payTrade } from './gateway';
import { sandboxKey } from './key';
import { NOTIFY_BACKOFF_MS } from './notifier';
import { injectTransport, SandboxProvider } from './provider';
import { canonical, signed, verifySignature } from './signature';

/** A merchant stand-in that answers notifications from a script and records what it got. */
async function scriptedMerchant(answers: Array<string | number>) {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      bodies.push(body);
      const next = answers.shift() ?? 'success';
      if (next === 'hang') return; // never answers
      if (typeof next === 'number') res.writeHead(next).end('error');
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(next);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`;
  return { url, bodies, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:9' } });
  token = await signIn(t.app, 'assessment');
});
afterAll(async () => t.close());

const db = () => t.app.ctx.db;
const key = () => sandboxKey(db(), t.clock.now());
const provider = () => new SandboxProvider({ db: db(), clock: t.clock, transport: injectTransport(t.app) });
const api = (path: string, fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

describe('signatures', () => {
  it('sign the sorted non-empty fields except sign itself', async () => {
    expect(canonical({ b: '2', a: '1', sign: 'x', empty: '' })).toBe('a=1&b=2');
    const fields = signed({ merchant_order_no: 'AF1', amount_cents: '20000' }, 'k');
    expect(verifySignature(fields, 'k')).toBe(true);
    expect(verifySignature({ ...fields, amount_cents: '1' }, 'k')).toBe(false);
    expect(verifySignature(fields, 'other')).toBe(false);
    expect(verifySignature({ ...fields, sign: fields.sign!.toUpperCase() }, 'k')).toBe(false);
  });

  it('the key is created with crypto randomness on first use, once, and never sent to clients', async () => {
    await db().deleteFrom('system_config').where('system_key', '=', 'paymentSandboxKey').execute();
    const keys = await Promise.all(Array.from({ length: 5 }, () => key()));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await db().selectFrom('system_config').selectAll().where('system_key', '=', 'paymentSandboxKey').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ system_type: 'system', is_secret: 1, system_value: keys[0] });
    const config = await call<{ systemKey: string }[]>(t.app, '/mucgrs-service/grsjy/systemConfig/detail', { token, body: {} });
    expect(config.data.map((c) => c.systemKey)).not.toContain('paymentSandboxKey');
    expect(JSON.stringify(config.data)).not.toContain(keys[0]);
  });
});

describe('the checkout page', () => {
  let trade: string;
  let orderNo: string;
  beforeAll(async () => {
    orderNo = (await feeOrder(t.app, token)).orderNo;
    trade = await checkout(t.app, token, orderNo);
  });
  const page = (lang: string, tradeNo = trade) => t.app.inject({ method: 'GET', url: `${GATEWAY_PATHS.checkout}?trade=${tradeNo}`, headers: { 'accept-language': lang } });

  it.each([
    ['en', 'SANDBOX', 'Merchant', '>Pay</button>', '>Cancel</button>', 'CN¥200.00'],
    ['zh-CN', '沙箱环境', '商户', '>支付</button>', '>取消</button>', '¥200.00'],
    ['es', 'SANDBOX', 'Comercio', '>Pagar</button>', '>Cancelar</button>', '200,00'],
    ['ja', 'サンドボックス', '加盟店', '>支払う</button>', '>キャンセル</button>', '200'],
  ])('speaks %s, is labelled as a sandbox and shows merchant, subject, amount and order', async (lang, ...texts) => {
    const res = await page(lang);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<html lang="${lang}">`);
    for (const text of [...texts, 'Gradus', orderNo, trade, 'doctoral application fee']) expect(res.body).toContain(text);
  });

  it('works under the portal CSP: no script, a same-origin form POST', async () => {
    const res = await page('en');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    expect(res.body).not.toMatch(/<script|\son\w+=/i);
    expect(res.body).toContain(`<form method="post" action="${GATEWAY_PATHS.pay}">`);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('escapes what the merchant sent', async () => {
    const url = await provider().createCheckout({ orderNo: 'XSS1TEST', amountCents: 100, subject: '<img src=x onerror=alert(1)>', notifyUrl: 'http://127.0.0.1:9/n', returnUrl: 'http://127.0.0.1:9/r' });
    const res = await page('en', new URL(url).searchParams.get('trade')!);
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).not.toContain('<img');
  });

  it.each([['SBX00000000000000000000'], ['../../etc'], ['']])('an unknown trade %j is a 404 page', async (tradeNo) => {
    const res = await page('zh-CN', tradeNo);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('该支付不存在');
    expect((await pressButton(t.app, tradeNo, 'pay')).statusCode).toBe(404);
  });

  it('pay marks the trade paid once and sends the browser back with 303; a paid trade shows so', async () => {
    const res = await pressButton(t.app, trade, 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://127.0.0.1:9/payManage/pay?orderNo=${orderNo}`);
    const paid = await findTrade(db(), { tradeNo: trade });
    expect(paid).toMatchObject({ status: 'paid', paid_at: t.clock.now() });
    t.clock.advance(1000);
    await pressButton(t.app, trade, 'pay');
    expect((await findTrade(db(), { tradeNo: trade }))!.paid_at).toBe(paid!.paid_at);
    const after = await page('en');
    expect(after.body).toContain('This order has been paid.');
    expect(after.body).not.toContain('<form');
  });
});

describe('the signed gateway API', () => {
  it('refuses unsigned, wrongly signed and stale requests', async () => {
    const k = await key();
    const base = { merchant_order_no: 'AF2027AAAAAAAAAAAA', timestamp: String(t.clock.now()) };
    expect(JSON.parse((await api(GATEWAY_PATHS.query, base)).body).error).toBe('badSignature');
    expect(JSON.parse((await api(GATEWAY_PATHS.query, signed(base, 'guess'))).body).error).toBe('badSignature');
    const stale = signed({ ...base, timestamp: String(t.clock.now() - 16 * 60_000) }, k);
    expect(JSON.parse((await api(GATEWAY_PATHS.query, stale)).body).error).toBe('staleRequest');
    const answer = JSON.parse((await api(GATEWAY_PATHS.query, signed(base, k))).body) as Record<string, string>;
    expect(answer).toMatchObject({ result: 'success', trade_status: 'notFound' });
    expect(verifySignature(answer, k)).toBe(true);
  });

  it('keeps one trade per merchant order and refuses the same order with another amount', async () => {
    const order = { orderNo: 'AF2027BBBBBBBBBBBB', amountCents: 20000, subject: 'fee', notifyUrl: 'http://127.0.0.1:9/n', returnUrl: 'http://127.0.0.1:9/r' };
    const first = await provider().createCheckout(order);
    expect(await provider().createCheckout(order)).toBe(first);
    await expect(provider().createCheckout({ ...order, amountCents: 1 })).rejects.toThrow(/amountMismatch/);
    await expect(provider().createCheckout({ ...order, orderNo: 'AF2027CCCCCCCCCCCC', notifyUrl: 'javascript:alert(1)' })).rejects.toThrow(/malformed/);
  });

  it('query tells open from paid, with the amount and time the gateway recorded', async () => {
    const order = { orderNo: 'AF2027DDDDDDDDDDDD', amountCents: 12345, subject: 'fee', notifyUrl: 'http://127.0.0.1:9/n', returnUrl: 'http://127.0.0.1:9/r' };
    const tradeNo = new URL(await provider().createCheckout(order)).searchParams.get('trade')!;
    expect(await provider().queryOrder(order.orderNo)).toEqual({ status: 'open' });
    await payTrade(gatewayEnv(t.app), tradeNo);
    expect(await provider().queryOrder(order.orderNo)).toEqual({ status: 'paid', orderNo: order.orderNo, tradeNo, amountCents: 12345, paidAt: t.clock.now() });
  });

  it('an answer not signed with our key is not believed', async () => {
    const liar = new SandboxProvider({ db: db(), clock: t.clock, transport: async () => ({ status: 200, body: JSON.stringify(signed({ result: 'success', trade_status: 'paid' }, 'forged')) }) });
    expect(await liar.queryOrder('AF2027DDDDDDDDDDDD')).toMatchObject({ status: 'unknown' });
    const down = new SandboxProvider({ db: db(), clock: t.clock, transport: async () => Promise.reject(new Error('ECONNREFUSED')) });
    expect(await down.queryOrder('AF2027DDDDDDDDDDDD')).toMatchObject({ status: 'unknown', detail: expect.stringContaining('ECONNREFUSED') });
  });
});

describe('the notifier', () => {
  async function paidTrade(orderNo: string, notifyUrl: string) {
    const url = await provider().createCheckout({ orderNo, amountCents: 20000, subject: 'fee', notifyUrl, returnUrl: 'http://127.0.0.1:9/r' });
    const tradeNo = new URL(url).searchParams.get('trade')!;
    await payTrade(gatewayEnv(t.app), tradeNo);
    return tradeNo;
  }
  const state = async (tradeNo: string) => db().selectFrom('sandbox_trade').select(['notify_attempts', 'next_notify_at', 'notified_at']).where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();

  it('retries on the backoff schedule of the app clock until the merchant answers success, then stops', async () => {
    const merchant = await scriptedMerchant(['failure', 500, 'success']);
    const notifier = sandboxNotifierOf(t.app.ctx)!;
    try {
      const tradeNo = await paidTrade('AF2027EEEEEEEEEEEE', merchant.url);
      const start = t.clock.now();
      await notifier.tick();
      expect(merchant.bodies).toHaveLength(1);
      expect(await state(tradeNo)).toEqual({ notify_attempts: 1, next_notify_at: start + NOTIFY_BACKOFF_MS[0]!, notified_at: null });
      await notifier.tick();
      expect(merchant.bodies).toHaveLength(1); // not due yet

      t.clock.advance(NOTIFY_BACKOFF_MS[0]!);
      await notifier.tick();
      expect(merchant.bodies).toHaveLength(2);
      t.clock.advance(NOTIFY_BACKOFF_MS[1]! - 1);
      await notifier.tick();
      expect(merchant.bodies).toHaveLength(2);
      t.clock.advance(1);
      await notifier.tick();
      expect(merchant.bodies).toHaveLength(3);
      expect(await state(tradeNo)).toMatchObject({ notify_attempts: 3, next_notify_at: null, notified_at: t.clock.now() });

      t.clock.advance(24 * 3_600_000);
      await notifier.tick();
      expect(merchant.bodies).toHaveLength(3);
      const k = await key();
      for (const body of merchant.bodies) {
        const fields = Object.fromEntries(new URLSearchParams(body));
        expect(verifySignature(fields, k)).toBe(true);
        expect(fields).toMatchObject({ merchant_order_no: 'AF2027EEEEEEEEEEEE', trade_no: tradeNo, amount_cents: '20000', trade_status: 'paid' });
      }
    } finally {
      await merchant.close();
    }
  });

  it('gives up after the last attempt of the schedule', async () => {
    const merchant = await scriptedMerchant(Array(20).fill('failure'));
    try {
      const tradeNo = await paidTrade('AF2027FFFFFFFFFFF1', merchant.url);
      await db().updateTable('sandbox_trade').set({ notify_attempts: NOTIFY_BACKOFF_MS.length, next_notify_at: t.clock.now() }).where('trade_no', '=', tradeNo).execute();
      await sandboxNotifierOf(t.app.ctx)!.tick();
      expect(await state(tradeNo)).toMatchObject({ notify_attempts: NOTIFY_BACKOFF_MS.length + 1, next_notify_at: null, notified_at: null });
      t.clock.advance(7 * 86_400_000);
      await sandboxNotifierOf(t.app.ctx)!.tick();
      expect(merchant.bodies).toHaveLength(1);
    } finally {
      await merchant.close();
    }
  });

  it('is stopped by app.close, even with a delivery hanging, and keeps nothing alive', async () => {
    const merchant = await scriptedMerchant(['hang']);
    const other = await buildTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:9' } });
    try {
      await other.app.ready();
      const p = new SandboxProvider({ db: other.app.ctx.db, clock: other.clock, transport: injectTransport(other.app) });
      const url = await p.createCheckout({ orderNo: 'AF2027HANG00000001', amountCents: 100, subject: 'fee', notifyUrl: merchant.url, returnUrl: 'http://127.0.0.1:9/r' });
      const res = await pressButton(other.app, new URL(url).searchParams.get('trade')!, 'pay');
      expect(res.statusCode).toBe(303);
      // The wake-up sends at once; wait until the merchant holds the request.
      for (let i = 0; i < 100 && merchant.bodies.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(merchant.bodies).toHaveLength(1);
      const started = Date.now();
      await other.close();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await merchant.close();
    }
  });
});
