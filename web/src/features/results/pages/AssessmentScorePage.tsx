import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/PageFrame';
import { ScoreCard } from '../components/ScoreCard';

/** scoreQuery/showAssessmentScore: the comprehensive assessment and, once published, the final score (spec 2). */
export default function AssessmentScorePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('menu.scoreQuery.assessment')} lead={t('results.lead.assessmentScore')}>
      <div className="results__stack">
        <ScoreCard kind="assessment" />
        <ScoreCard kind="final" />
      </div>
    </PageFrame>
  );
}
