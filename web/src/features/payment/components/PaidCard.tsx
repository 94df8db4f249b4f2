import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { OrderDetails } from './OrderDetails';
import { ReceiptButton } from './ReceiptButton';
import { useFormat } from './useFormat';

/** The fee is paid: what was received and when, and the receipt. */
export function PaidCard({ order }: { order: PaymentOrderView }) {
  const { t } = useTranslation();
  const { money, dateTime } = useFormat();
  return (
    <Card className="payment__card">
      <Result
        className="payment__result"
        status="success"
        title={t('payment.paid.title')}
        subTitle={t('payment.paid.subTitle', { amount: money(order.amountCents, order.currency), date: dateTime(order.paidAt) })}
      />
      <OrderDetails order={order} />
      <ReceiptButton orderNo={order.orderNo} />
    </Card>
  );
}
