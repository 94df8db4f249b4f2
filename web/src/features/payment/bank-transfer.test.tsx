import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BankTransferView, OfflineReceiptView } from '@gradus/contract/api/offline-payment';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { changeLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/test/api';
import { Wrapper } from '@/test/render';
import PaymentPage from './pages/PaymentPage';

const P = '/mucgrs-service/doctor/payment';
const show = () => render(<Wrapper path="/payManage/pay"><PaymentPage /></Wrapper>);

const ORDER: PaymentOrderView = {
  orderNo: 'AF2027A1B2C3D4E5F6',
  purpose: 'applicationFee',
  amountCents: 20000,
  amount: '200.00',
  currency: 'CNY',
  status: 'pending',
  provider: 'sandbox',
  tradeNo: null,
  paidAt: null,
  createdAt: '2027-01-10T02:00:00.000Z',
  canPay: true,
  payBefore: '2027-03-01T15:59:59.000Z',
  bankTransfer: true,
};
const ACCOUNT = {
  accountName: 'Gradus Demo University',
  accountNumber: '0000 1234 5678',
  bankName: 'Demo Bank, Haidian Branch',
  bankAddress: '',
  swiftCode: 'DEMOCNBJXXX',
  instructions: 'Charges are the sender’s.',
};
const TRANSFER: BankTransferView = {
  orderNo: ORDER.orderNo,
  amountCents: 20000,
  currency: 'CNY',
  orderPaid: false,
  account: ACCOUNT,
  receipts: [],
  canUpload: true,
  windowOpen: true,
  maxKb: 5120,
  types: ['pdf', 'jpg', 'png'],
};
const receipt = (over: Partial<OfflineReceiptView> = {}): OfflineReceiptView => ({
  id: 3,
  state: 'submitted',
  filePath: '/zsData/offlineReceipt/0b6c.pdf',
  fileName: 'slip.pdf',
  amountCents: 20000,
  uploadedAt: '2027-01-11T02:00:00.000Z',
  reason: null,
  decidedAt: null,
  ...over,
});

const section = async () => screen.findByRole('region', { name: 'Pay by bank transfer' });
const choose = (chosen: File) => fireEvent.change(document.querySelector('section input[type="file"]')!, { target: { files: [chosen] } });

afterEach(async () => {
  await changeLanguage('en');
});

describe('paying by bank transfer on the fee page', () => {
  it('shows the account, the exact amount and the order number to quote beside paying online', async () => {
    mockApi({ [`${P}/order`]: () => ok(ORDER), [`${P}/offline`]: () => ok(TRANSFER) });
    show();
    expect(await screen.findByRole('heading', { level: 2, name: 'Pay online' })).toBeInTheDocument();
    const region = await section();
    expect(await within(region).findByTestId('transfer-accountNumber')).toHaveTextContent('0000 1234 5678');
    expect(within(region).getByTestId('transfer-swiftCode')).toHaveTextContent('DEMOCNBJXXX');
    expect(within(region).queryByTestId('transfer-bankAddress')).toBeNull();
    expect(within(region).getByTestId('transfer-amount')).toHaveTextContent('200.00');
    expect(within(region).getByTestId('transfer-order-no')).toHaveTextContent('AF2027A1B2C3D4E5F6');
    expect(within(region).getByText('Charges are the sender’s.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: /Upload the transfer receipt/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it('uploads the receipt with the order number before the file, then shows it waiting and pauses paying online', async () => {
    const calls = mockApi({
      [`${P}/order`]: () => ok(ORDER),
      [`${P}/offline`]: () => ok(TRANSFER),
      [`${P}/offlineUpload`]: () => ok({ ...TRANSFER, canUpload: false, receipts: [receipt()] }),
    });
    show();
    const region = await section();
    await within(region).findByTestId('transfer-order-no');
    choose(new File(['%PDF-1.4'], 'slip.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(calls.some((c) => c.url === `${P}/offlineUpload`)).toBe(true));
    const form = calls.find((c) => c.url === `${P}/offlineUpload`)!.body as FormData;
    expect([...form.keys()]).toEqual(['orderNo', 'file']);
    expect(form.get('orderNo')).toBe('AF2027A1B2C3D4E5F6');
    expect(await within(region).findByText('Waiting for confirmation')).toBeInTheDocument();
    expect(within(region).getByText('Your receipt is waiting for the admissions office. You can upload another only if it is rejected.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: /Upload the transfer receipt/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeDisabled();
    expect(screen.getByText('Your bank transfer receipt is waiting for the admissions office, so paying online is paused until they decide.')).toBeInTheDocument();
  });

  it('refuses a file of another type or above the limit before sending anything', async () => {
    const calls = mockApi({ [`${P}/order`]: () => ok(ORDER), [`${P}/offline`]: () => ok(TRANSFER) });
    show();
    const region = await section();
    await within(region).findByTestId('transfer-order-no');
    choose(new File(['MZ'], 'slip.exe'));
    expect(await within(region).findByText('The receipt must be a PDF, JPG or PNG file.')).toBeInTheDocument();
    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'slip.pdf'));
    expect(await within(region).findByText('The receipt must be a file of at most 5 MB.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === `${P}/offlineUpload`)).toBe(false);
  });

  it("shows the server's refusal next to the upload", async () => {
    mockApi({
      [`${P}/order`]: () => ok(ORDER),
      [`${P}/offline`]: () => ok(TRANSFER),
      [`${P}/offlineUpload`]: () => fail(403, 'The fee payment period is closed, so a transfer receipt cannot be uploaded now.'),
    });
    show();
    const region = await section();
    await within(region).findByTestId('transfer-order-no');
    choose(new File(['%PDF-1.4'], 'slip.pdf', { type: 'application/pdf' }));
    expect(await within(region).findByText('The fee payment period is closed, so a transfer receipt cannot be uploaded now.')).toBeInTheDocument();
  });

  it('a rejected receipt shows the office’s reason and offers a new upload', async () => {
    const rejected = receipt({ state: 'rejected', reason: 'The slip shows HKD, not CNY.', decidedAt: '2027-01-12T02:00:00.000Z' });
    mockApi({ [`${P}/order`]: () => ok(ORDER), [`${P}/offline`]: () => ok({ ...TRANSFER, receipts: [rejected] }) });
    show();
    const region = await section();
    expect(await within(region).findByText('The slip shows HKD, not CNY.')).toBeInTheDocument();
    expect(within(region).getByText('Rejected')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: /Upload a new receipt/ })).toBeEnabled();
  });

  it('says so when the account is not set up or the period has closed', async () => {
    mockApi({ [`${P}/order`]: () => ok(ORDER), [`${P}/offline`]: () => ok({ ...TRANSFER, account: null, canUpload: false }) });
    show();
    const region = await section();
    expect(await within(region).findByText('Bank transfers are not set up yet. Please contact the graduate school.')).toBeInTheDocument();
    expect(within(region).queryByTestId('transfer-order-no')).toBeNull();
  });

  it('is not offered to a mainland applicant: no section, no call', async () => {
    const calls = mockApi({ [`${P}/order`]: () => ok({ ...ORDER, bankTransfer: false }) });
    show();
    expect(await screen.findByRole('button', { name: 'Pay now' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Pay by bank transfer' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Pay online' })).toBeNull();
    expect(calls.some((c) => c.url === `${P}/offline`)).toBe(false);
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    mockApi({ [`${P}/order`]: () => ok(ORDER), [`${P}/offline`]: () => ok(TRANSFER) });
    show();
    const region = await screen.findByRole('region', { name: '银行转账缴费' });
    expect(await within(region).findByText('开户银行')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: /上传转账回单/ })).toBeInTheDocument();
  });
});
