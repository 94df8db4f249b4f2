import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/PageFrame';
import { ScoreCard } from '../components/ScoreCard';

/** scoreQuery/showMaterialScore: the material review total. */
export default function MaterialScorePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('menu.scoreQuery.material')} lead={t('results.lead.materialScore')}>
      <ScoreCard kind="material" />
    </PageFrame>
  );
}
