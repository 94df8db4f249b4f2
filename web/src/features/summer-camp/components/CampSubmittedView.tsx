import { useTranslation } from 'react-i18next';
import type { CampFormDetailView } from '@gradus/contract/summer-camp/form';
import { CampSummary } from '@/lib/camp/CampSummary';
import { SubmittedForm } from '@/lib/form/SubmittedForm';
import { useCampCatalogue } from '../api/catalogue';

/** The camp form read-only: once submitted, or once its window (or a return's deadline) has passed. */
export function CampSubmittedView({ detail, closed = false }: { detail: CampFormDetailView; closed?: boolean }) {
  const { t } = useTranslation();
  const catalogue = useCampCatalogue();
  return (
    <SubmittedForm detail={detail} closed={closed} texts={{ closed: t('camp.window.closed'), submittedHint: t('camp.submitted.hint') }}>
      <CampSummary sections={detail.sections} catalogue={catalogue.data} reopened={detail.reopenedSections} />
    </SubmittedForm>
  );
}
