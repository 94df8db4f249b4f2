import { RoleKey, type BankTransferView, type OfflineReceiptListView, type OfflineReceiptRowView, type StaffRoleListView, type StaffRoleView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, runAdmin, signIn, type TestApp } from '../../../test/harness';
import { multipartBody, multipartHeaders, pdf, storedFiles } from '../doctor/materials/fixtures';
import { feeOrder, receiptRefusals } from './testing';

/**
 * Bank-transfer receipts in the back office (issue #11): the admissions office lists them, opens the
 * file, confirms (the order settled once, however many confirm at once) or rejects with a reason the
 * applicant reads before uploading again. Secretaries, experts, the system administrator, applicants
 * and an office whose page was taken are refused, and nothing changes.
 */
let t: TestApp;
let chan: string;
let lin: string;
let office: string;
let publisher: string;
let secretary: string;
let reviewer: string;
let sysadmin: string;

beforeAll(async () => {
  t = await buildTestApp();
  [chan, lin, office, publisher] = await Promise.all([signIn(t.app, 'hmt'), signIn(t.app, 'taiwan'), signIn(t.app, 'admin'), signIn(t.app, 'publisher')]);
  [secretary, reviewer, sysadmin] = await Promise.all([signIn(t.app, 'secretary'), signIn(t.app, 'reviewer'), signIn(t.app, 'sysadmin')]);
});
afterAll(async () => t.close());

const P = '/mucgrs-service/doctor/payment';
const S = '/mucgrs-service/staff/payments';
const db = () => t.app.ctx.db;
const list = (token: string, body: object = {}) => call<OfflineReceiptListView>(t.app, `${S}/receipts`, { token, body, lang: 'en' });
const confirm = (token: string, body: object) => call<OfflineReceiptRowView>(t.app, `${S}/confirm`, { token, body, lang: 'en' });
const reject = (token: string, body: object) => call<OfflineReceiptRowView>(t.app, `${S}/reject`, { token, body, lang: 'en' });
const status = (token: string) => call<BankTransferView>(t.app, `${P}/offline`, { token, body: {}, lang: 'en' });

async function upload(token: string, content = pdf(2500)): Promise<BankTransferView> {
  const order = await feeOrder(t.app, token);
  const res = await t.app.inject({
    method: 'POST',
    url: `${P}/offlineUpload`,
    headers: { ...multipartHeaders, authorization: `Bearer ${token}` },
    payload: multipartBody([{ name: 'orderNo', value: order.orderNo }, { name: 'file', filename: 'bank-slip.pdf', content }]),
  });
  const body = res.json<{ code: number; msg: string; data: BankTransferView }>();
  if (body.code !== 0) throw new Error(`upload: ${body.code} ${body.msg}`);
  return body.data;
}
const waitingId = (view: BankTransferView) => view.receipts.find((r) => r.state === 'submitted')!.id;

const { snapshot, refused } = receiptRefusals(() => t, storedFiles);

let chanReceipt: number;

describe('the list of receipts', () => {
  it('shows the office each waiting receipt: applicant, amount, order, when, and the file to open', async () => {
    chanReceipt = waitingId(await upload(chan));
    const r = await list(office);
    expect(r.code, r.msg).toBe(0);
    expect(r.data.recruitYear).toBe('2027');
    expect(r.data.recruitYears).toContain('2027');
    const row = r.data.rows.find((x) => x.id === chanReceipt)!;
    expect(row).toMatchObject({ applicantNumber: '2027400001', name: '陳嘉欣', state: 'submitted', amountCents: 20000, currency: 'CNY', orderStatus: 'pending', decidedBy: null });
    expect(row.orderNo).toMatch(/^AF2027[0-9A-F]{12}$/);
    // The staff file-download call opens it (the office's: a receipt is evidence about the account).
    const file = await call(t.app, '/mucgrs-service/system/files/getFileByte', { token: office, body: { filePath: row.filePath } });
    expect(file.status).toBe(200);
    expect(file.raw.rawPayload.equals(pdf(2500))).toBe(true);
    for (const other of [secretary, reviewer, sysadmin, lin]) {
      expect((await call(t.app, '/mucgrs-service/system/files/getFileByte', { token: other, body: { filePath: row.filePath } })).code).toBe(404);
    }
  });

  it('filters by state, by name or number, and by year', async () => {
    expect((await list(office, { state: 'confirmed' })).data.rows.map((r) => r.id)).not.toContain(chanReceipt);
    expect((await list(office, { state: 'submitted', q: '陳' })).data.rows.map((r) => r.id)).toEqual([chanReceipt]);
    expect((await list(office, { q: '20274000' })).data.rows.map((r) => r.id)).toContain(chanReceipt);
    expect((await list(office, { q: '林' })).data.rows.map((r) => r.id)).not.toContain(chanReceipt);
    expect((await list(office, { recruitYear: '2026' })).data.rows).toEqual([]);
  });

  it('is refused to everyone but the office, and bad filters are named', async () => {
    for (const token of [secretary, reviewer, sysadmin, chan]) await refused(() => list(token), 403, 'You do not have permission to do this.');
    await refused(() => list(office, { state: 'paid' }), 400, 'State: not one of the allowed choices');
    await refused(() => list(office, { recruitYear: '27' }), 400, /^Recruitment year: /);
    await refused(() => list(office, { page: 2 }), 400, /not an accepted field/);
  });
});

