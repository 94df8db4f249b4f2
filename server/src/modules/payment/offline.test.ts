import { ADMISSION_AREAS, BANK_ACCOUNT_KEYS, BANK_TRANSFER_CONFIG_AREA, type BankTransferView, type PaymentOrderView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type Reply, type TestApp } from '../../../test/harness';
import { DEMO_BANK_ACCOUNT } from '../../db/seed/demo';
// Borrowed from the materials' tests: hand-built multipart bodies and files with exactly the magic bytes that matter.
import { exe, lazyBody, multipartBody, multipartHeaders, partHead, pdf, png, storedFiles, type Part } from '../doctor/materials/fixtures';
import { setConfigValue } from '../system-config/service';
import { feeOrder, receiptRefusals } from './testing';

/**
 * Paying by bank transfer, the applicant's side (issue #11): 陳嘉欣 (Hong Kong) and 林怡君 (Taiwan)
 * may; 张伟 (mainland) may not. Every refusal is shown to change nothing: no receipt, no stored file,
 * no bytes on disk, no ledger row, no order moved, no audit entry.
 */
let t: TestApp;
let chan: string;
let lin: string;
let zhang: string;

beforeAll(async () => {
  t = await buildTestApp();
  [chan, lin, zhang] = await Promise.all([signIn(t.app, 'hmt'), signIn(t.app, 'taiwan'), signIn(t.app, 'assessment')]);
});
afterAll(async () => t.close());

const P = '/mucgrs-service/doctor/payment';
const db = () => t.app.ctx.db;
const status = (token: string, lang = 'en') => call<BankTransferView>(t.app, `${P}/offline`, { token, body: {}, lang });

async function send(token: string, parts: Part[], lang = 'en'): Promise<Reply<BankTransferView>> {
  const res = await t.app.inject({ method: 'POST', url: `${P}/offlineUpload`, headers: { ...multipartHeaders, authorization: `Bearer ${token}`, 'accept-language': lang }, payload: multipartBody(parts) });
  const body = res.json<{ code: number; msg: string; data: BankTransferView }>();
  return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data, raw: res };
}
const upload = (token: string, orderNo: string, content: Buffer = pdf(3000), filename = 'transfer.pdf') => send(token, [{ name: 'orderNo', value: orderNo }, { name: 'file', filename, content }]);

const { snapshot, refused } = receiptRefusals(() => t, storedFiles);

describe('who is offered a bank transfer', () => {
  it('the order says so: Hong Kong, Macao and Taiwan applicants yes, mainland applicants no', async () => {
    expect((await feeOrder(t.app, chan)).bankTransfer).toBe(true);
    expect((await feeOrder(t.app, zhang)).bankTransfer).toBe(false);
    const orders = await call<PaymentOrderView[]>(t.app, `${P}/orders`, { token: lin, body: {} });
    expect(orders.data.every((o) => o.bankTransfer)).toBe(true);
  });

  it('a mainland applicant is refused the section and the upload with a clear message, in their language', async () => {
    const order = await feeOrder(t.app, zhang);
    await refused(() => status(zhang), 403, 'Paying by bank transfer is offered to applicants from Hong Kong, Macao and Taiwan only. Please pay online.');
    await refused(() => status(zhang, 'zh-CN'), 403, '银行转账缴费仅面向港澳台考生，请在线支付。');
    await refused(() => upload(zhang, order.orderNo), 403, /Hong Kong, Macao and Taiwan only/);
  });

  it('staff and anonymous callers have no section of their own', async () => {
    const office = await signIn(t.app, 'admin');
    expect((await status(office)).code).toBe(403);
    expect((await call(t.app, `${P}/offline`, { body: {} })).code).toBe(401);
  });
});

