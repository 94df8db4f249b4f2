import { useTranslation } from 'react-i18next';
import { FeePayment } from '../components/FeePayment';
import '../payment.css';

/** payManage/pay: the doctoral application fee (the default payment scope). */
export default function PaymentPage() {
  const { t } = useTranslation();
  return (
    <div className="page payment">
      <h1 className="page__title">{t('menu.payManage.pay')}</h1>
      <p className="page__lead">{t('payment.lead')}</p>
      <FeePayment />
    </div>
  );
}