describe('rejecting, then uploading again', () => {
  it('refuses bad input, an unknown receipt, and anyone but the office, changing nothing', async () => {
    await refused(() => reject(office, { receiptId: chanReceipt, reason: '   ' }), 400, 'Reason: required');
    await refused(() => reject(office, { receiptId: chanReceipt, reason: 'x'.repeat(501) }), 400, 'Reason: too long');
    await refused(() => reject(office, { receiptId: 'one', reason: 'Blurred' }), 400, /^Receipt: /);
    await refused(() => reject(office, { receiptId: 999_999, reason: 'Blurred' }), 404, 'This receipt does not exist or is not yours to decide.');
    // Outside the caller's reach reads exactly as a receipt that does not exist.
    for (const token of [secretary, reviewer, sysadmin, chan, lin]) {
      await refused(() => reject(token, { receiptId: chanReceipt, reason: 'Blurred' }), 404, 'This receipt does not exist or is not yours to decide.');
      await refused(() => confirm(token, { receiptId: chanReceipt }), 404, 'This receipt does not exist or is not yours to decide.');
    }
    await refused(() => confirm(office, { receiptId: chanReceipt, reference: 'a b' }), 400, 'Bank reference: 1 to 64 letters, digits, dot, dash or underscore');
  });

  it('a rejection with its reason reaches the applicant, who may then upload again', async () => {
    const r = await reject(office, { receiptId: chanReceipt, reason: 'The amount on the slip is HKD 200, not CNY 200.' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ id: chanReceipt, state: 'rejected', reason: 'The amount on the slip is HKD 200, not CNY 200.', decidedBy: { loginName: 'admin', name: '周杰' } });
    const audit = await db().selectFrom('audit_event').select(['subject', 'detail']).where('event', '=', 'payment.offlineReject').executeTakeFirstOrThrow();
    expect(audit.subject).toBe('2027400001');
    expect(JSON.parse(audit.detail!)).toEqual({ receiptId: chanReceipt, reason: 'The amount on the slip is HKD 200, not CNY 200.' });
    expect((await db().selectFrom('payment_order').select('status').where('order_no', '=', r.data.orderNo).executeTakeFirstOrThrow()).status).toBe('pending');

    // Decided once: a second decision changes nothing.
    await refused(() => reject(office, { receiptId: chanReceipt, reason: 'Again' }), 409, 'This receipt has already been confirmed or rejected.');
    await refused(() => confirm(office, { receiptId: chanReceipt }), 409, 'This receipt has already been confirmed or rejected.');

    const seen = await status(chan);
    expect(seen.data.canUpload).toBe(true);
    expect(seen.data.receipts[0]).toMatchObject({ state: 'rejected', reason: 'The amount on the slip is HKD 200, not CNY 200.' });
    const again = await upload(chan, pdf(2700));
    expect(again.receipts.map((x) => x.state)).toEqual(['submitted', 'rejected']);
    chanReceipt = waitingId(again);
  });
});

