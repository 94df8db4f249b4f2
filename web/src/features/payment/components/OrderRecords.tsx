import { useTranslation } from 'react-i18next';
import { useFeeOrder } from '../api/feeOrder';
import { useOrders } from '../api/orders';
import { OrderList } from './OrderList';

/**
 * The record below the fee (for a journey whose menu has no record page of its own): shown only
 * when it says more than the card above, that is when there is an order besides the current one.
 * It has no "Go to payment": the current order's card above is where one pays.
 */
export function OrderRecords() {
  const { t } = useTranslation();
  const current = useFeeOrder().data;
  const orders = useOrders().data;
  if (!current || !orders || !orders.some((o) => o.orderNo !== current.orderNo)) return null;
  return (
    <section aria-labelledby="payment-records" className="payment__records">
      <h2 id="payment-records" className="payment__heading">
        {t('payment.tms.records')}
      </h2>
      <p>{t('payment.record.lead')}</p>
      <OrderList orders={orders} />
    </section>
  );
}
