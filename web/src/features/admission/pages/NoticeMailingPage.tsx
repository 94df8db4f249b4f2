import { useTranslation } from 'react-i18next';
import { AdmissionForm } from '../components/AdmissionForm';
import { AdmissionShell } from '../components/AdmissionShell';
import { TrackingField } from '../components/TrackingField';
import { NOTICE_FIELDS } from '../fields';

/** /Admission/noticeInformation: where the admission notice is posted, and its tracking number once posted. */
export default function NoticeMailingPage() {
  const { t } = useTranslation();
  return (
    <AdmissionShell kind="notice" title={t('menu.admission.notice')} lead={t('admission.notice.lead')}>
      {(detail) => <AdmissionForm kind="notice" detail={detail} fields={NOTICE_FIELDS} extra={<TrackingField detail={detail} />} />}
    </AdmissionShell>
  );
}