describe('confirming', () => {
  it('two staff confirming at once settle the order once: one ledger row, one audit entry, the other told it was decided', async () => {
    const before = await snapshot();
    const replies = await Promise.all([confirm(office, { receiptId: chanReceipt }), confirm(publisher, { receiptId: chanReceipt, reference: 'BOC-2027-0042' })]);
    expect(replies.map((r) => r.code).sort()).toEqual([0, 409]);
    const won = replies.find((r) => r.code === 0)!;
    expect(won.data).toMatchObject({ state: 'confirmed', orderStatus: 'paid' });
    expect(replies.find((r) => r.code === 409)!.msg).toBe('This receipt has already been confirmed or rejected.');

    const after = await snapshot();
    expect(after.ledger).toHaveLength(before.ledger.length + 1);
    const order = await db().selectFrom('payment_order').selectAll().where('order_no', '=', won.data.orderNo).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', provider: 'offline', provider_trade_no: won.data.reference });
    expect(after.ledger.at(-1)).toMatchObject({ order_id: order.id, provider: 'offline', amount_cents: 20000 });
    const audits = await db().selectFrom('audit_event').select(['subject', 'detail']).where('event', '=', 'payment.offlineConfirm').execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.detail!)).toMatchObject({ orderNo: order.order_no, receiptId: chanReceipt, outcome: 'settled' });
  });

  it('the applicant sees the fee paid, gets the receipt PDF, and a receipt for a paid order is refused', async () => {
    const order = await feeOrder(t.app, chan);
    expect(order).toMatchObject({ status: 'paid', provider: 'offline' });
    const seen = await status(chan);
    expect(seen.data).toMatchObject({ orderPaid: true, canUpload: false });
    expect(seen.data.receipts[0]!.state).toBe('confirmed');
    const pdfReply = await call(t.app, `${P}/receipt`, { token: chan, body: { orderNo: order.orderNo } });
    expect(pdfReply.status).toBe(200);
    expect(String(pdfReply.raw.headers['content-type'])).toContain('pdf');

    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: `${P}/offlineUpload`,
      headers: { ...multipartHeaders, authorization: `Bearer ${chan}`, 'accept-language': 'en' },
      payload: multipartBody([{ name: 'orderNo', value: order.orderNo }, { name: 'file', filename: 'again.pdf', content: pdf() }]),
    });
    expect(res.json<{ code: number; msg: string }>()).toMatchObject({ code: 409, msg: 'The application fee is already paid, so no transfer receipt is needed.' });
    expect(await snapshot()).toEqual(before);
  });

  it('a receipt whose order was paid meanwhile (recorded by finance) is refused and stays waiting', async () => {
    const linReceipt = waitingId(await upload(lin));
    const recorded = await runAdmin(t, 'payment-record', '--applicant', '2027400002', '--reference', 'FIN-2027-0007');
    expect(recorded).toContain('settled');
    await refused(() => confirm(office, { receiptId: linReceipt }), 409, /has been paid meanwhile/);
    expect((await list(office, { state: 'submitted' })).data.rows.map((r) => r.id)).toContain(linReceipt);
    // The office rejects it with a reason (the money to be returned).
    expect((await reject(office, { receiptId: linReceipt, reason: 'Paid twice: the transfer will be returned.' })).code).toBe(0);
  });
});

describe('a page the system administrator took from the office', () => {
  it('refuses the calls to the office, changing nothing, until it is granted back', async () => {
    const roles = async () => (await call<StaffRoleListView>(t.app, '/mucgrs-service/staff/roles/list', { token: sysadmin, body: {} })).data.roles;
    const grantedOf = (role: StaffRoleView) => role.groups.flatMap((g) => g.pages.flatMap((p) => (p.granted ? [p.key, ...p.buttons.filter((b) => b.granted).map((b) => b.key)] : [])));
    const save = (role: StaffRoleView, granted: string[]) => call<{ role: StaffRoleView }>(t.app, '/mucgrs-service/staff/roles/save', { token: sysadmin, body: { roleKey: role.roleKey, granted, version: role.version } });
    const officeRole = (await roles()).find((r) => r.roleKey === RoleKey.ADMIN)!;
    expect(grantedOf(officeRole)).toContain('staff/offlinePayments');
    const saved = await save(officeRole, grantedOf(officeRole).filter((k) => k !== 'staff/offlinePayments'));
    expect(saved.code, saved.msg).toBe(0);
    try {
      await refused(() => list(office), 403, /does not include this page/);
      const receipt = (await db().selectFrom('payment_offline_receipt').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      await refused(() => reject(office, { receiptId: receipt, reason: 'Blurred' }), 403, /does not include this page/);
    } finally {
      expect((await save(saved.data.role, grantedOf(officeRole))).code).toBe(0);
    }
    expect((await list(office)).code).toBe(0);
  });
});
