import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/PageFrame';
import { ScoreCard } from '../components/ScoreCard';

/** scoreQuery/showEnScore: the foreign-language exam score. */
export default function LanguageScorePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('menu.scoreQuery.language')} lead={t('results.lead.languageScore')}>
      <ScoreCard kind="language" />
    </PageFrame>
  );
}
