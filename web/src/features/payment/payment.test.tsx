import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { download } from '@/lib/download';
import { changeLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/test/api';
import { Wrapper } from '@/test/render';
import { gatewayNavigation } from './api/checkout';
import PaymentPage from './pages/PaymentPage';
import PaymentRecordPage from './pages/PaymentRecordPage';

const P = '/mucgrs-service/doctor/payment';
const show = (page: ReactNode, path = '/payManage/pay') => render(<Wrapper path={path}>{page}</Wrapper>);

const PENDING: PaymentOrderView = {
  orderNo: 'AF20274F1C2B3A9D0E',
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
  bankTransfer: false,
};
const PAID: PaymentOrderView = { ...PENDING, status: 'paid', tradeNo: 'SBX0123456789ABCDEF0123', paidAt: '2027-01-10T02:05:00.000Z', canPay: false };

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('en');
});

describe('PaymentPage', () => {
  it('shows the fee, order number and status, explains that paying twice is impossible, and goes to the gateway', async () => {
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => {});
    const calls = mockApi({
      [`${P}/order`]: () => ok(PENDING),
      [`${P}/checkout`]: () => ok({ checkoutUrl: 'http://localhost:8080/sandbox-gateway/checkout?trade=SBX0123456789ABCDEF0123' }),
    });
    show(<PaymentPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay the fee' })).toBeInTheDocument();
    expect(await screen.findByTestId('payment-amount')).toHaveTextContent('200.00');
    expect(screen.getByTestId('payment-order-no')).toHaveTextContent('AF20274F1C2B3A9D0E');
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Awaiting payment');
    expect(screen.getByText('You cannot pay twice')).toBeInTheDocument();
    expect(screen.queryByText('Confirming your payment…')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost:8080/sandbox-gateway/checkout?trade=SBX0123456789ABCDEF0123'));
    expect(calls.find((c) => c.url === `${P}/checkout`)?.body).toEqual({ orderNo: 'AF20274F1C2B3A9D0E' });
  });

  it('a page the browser restores from its back/forward cache does not keep Pay now spinning', async () => {
    vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => {});
    mockApi({
      [`${P}/order`]: () => ok(PENDING),
      [`${P}/checkout`]: () => ok({ checkoutUrl: 'http://localhost:8080/sandbox-gateway/checkout?trade=SBX0123456789ABCDEF0123' }),
    });
    show(<PaymentPage />);
    const button = await screen.findByRole('button', { name: 'Pay now' });
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
    // A plain pageshow (the first load) changes nothing; a restored page starts over.
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(button).toHaveClass('ant-btn-loading');
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay now' })).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it('refuses to follow a gateway address that is not http(s)', () => {
    expect(() => gatewayNavigation.go('javascript:alert(1)')).toThrow();
  });

  it('on return from the gateway says it is confirming, polls the query until paid, then offers the receipt', async () => {
    let queries = 0;
    mockApi({
      [`${P}/order`]: () => ok(PENDING),
      [`${P}/query`]: () => ok(++queries < 2 ? PENDING : PAID),
    });
    show(<PaymentPage />, `/payManage/pay?orderNo=${PENDING.orderNo}`);
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(await screen.findByText('Your application fee is paid', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(queries).toBe(2);
    expect(screen.getByRole('button', { name: /Download receipt/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('after a cancel on the gateway says nothing was charged and does not poll', async () => {
    const calls = mockApi({ [`${P}/order`]: () => ok(PENDING) });
    show(<PaymentPage />, `/payManage/pay?orderNo=${PENDING.orderNo}&payResult=cancelled`);
    expect(await screen.findByText('The payment was cancelled and nothing was charged. You can pay whenever you are ready.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === `${P}/query`)).toBe(false);
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it('refresh status asks the gateway by hand and says when nothing has arrived', async () => {
    const calls = mockApi({ [`${P}/order`]: () => ok(PENDING), [`${P}/query`]: () => ok(PENDING) });
    show(<PaymentPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Refresh status/ }));
    expect(await screen.findByText('The payment platform has not received a payment for this order yet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === `${P}/query`).map((c) => c.body)).toEqual([{ orderNo: PENDING.orderNo }]);
  });

  it('a paid order shows success and downloads the receipt', async () => {
    const open = vi.spyOn(download, 'open').mockReturnValue(true);
    const calls = mockApi({
      [`${P}/order`]: () => ok(PAID),
      [`${P}/receipt`]: () => ({ data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), headers: { 'content-type': 'application/pdf' } }),
    });
    show(<PaymentPage />);
    expect(await screen.findByText('Your application fee is paid')).toBeInTheDocument();
    expect(screen.getByText('SBX0123456789ABCDEF0123')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Download receipt/ }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.url === `${P}/receipt`)?.body).toEqual({ orderNo: PAID.orderNo });
  });

  it('when the payment period is closed, Pay now is disabled and says why', async () => {
    mockApi({ [`${P}/order`]: () => ok({ ...PENDING, canPay: false }) });
    show(<PaymentPage />);
    expect(await screen.findByText('The payment period has closed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeDisabled();
  });

  it("shows the server's reason when the order cannot be made, with a retry", async () => {
    mockApi({ [`${P}/order`]: () => fail(409, 'The application fee has not been set yet.') });
    show(<PaymentPage />);
    expect(await screen.findByText('Your payment could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The application fee has not been set yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    mockApi({ [`${P}/order`]: () => ok(PENDING) });
    show(<PaymentPage />);
    expect(await screen.findByRole('button', { name: '立即支付' })).toBeInTheDocument();
    expect(screen.getByText('待支付')).toBeInTheDocument();
    expect(screen.getByText('不会重复缴费')).toBeInTheDocument();
  });
});

describe('PaymentRecordPage', () => {
  it('lists the orders with the receipt of a paid one', async () => {
    mockApi({ [`${P}/orders`]: () => ok([PAID]) });
    show(<PaymentRecordPage />, '/partInfo/payInfo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fee payment' })).toBeInTheDocument();
    expect(await screen.findByTestId('payment-status')).toHaveTextContent('Paid');
    expect(screen.getByRole('button', { name: /Download receipt/ })).toBeInTheDocument();
  });

  it('says when there is nothing yet and leads to the payment page', async () => {
    mockApi({ [`${P}/orders`]: () => ok([]) });
    show(<PaymentRecordPage />, '/partInfo/payInfo');
    expect(await screen.findByText('You have not started paying the application fee yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(document.querySelector('[data-testid="location"]')?.textContent).toBe('/payManage/pay'));
  });
});
