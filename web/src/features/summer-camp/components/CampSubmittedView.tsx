import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampFormDetailView } from '@gradus/contract/summer-camp/form';
import { useUniversityTime } from '@/lib/university-time';
import { PersonalCard } from '@/lib/ui/PersonalCard';
import { useCampCatalogue } from '../api/catalogue';
import { CampSummary } from './CampSummary';

/** The camp form read-only: once submitted, or once its window (or a return's deadline) has passed. */
export function CampSubmittedView({ detail, closed = false }: { detail: CampFormDetailView; closed?: boolean }) {
  const { t } = useTranslation();
  const catalogue = useCampCatalogue();
  const { moment: when } = useUniversityTime();
  let notice;
  if (closed) {
    const title = detail.status === 'returned' && detail.returnedUntil ? t('form.returned.deadlinePassed', { time: when(detail.returnedUntil) }) : t('camp.window.closed');
    notice = <Alert type="error" showIcon title={title} description={t('form.window.closedHint')} />;
  } else {
    notice = <Alert type="success" showIcon title={t('form.submitted.title', { time: detail.submittedAt ? when(detail.submittedAt) : '' })} description={t('camp.submitted.hint')} />;
  }
  return (
    <>
      <div className="application-form__notices">{notice}</div>
      <PersonalCard personal={detail.personal} />
      <CampSummary sections={detail.sections} catalogue={catalogue.data} reopened={detail.reopenedSections} />
    </>
  );
}
