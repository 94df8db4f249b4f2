import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/PageFrame';
import { ScoreCard } from '../components/ScoreCard';

/** scoreQuery/showFinalScore: the final score. */
export default function FinalScorePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('menu.scoreQuery.final')} lead={t('results.lead.finalScore')}>
      <ScoreCard kind="final" />
    </PageFrame>
  );
}