describe('the transfer section', () => {
  it('shows the account as configured, the exact amount and the order number to quote', async () => {
    const order = await feeOrder(t.app, chan);
    const r = await status(chan);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ orderNo: order.orderNo, amountCents: 20000, currency: 'CNY', orderPaid: false, receipts: [], canUpload: true, windowOpen: true, maxKb: 5120 });
    expect(r.data.account).toEqual(DEMO_BANK_ACCOUNT);
  });

  it('says the account is not set up while a line an applicant needs is empty, and refuses a receipt', async () => {
    const order = await feeOrder(t.app, chan);
    await setConfigValue(db(), t.clock.now(), BANK_TRANSFER_CONFIG_AREA, BANK_ACCOUNT_KEYS.accountNumber, '');
    try {
      const r = await status(chan);
      expect(r.data).toMatchObject({ account: null, canUpload: false });
      await refused(() => upload(chan, order.orderNo), 409, 'The university’s bank account for transfers has not been set up yet. Please contact the graduate school.');
    } finally {
      await setConfigValue(db(), t.clock.now(), BANK_TRANSFER_CONFIG_AREA, BANK_ACCOUNT_KEYS.accountNumber, DEMO_BANK_ACCOUNT.accountNumber);
    }
  });
});

describe('uploading a receipt: bad input and another owner change nothing', () => {
  it('refuses a body that is not a form, a form without the order number or the file, and the file before the number', async () => {
    const order = await feeOrder(t.app, chan);
    await refused(() => call(t.app, `${P}/offlineUpload`, { token: chan, body: { orderNo: order.orderNo } }), 400, 'Please choose the receipt file to upload.');
    await refused(() => send(chan, [{ name: 'file', filename: 'transfer.pdf', content: pdf() }]), 400, 'Order number: required');
    await refused(() => send(chan, [{ name: 'orderNo', value: order.orderNo }]), 400, 'Please choose the receipt file to upload.');
    await refused(() => send(chan, [{ name: 'orderNo', value: 'af-1; drop' }, { name: 'file', filename: 'transfer.pdf', content: pdf() }]), 400, 'Order number: not in a valid format');
    await refused(
      () => send(chan, [{ name: 'file', filename: 'transfer.pdf', content: pdf() }, { name: 'orderNo', value: order.orderNo }]),
      400,
      'Order number: required',
    );
  });

  it('refuses a file that is not a PDF, JPG or PNG by its content, whatever its name, and one above 5 MB', async () => {
    const order = await feeOrder(t.app, chan);
    await refused(() => upload(chan, order.orderNo, exe(), 'receipt.pdf'), 400, 'The receipt must be a PDF, JPG or PNG file.');
    await refused(() => upload(chan, order.orderNo, pdf(5 * 1024 * 1024 + 10)), 400, 'The receipt is larger than 5 MB. Please upload a smaller file.');
  });

  it('stops reading a refused upload at once: the bytes after the refusal are never pulled', async () => {
    const head = Buffer.concat([partHead({ name: 'orderNo', value: 'AF2027000000000000' }), Buffer.from('AF2027000000000000\r\n'), partHead({ name: 'file', filename: 'big.pdf', content: Buffer.alloc(0) })]);
    const body = lazyBody(head, 4 * 1024 * 1024);
    const before = await snapshot();
    const res = await t.app.inject({ method: 'POST', url: `${P}/offlineUpload`, headers: { ...multipartHeaders, authorization: `Bearer ${chan}`, 'accept-language': 'en' }, payload: body.stream });
    expect(res.json<{ code: number }>().code).toBe(404);
    expect(body.pulled()).toBeLessThan(4 * 1024 * 1024);
    expect(await snapshot()).toEqual(before);
  });

  it("another applicant's order number reads as not found, whoever it belongs to", async () => {
    const zhangs = await feeOrder(t.app, zhang);
    const lins = await feeOrder(t.app, lin);
    await refused(() => upload(chan, zhangs.orderNo), 404, 'Not found.');
    await refused(() => upload(chan, lins.orderNo), 404, 'Not found.');
    await refused(() => upload(chan, 'AF2027FFFFFFFFFFFF'), 404, 'Not found.');
  });

  it('is refused while the fee period is closed, and the section says so', async () => {
    const order = await feeOrder(t.app, lin);
    const past = new Date(t.clock.now() - 86_400_000).toISOString();
    const ends = await db().selectFrom('system_config').select(['system_type', 'system_value']).where('system_key', '=', 'registrationEnd').execute();
    // Registration closes the fee window with it, whichever cycle the applicant is on.
    for (const area of ADMISSION_AREAS) await setConfigValue(db(), t.clock.now(), area, 'registrationEnd', past);
    try {
      expect((await status(lin)).data).toMatchObject({ windowOpen: false, canUpload: false });
      await refused(() => upload(lin, order.orderNo), 403, 'The fee payment period is closed, so a transfer receipt cannot be uploaded now.');
    } finally {
      for (const e of ends) await setConfigValue(db(), t.clock.now(), e.system_type as (typeof ADMISSION_AREAS)[number], 'registrationEnd', e.system_value);
    }
    expect((await status(lin)).data.canUpload).toBe(true);
  });
});

