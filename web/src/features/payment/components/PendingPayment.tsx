import { ReloadOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { Alert, Button, Card, Grid, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { useBankTransfer } from '../api/bankTransfer';
import { useCheckout } from '../api/checkout';
import { useConfirmation, useRefreshStatus } from '../api/queryOrder';
import { BankTransferSection } from './BankTransferSection';
import { OrderDetails } from './OrderDetails';
import { useFormat } from './useFormat';

/**
 * After the return from the gateway: "confirming" while the page polls, then (if the gateway is
 * slow) a calm explanation; the card's Refresh status button asks again by hand.
 */
function Confirmation({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const { confirming } = useConfirmation(orderNo);
  if (confirming) {
    return <Alert type="info" showIcon icon={<Spin size="small" />} title={t('payment.confirming.title')} description={t('payment.confirming.hint')} role="status" />;
  }
  return <Alert type="warning" showIcon title={t('payment.unconfirmed.title')} description={t('payment.unconfirmed.hint')} />;
}

/** An order still to pay: Pay now (the gateway, this tab), Refresh status, and the bank transfer where offered. */
export function PendingPayment({ order, returning, cancelled }: { order: PaymentOrderView; returning: boolean; cancelled: boolean }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const pay = useCheckout();
  const { reset: resetPay } = pay;
  const refresh = useRefreshStatus();
  // Going to the gateway leaves "Pay now" spinning on purpose (the tab is about to navigate). If
  // the browser's Back button then restores this page from its back/forward cache, it comes back
  // exactly so: the button would spin for ever. A restored page starts over.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) resetPay();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [resetPay]);
  const wide = Grid.useBreakpoint().sm ?? true;
  // A bank-transfer receipt waiting for the office: paying online as well could charge twice (the server refuses it too).
  const transfer = useBankTransfer(order.bankTransfer);
  const receiptWaiting = transfer.data?.receipts.some((r) => r.state === 'submitted') ?? false;
  return (
    <div className="payment__stack">
      {returning && !cancelled && <Confirmation orderNo={order.orderNo} />}
      {cancelled && <Alert type="info" showIcon title={t('payment.cancelled')} />}
      {refresh.data?.status === 'pending' && !refresh.isPending && <Alert type="info" showIcon title={t('payment.stillPending')} />}
      {order.bankTransfer && <h2 className="payment__heading">{t('payment.online.title')}</h2>}
      <Card className="payment__card">
        <OrderDetails order={order} />
        {order.canPay ? (
          order.payBefore && <p className="payment__deadline">{t('payment.payBefore', { date: dateTime(order.payBefore) })}</p>
        ) : (
          <Alert className="payment__closed" type="warning" showIcon title={t('payment.closed')} />
        )}
        {receiptWaiting && <Alert className="payment__closed" type="info" showIcon title={t('payment.online.receiptWaiting')} />}
        <div className="payment__actions">
          <Button type="primary" size="large" block={!wide} disabled={!order.canPay || receiptWaiting} loading={pay.isPending || pay.isSuccess} onClick={() => pay.mutate(order.orderNo)}>
            {t('payment.payNow')}
          </Button>
          <Button icon={<ReloadOutlined aria-hidden />} block={!wide} loading={refresh.isPending} onClick={() => refresh.mutate(order.orderNo)}>
            {t('payment.refresh')}
          </Button>
        </div>
      </Card>
      <Alert type="info" showIcon title={t('payment.onceOnly.title')} description={t('payment.onceOnly.text')} />
      {order.bankTransfer && <BankTransferSection />}
    </div>
  );
}
