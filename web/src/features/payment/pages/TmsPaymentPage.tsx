import { useTranslation } from 'react-i18next';
import { FeePayment } from '../components/FeePayment';
import { OrderRecords } from '../components/OrderRecords';
import { PaymentScopeProvider, TMS_PAYMENT } from '../scope';
import '../payment.css';

/**
 * recommendedStudentShowPayInfo: the tuimian application fee, paid exactly as the doctoral one
 * through the tms calls. Its menu has this one entry, so the page is the payment and the record
 * together: earlier orders follow the current one when there are any.
 */
export default function TmsPaymentPage() {
  const { t } = useTranslation();
  return (
    <PaymentScopeProvider scope={TMS_PAYMENT}>
      <div className="page payment">
        <h1 className="page__title">{t('menu.recommendedStudentInfoQuery.payInfo')}</h1>
        <p className="page__lead">{t('payment.tms.lead')}</p>
        <FeePayment />
        <OrderRecords />
      </div>
    </PaymentScopeProvider>
  );
}
