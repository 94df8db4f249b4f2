import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { OrderDetails } from './OrderDetails';
import { ReceiptButton } from './ReceiptButton';

/** The applicant's orders, a paid one with its receipt; `goPay`, where given, leads an unpaid one to the fee page. */
export function OrderList({ orders, goPay }: { orders: readonly PaymentOrderView[]; goPay?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="payment__stack">
      {orders.map((order) => (
        <Card key={order.orderNo} className="payment__card">
          <OrderDetails order={order} />
          {order.status === 'paid' ? (
            <ReceiptButton orderNo={order.orderNo} />
          ) : (
            goPay && (
              <div className="payment__actions">
                <Button type="primary" onClick={goPay}>
                  {t('payment.record.goPay')}
                </Button>
              </div>
            )
          )}
        </Card>
      ))}
    </div>
  );
}
