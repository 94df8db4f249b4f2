import { Button, Card, Empty } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOrders } from '../api/orders';
import { LoadState } from '../components/LoadState';
import { OrderDetails } from '../components/OrderDetails';
import { ReceiptButton } from '../components/ReceiptButton';
import '../payment.css';

/** partInfo/payInfo: the applicant's fee orders of this cycle, with the receipt of a paid one. */
export default function PaymentRecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orders = useOrders();
  return (
    <div className="page payment">
      <h1 className="page__title">{t('menu.partInfo.payInfo')}</h1>
      <p className="page__lead">{t('payment.record.lead')}</p>
      {!orders.data ? (
        <LoadState pending={orders.isPending} error={orders.error} retry={orders.refetch} />
      ) : orders.data.length === 0 ? (
        <Card className="payment__card">
          <Empty description={t('payment.record.empty')}>
            <Button type="primary" onClick={() => navigate('/payManage/pay')}>
              {t('payment.record.goPay')}
            </Button>
          </Empty>
        </Card>
      ) : (
        <div className="payment__stack">
          {orders.data.map((order) => (
            <Card key={order.orderNo} className="payment__card">
              <OrderDetails order={order} />
              {order.status === 'paid' ? (
                <ReceiptButton orderNo={order.orderNo} />
              ) : (
                <div className="payment__actions">
                  <Button type="primary" onClick={() => navigate('/payManage/pay')}>
                    {t('payment.record.goPay')}
                  </Button>
                </div>
              )}
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
