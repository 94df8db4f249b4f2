import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OfflineReceiptListView, OfflineReceiptRowView } from '@gradus/contract/api/offline-payment';
import { download } from '@/lib/download';
import { changeLanguage } from '@/lib/i18n';
import { fail, mockApi, ok, type Call, type Handler } from '@/test/api';
import { Wrapper } from '@/test/render';
import OfflinePaymentsPage from './pages/OfflinePaymentsPage';

const url = (call: string) => `/mucgrs-service/staff/payments/${call}`;
const ROW: OfflineReceiptRowView = {
  id: 11,
  state: 'submitted',
  filePath: '/zsData/offlineReceipt/5d1c.png',
  fileName: '轉帳收據.png',
  amountCents: 20000,
  uploadedAt: '2027-01-11T02:00:00.000Z',
  reason: null,
  decidedAt: null,
  applicantNumber: '2027400002',
  name: '林怡君',
  orderNo: 'AF2027A1B2C3D4E5F6',
  currency: 'CNY',
  orderStatus: 'pending',
  reference: null,
  decidedBy: null,
};
const LIST: OfflineReceiptListView = { recruitYear: '2027', recruitYears: ['2027', '2026'], rows: [ROW] };

function server(routes: Record<string, Handler> = {}): Call[] {
  return mockApi({ [url('receipts')]: () => ok(LIST), ...routes });
}
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);
const show = () => render(<Wrapper path="/admissions/offlinePayments"><OfflinePaymentsPage /></Wrapper>);

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('en');
});

describe('bank transfers page', () => {
  it('lists the receipts waiting in the current year: applicant, amount, order, when', async () => {
    const calls = server();
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank transfers' })).toBeInTheDocument();
    expect(await screen.findByText('2027400002 林怡君')).toBeInTheDocument();
    expect(screen.getByText('AF2027A1B2C3D4E5F6')).toBeInTheDocument();
    expect(screen.getByText(/200\.00/)).toBeInTheDocument();
    expect(bodies(calls, 'receipts')[0]).toEqual({ state: 'submitted' });
  });

  it('opens the receipt through the file download call', async () => {
    const open = vi.spyOn(download, 'open').mockReturnValue(true);
    const calls = server({ '/mucgrs-service/system/files/getFileByte': () => ({ data: new Blob(['png'], { type: 'image/png' }), headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="receipt.png"' } }) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Open the receipt of 林怡君: 轉帳收據.png' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.url === '/mucgrs-service/system/files/getFileByte')?.body).toEqual({ filePath: ROW.filePath, fileName: ROW.fileName });
  });

  it('confirms with the bank reference, refusing a malformed one before sending', async () => {
    const calls = server({ [url('confirm')]: () => ok({ ...ROW, state: 'confirmed', orderStatus: 'paid', reference: 'BOC-0042' }) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm the transfer of 林怡君' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirm the transfer of 林怡君 (2027400002)')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Bank reference (optional)'), { target: { value: 'BOC 0042' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(await within(dialog).findByText('The bank reference may have 1 to 64 letters, digits, dots, dashes or underscores.')).toBeInTheDocument();
    expect(bodies(calls, 'confirm')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Bank reference (optional)'), { target: { value: 'BOC-0042' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(bodies(calls, 'confirm')).toEqual([{ receiptId: 11, reference: 'BOC-0042' }]));
    await waitFor(() => expect(bodies(calls, 'receipts').length).toBeGreaterThan(1));
  });

  it('rejects only with a reason, and shows the server’s refusal in the dialog', async () => {
    const calls = server({ [url('reject')]: () => fail(409, 'This receipt has already been confirmed or rejected.') });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject the receipt of 林怡君' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject receipt' }));
    expect(await within(dialog).findByText('Write the reason the applicant will read.')).toBeInTheDocument();
    expect(bodies(calls, 'reject')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason the applicant reads'), { target: { value: 'The slip shows HKD, not CNY.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject receipt' }));
    expect(await within(dialog).findByText('This receipt has already been confirmed or rejected.')).toBeInTheDocument();
    expect(bodies(calls, 'reject')).toEqual([{ receiptId: 11, reason: 'The slip shows HKD, not CNY.' }]);
  });

  it('shows decided receipts with who decided and why, without actions', async () => {
    const rejected: OfflineReceiptRowView = { ...ROW, state: 'rejected', reason: 'The slip shows HKD, not CNY.', decidedAt: '2027-01-12T02:00:00.000Z', decidedBy: { loginName: 'admin', name: '周杰' } };
    server({ [url('receipts')]: () => ok({ ...LIST, rows: [rejected] }) });
    show();
    expect(await screen.findByText(/The slip shows HKD, not CNY\./)).toBeInTheDocument();
    expect(screen.getByText(/周杰/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Confirm the transfer/ })).toBeNull();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    server();
    show();
    expect(await screen.findByRole('heading', { level: 1, name: '银行转账缴费' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '确认 林怡君 的转账' })).toBeInTheDocument();
  });
});
