import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp, runAdmin } from '../../../test/harness';
import { UsageError } from '../../cli/commands';
import { sandboxNotifierOf } from './public-routes';
import { paymentStatus } from './staff';
import { checkout, feeOrder, genuineNotification, notify, pressButton } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:9' } });
});
afterAll(async () => t.close());

const admin = (...argv: string[]) => runAdmin(t, ...argv);
const userOf = (no: string) => t.app.ctx.db.selectFrom('app_user').select(['id as userId', 'recruit_year as recruitYear']).where('applicant_number', '=', no).executeTakeFirstOrThrow();

describe('payment-status', () => {
  it('says when there is no order yet', async () => {
    expect(await admin('payment-status', '--applicant', '2027200001')).toBe('2027200001 刘洋\n  no payment order yet');
  });

  it('shows the order, its ledger row and every notification', async () => {
    const token = await signIn(t.app, 'assessment');
    const order = await feeOrder(t.app, token);
    const trade = await checkout(t.app, token, order.orderNo);
    await pressButton(t.app, trade, 'pay');
    const fields = await genuineNotification(t.app, trade);
    await notify(t.app, { ...fields, amount_cents: '1' });
    await notify(t.app, fields);
    const out = await admin('payment-status', '--applicant', '2027100001');
    expect(out).toContain(`order ${order.orderNo} applicationFee CNY 200.00 paid (provider sandbox, trade ${trade}`);
    expect(out).toContain(`ledger #`);
    expect(out).toContain(`sandbox ${trade} 200.00`);
    expect(out).toContain('notifications: 2');
    expect(out).toContain('signature INVALID -> badSignature');
    expect(out).toContain('signature valid -> settled');

    const zhang = await userOf('2027100001');
    const views = await paymentStatus(t.app.ctx.db, { userId: zhang.userId, recruitYear: zhang.recruitYear! });
    expect(views).toHaveLength(1);
    expect(views[0]!.ledger).toMatchObject({ provider_trade_no: trade, amount_cents: 20000 });
  });

  it('needs a known applicant', async () => {
    await expect(admin('payment-status')).rejects.toThrow(UsageError);
    await expect(admin('payment-status', '--applicant', '2027999999')).rejects.toThrow(/no applicant/);
  });
});

describe('payment-reconcile', () => {
  it('asks the gateway about pending orders and settles the ones it reports paid', async () => {
    const token = await signIn(t.app, 'successive');
    const order = await feeOrder(t.app, token);
    const trade = await checkout(t.app, token, order.orderNo);
    await pressButton(t.app, trade, 'pay');
    await sandboxNotifierOf(t.app.ctx)!.tick(); // the merchant address is unreachable: nothing arrives
    const hmt = await feeOrder(t.app, await signIn(t.app, 'hmt')); // pending, never paid

    const out = await admin('payment-reconcile');
    expect(out).toContain(`${order.orderNo}: settled`);
    expect(out).toContain(`${hmt.orderNo}: notFound`);
    expect(out).toContain('2 pending, 1 settled');
    const row = await t.app.ctx.db.selectFrom('payment_order').selectAll().where('order_no', '=', order.orderNo).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'paid', provider_trade_no: trade });
    expect(await admin('payment-reconcile')).toBe(`${hmt.orderNo}: notFound\n1 pending, 0 settled`);
  });
});

describe('payment-record', () => {
  it('records a payment made outside the portal through the same idempotent settlement', async () => {
    const out = await admin('payment-record', '--applicant', '2027400001', '--reference', 'BANK-2027-0001');
    expect(out).toMatch(/^2027400001 \(陳嘉欣\): order AF2027[0-9A-F]{12} paid - settled$/);
    expect(await admin('payment-record', '--applicant', '2027400001', '--reference', 'BANK-2027-0001')).toContain('alreadyPaid');
    expect(await admin('payment-record', '--applicant', '2027400001', '--reference', 'BANK-2027-0002')).toContain('duplicatePayment');
    const status = await admin('payment-status', '--applicant', '2027400001');
    expect(status).toContain('provider offline, trade BANK-2027-0001');
    expect(status.match(/ledger #/g)).toHaveLength(1);
  });

  it('refuses a bad reference', async () => {
    await expect(admin('payment-record', '--applicant', '2027400001', '--reference', 'a b')).rejects.toThrow(/--reference/);
  });
});
