import { Button, Card, Empty } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOrders } from '../api/orders';
import { LoadState } from '../components/LoadState';
import { OrderList } from '../components/OrderList';
import { usePaymentScope } from '../scope';
import '../payment.css';

/** partInfo/payInfo: the applicant's fee orders of this cycle, with the receipt of a paid one. */
export default function PaymentRecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { payPath } = usePaymentScope();
  const orders = useOrders();
  const goPay = () => void navigate(payPath);
  return (
    <div className="page payment">
      <h1 className="page__title">{t('menu.partInfo.payInfo')}</h1>
      <p className="page__lead">{t('payment.record.lead')}</p>
      {!orders.data ? (
        <LoadState pending={orders.isPending} error={orders.error} retry={orders.refetch} />
      ) : orders.data.length === 0 ? (
        <Card className="payment__card">
          <Empty description={t('payment.record.empty')}>
            <Button type="primary" onClick={goPay}>
              {t('payment.record.goPay')}
            </Button>
          </Empty>
        </Card>
      ) : (
        <OrderList orders={orders.data} goPay={goPay} />
      )}
    </div>
  );
}
