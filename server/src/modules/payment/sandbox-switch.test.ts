import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOrderView } from '@gradus/contract';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';
import { ConfigError, loadConfig } from '../../config';

/**
 * The sandbox gateway marks orders paid without moving money: in production it is off unless
 * PAYMENT_SANDBOX=1 asks for it, and when off there is nothing of it to reach.
 */
describe('the sandbox switch', () => {
  it('is on in development and tests, off in production, and PAYMENT_SANDBOX decides when set', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).paymentSandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).paymentSandbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: '1' }).paymentSandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', PAYMENT_SANDBOX: '0' }).paymentSandbox).toBe(false);
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'yes' })).toThrow(ConfigError);
  });
});

describe('with the sandbox off', () => {
  let t: TestApp;
  let zhang: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_SANDBOX: '0' } });
    zhang = await signIn(t.app, 'assessment');
  });
  afterAll(async () => t.close());

  it('the order still shows, but paying says online payment is not available and changes nothing', async () => {
    const order = await call<PaymentOrderView>(t.app, '/mucgrs-service/doctor/payment/order', { token: zhang, body: {} });
    expect(order.data.status).toBe('pending');
    const r = await call(t.app, '/mucgrs-service/doctor/payment/checkout', { token: zhang, body: { orderNo: order.data.orderNo } });
    expect(r.code).toBe(403);
    expect(r.msg).toBe('Online payment is not available yet. Please contact the graduate school.');
    const zh = await call(t.app, '/mucgrs-service/doctor/payment/checkout', { token: zhang, body: { orderNo: order.data.orderNo }, lang: 'zh-CN' });
    expect(zh.msg).toBe('暂未开通网上缴费，请联系研究生院。');
    expect(await t.app.ctx.db.selectFrom('sandbox_trade').select('id').execute()).toEqual([]);
    const after = await call<PaymentOrderView>(t.app, '/mucgrs-service/doctor/payment/order', { token: zhang, body: {} });
    expect(after.data.status).toBe('pending');
  });

  it('neither the gateway pages nor its notification endpoint exist', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox-gateway/checkout?trade=SBX1' });
    expect(page.statusCode).toBe(404);
    const pay = await t.app.inject({ method: 'POST', url: '/sandbox-gateway/pay', payload: 'trade=SBX1&action=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(pay.statusCode).toBe(404);
    const notify = await t.app.inject({ method: 'POST', url: '/api/v1/payment/notify/sandbox', payload: 'order_no=X&sign=Y', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(notify.statusCode).toBe(404);
  });
});
