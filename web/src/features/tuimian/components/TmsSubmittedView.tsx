import { useTranslation } from 'react-i18next';
import type { TmsFormDetailView } from '@gradus/contract/tuimian/form';
import { SubmittedForm } from '@/lib/form/SubmittedForm';
import { TmsSummary } from '@/lib/tuimian/TmsSummary';
import { useTmsCatalogue } from '../api/catalogue';

/** The tuimian form read-only: once submitted, or once its window (or a return's deadline) has passed. */
export function TmsSubmittedView({ detail, closed = false }: { detail: TmsFormDetailView; closed?: boolean }) {
  const { t } = useTranslation();
  const catalogue = useTmsCatalogue();
  return (
    <SubmittedForm detail={detail} closed={closed} texts={{ closed: t('tms.window.closed'), submittedHint: t('tms.submitted.hint') }}>
      <TmsSummary sections={detail.sections} catalogue={catalogue.data} reopened={detail.reopenedSections} />
    </SubmittedForm>
  );
}
