import { Alert, Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUniversityTime } from '@/lib/university-time';
import type { FormDetailView } from '@gradus/contract/doctor/form';
import { useCatalogue } from '../api/catalogue';
import { useSummaryPdf } from '../api/summaryPdf';
import { FormSummary } from '@/lib/ui/FormSummary';
import { PersonalCard } from '@/lib/ui/PersonalCard';

/**
 * The form read-only with its print button: after submission, in the registration-info query,
 * and once the registration period is over. `editLink` points a returned form back to the editor.
 */
export function SubmittedView({ detail, editLink = false, closed = false }: { detail: FormDetailView; editLink?: boolean; closed?: boolean }) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const pdf = useSummaryPdf();
  const { moment: when } = useUniversityTime();
  let notice;
  if (closed) {
    const title = detail.status === 'returned' && detail.returnedUntil ? t('form.returned.deadlinePassed', { time: when(detail.returnedUntil) }) : t('form.window.closed');
    notice = <Alert type="error" showIcon title={title} description={t('form.window.closedHint')} />;
  } else if (detail.status === 'submitted') {
    notice = <Alert type="success" showIcon title={t('form.submitted.title', { time: detail.submittedAt ? when(detail.submittedAt) : '' })} description={t('form.submitted.hint')} />;
  } else {
    notice = (
      <Alert
        type="warning"
        showIcon
        title={t('form.returned.title')}
        description={
          <>
            <p className="application-form__reason">{t('form.returned.reason', { reason: detail.returnReason ?? '' })}</p>
            {editLink && <Link to="/doctorRegister/doctorRegisterApply">{t('form.returned.goFix')}</Link>}
          </>
        }
      />
    );
  }
  return (
    <>
      <div className="application-form__notices">{notice}</div>
      {detail.status !== 'none' && (
        <div className="application-form__actions application-form__actions--top">
          <Button type="primary" icon={<PrinterOutlined aria-hidden />} loading={pdf.isPending} onClick={() => pdf.mutate()}>
            {t('form.print')}
          </Button>
        </div>
      )}
      <PersonalCard personal={detail.personal} />
      <FormSummary sections={detail.sections} catalogue={catalogue.data} reopened={detail.reopenedSections} />
    </>
  );
}
