import { useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { CampResultCard } from '@/lib/camp/CampResultCard';
import { QueryState } from '@/lib/ui/QueryState';
import { useCampQualification } from '../api/qualification';
import { CampFacts } from '../components/CampFacts';
import { QualificationStatus } from '../components/QualificationStatus';
import '@/lib/ui/info-page.css';
import '../camp-qualification.css';

/** Said on every state (the camp result says it in its own words): a camp place counts for nothing by itself. */
function NotAnAdmission() {
  const { t } = useTranslation();
  return <Alert type="info" showIcon title={t('campQualification.note.title')} description={t('campQualification.note.body')} />;
}

/**
 * summerCampQualification/index (issue #11): where the camper's camp application stands and their
 * place: an offer to confirm or decline by its deadline (counted down by the server's clock), a
 * confirmed place's camp-entry notice, a decline to undo where the camp allows it, a position on
 * the waiting list; once released, the camp's result first of all. Every button follows the server's
 * flags; a refusal is shown and the place read again.
 */
export default function CampQualificationPage() {
  const { t } = useTranslation();
  const query = useCampQualification();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="page info-page camp-qualification">
      <h1 className="page__title">{t('menu.summerCampQualification')}</h1>
      <p className="page__lead">{t('campQualification.lead')}</p>
      <QueryState query={query} texts={{ loading: t('campQualification.loading'), refused: t('campQualification.refused'), loadFailed: t('campQualification.loadFailed') }}>
        {(view) => (
          <>
            {problem && <Alert type="error" showIcon title={problem} description={t('campQualification.refreshed')} closable onClose={() => setProblem(null)} />}
            {view.result && <CampResultCard result={view.result} />}
            <QualificationStatus view={view} offset={Date.parse(view.now) - query.dataUpdatedAt} onProblem={setProblem} onElapsed={() => void query.refetch()} />
            <CampFacts view={view} />
            {!view.result && <NotAnAdmission />}
          </>
        )}
      </QueryState>
    </div>
  );
}
