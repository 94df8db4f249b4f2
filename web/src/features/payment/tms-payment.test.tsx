import { afterEach, describe, expect, it, vi } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { download } from '@/lib/download';
import { changeLanguage } from '@/lib/i18n';
import { menuPagePath } from '@/lib/menu-path';
import { post } from '@/lib/request';
import { mockApi, ok } from '@/test/api';
import { Wrapper } from '@/test/render';
import { gatewayNavigation } from './api/checkout';
import { POLL_LIMIT, POLL_MS } from './api/queryOrder';
import TmsPaymentPage from './pages/TmsPaymentPage';

const P = '/mucgrs-service/tms/payment';
const PAGE = menuPagePath('recommendedStudent/showPayInfo');
const show = (path = PAGE) => render(<Wrapper path={path}><TmsPaymentPage /></Wrapper>);

/** Stands for the tuimian information query (features/tuimian keeps its queries under 'tms'). */
function TmsProgressProbe() {
  useQuery({ queryKey: ['tms', 'application', 'progress'], queryFn: () => post('/mucgrs-service/tms/application/progress') });
  return null;
}

const PENDING: PaymentOrderView = {
  orderNo: 'AF2027TM5C2B3A9D0E',
  purpose: 'applicationFee',
  amountCents: 15000,
  amount: '150.00',
  currency: 'CNY',
  status: 'pending',
  provider: 'sandbox',
  tradeNo: null,
  paidAt: null,
  createdAt: '2026-09-20T02:00:00.000Z',
  canPay: true,
  payBefore: '2026-10-10T15:59:59.000Z',
  bankTransfer: false,
};
const PAID: PaymentOrderView = { ...PENDING, status: 'paid', tradeNo: 'SBX00TMS456789ABCDEF0123', paidAt: '2026-09-20T02:05:00.000Z', canPay: false };
const EARLIER: PaymentOrderView = { ...PENDING, orderNo: 'AF2027TM000000000A', status: 'closed', canPay: false, createdAt: '2026-09-01T02:00:00.000Z' };

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

describe('TmsPaymentPage', () => {
  it('is the tuimian fee page, whose gateway return address is the menu route', () => {
    expect(PAGE).toBe('/recommendedStudentInfoQuery/recommendedStudentShowPayInfo');
  });

  it('shows the tuimian fee from the tms calls and pays it through the tms checkout', async () => {
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => {});
    const calls = mockApi({
      [`${P}/order`]: () => ok(PENDING),
      [`${P}/orders`]: () => ok([PENDING]),
      [`${P}/checkout`]: () => ok({ checkoutUrl: 'http://localhost:8080/sandbox-gateway/checkout?trade=SBX00TMS456789ABCDEF0123' }),
    });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fee payment' })).toBeInTheDocument();
    expect(screen.getByText(/is not refunded once paid/)).toBeInTheDocument();
    expect(await screen.findByTestId('payment-amount')).toHaveTextContent('150.00');
    expect(screen.getByText('Recommended-exempt (tuimian) application fee')).toBeInTheDocument();
    expect(screen.getByTestId('payment-order-no')).toHaveTextContent(PENDING.orderNo);
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost:8080/sandbox-gateway/checkout?trade=SBX00TMS456789ABCDEF0123'));
    expect(calls.find((c) => c.url === `${P}/checkout`)?.body).toEqual({ orderNo: PENDING.orderNo });
    // Only the tms calls: nothing of the doctoral journey.
    expect(calls.map((c) => c.url).filter((u) => !u.startsWith(`${P}/`))).toEqual([]);
    // The current order alone: no record below it.
    expect(screen.queryByRole('heading', { name: 'Payment record' })).toBeNull();
  });

  it('after a gateway return that stays pending says it is not confirmed yet, and Refresh status asks the tms query again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let queries = 0;
    mockApi({
      [`${P}/order`]: () => ok(PENDING),
      [`${P}/orders`]: () => ok([PENDING]),
      [`${P}/query`]: () => (queries++, ok(PENDING)),
    });
    show(`${PAGE}?orderNo=${PENDING.orderNo}`);
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    for (let i = 0; i < POLL_LIMIT && queries < POLL_LIMIT; i++) await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(await screen.findByText('Your payment is not confirmed yet')).toBeInTheDocument();
    expect(queries).toBe(POLL_LIMIT);
    fireEvent.click(screen.getByRole('button', { name: /Refresh status/ }));
    expect(await screen.findByText('The payment platform has not received a payment for this order yet.')).toBeInTheDocument();
    expect(queries).toBe(POLL_LIMIT + 1);
  });

  it('a confirmed return shows the paid card and reads the record and the tuimian information again', async () => {
    let orderLists = 0;
    let progressReads = 0;
    mockApi({
      [`${P}/order`]: () => ok(PENDING),
      [`${P}/orders`]: () => (orderLists++, ok([PAID])),
      [`${P}/query`]: () => ok(PAID),
      '/mucgrs-service/tms/application/progress': () => (progressReads++, ok({})),
    });
    render(
      <Wrapper path={`${PAGE}?orderNo=${PENDING.orderNo}`}>
        <TmsPaymentPage />
        <TmsProgressProbe />
      </Wrapper>,
    );
    expect(await screen.findByText('Your application fee is paid')).toBeInTheDocument();
    await waitFor(() => expect(orderLists).toBe(2));
    await waitFor(() => expect(progressReads).toBe(2));
  });

  it('a paid order shows success and downloads the receipt from the tms call', async () => {
    const open = vi.spyOn(download, 'open').mockReturnValue(true);
    const calls = mockApi({
      [`${P}/order`]: () => ok(PAID),
      [`${P}/orders`]: () => ok([PAID]),
      [`${P}/receipt`]: () => ({ data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), headers: { 'content-type': 'application/pdf' } }),
    });
    show();
    expect(await screen.findByText('Your application fee is paid')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Download receipt/ }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.url === `${P}/receipt`)?.body).toEqual({ orderNo: PAID.orderNo });
  });

  it('lists the orders below the fee when there is one besides the current', async () => {
    mockApi({ [`${P}/order`]: () => ok(PENDING), [`${P}/orders`]: () => ok([PENDING, EARLIER]) });
    show();
    const record = await screen.findByRole('region', { name: 'Payment record' });
    expect(within(record).getAllByTestId('payment-order-no').map((n) => n.textContent)).toEqual([PENDING.orderNo, EARLIER.orderNo]);
    expect(within(record).getByText('Closed')).toBeInTheDocument();
    // One pays on the card above, not from the record.
    expect(within(record).queryByRole('button', { name: 'Go to payment' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Pay now' })).toHaveLength(1);
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    mockApi({ [`${P}/order`]: () => ok(PENDING), [`${P}/orders`]: () => ok([PENDING]) });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: '缴费信息' })).toBeInTheDocument();
    expect(await screen.findByText('推免生报名费')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即支付' })).toBeInTheDocument();
  });
});