describe('a receipt waits for the office', () => {
  it('is stored with its record and read back by its owner only; the section shows it waiting', async () => {
    const order = await feeOrder(t.app, chan);
    const before = await snapshot();
    const r = await upload(chan, order.orderNo, png(800, 600), '轉帳收據.png');
    expect(r.code, r.msg).toBe(0);
    expect(r.data.canUpload).toBe(false);
    expect(r.data.receipts).toHaveLength(1);
    const receipt = r.data.receipts[0]!;
    expect(receipt).toMatchObject({ state: 'submitted', fileName: '轉帳收據.png', amountCents: 20000, reason: null, decidedAt: null });
    expect(receipt.filePath).toMatch(/^\/zsData\/offlineReceipt\/[0-9a-f-]{36}\.png$/);
    const after = await snapshot();
    expect(after.receipts).toHaveLength(before.receipts.length + 1);
    expect(after.files).toBe(before.files + 1);
    expect(after.bytes).toHaveLength(before.bytes.length + 1);
    expect(after.orders).toEqual(before.orders);
    expect(after.ledger).toEqual(before.ledger);

    const own = await call(t.app, '/mucgrs-service/system/files/getFileByte', { token: chan, body: { filePath: receipt.filePath } });
    expect(own.status).toBe(200);
    expect(own.raw.rawPayload.equals(png(800, 600))).toBe(true);
    for (const other of [lin, zhang]) expect((await call(t.app, '/mucgrs-service/system/files/getFileByte', { token: other, body: { filePath: receipt.filePath } })).code).toBe(404);

    const audit = await db().selectFrom('audit_event').select(['user_id', 'subject', 'detail']).where('event', '=', 'payment.offlineSubmit').executeTakeFirstOrThrow();
    expect(audit.subject).toBe('2027400001');
    expect(JSON.parse(audit.detail!)).toEqual({ orderNo: order.orderNo, receiptId: receipt.id });
  });

  it('a second receipt is refused until the first is decided, and so is paying online meanwhile', async () => {
    const order = await feeOrder(t.app, chan);
    await refused(() => upload(chan, order.orderNo), 409, 'A transfer receipt is already waiting for the admissions office. You can upload another only if it is rejected.');
    await refused(
      () => call(t.app, `${P}/checkout`, { token: chan, body: { orderNo: order.orderNo }, lang: 'en' }),
      409,
      'Your bank transfer receipt is waiting for the admissions office. Paying online as well could charge you twice; wait for their decision.',
    );
  });

  it('two uploads racing keep one receipt waiting, and the other leaves no file behind', async () => {
    const order = await feeOrder(t.app, lin);
    const before = await snapshot();
    const replies = await Promise.all([upload(lin, order.orderNo, pdf(4000)), upload(lin, order.orderNo, pdf(5000))]);
    expect(replies.map((r) => r.code).sort()).toEqual([0, 409]);
    const after = await snapshot();
    expect(after.receipts).toHaveLength(before.receipts.length + 1);
    expect(after.files).toBe(before.files + 1);
    expect(after.bytes).toHaveLength(before.bytes.length + 1);
  });
});
