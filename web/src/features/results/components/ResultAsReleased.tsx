import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultAsReleased } from '@gradus/contract/api/staff-releases';
import { CampResultCard } from '@/lib/camp/CampResultCard';
import { InterviewResult } from '@/lib/tuimian/InterviewResult';
import { ReviewOutcome } from './ReviewResultPage';
import { ScoreResult } from './ScoreCard';
import { TicketResult } from './TicketPage';

/** A confirmed camper without a recorded result: their page shows no camp result at all. */
function NoCampResult() {
  const { t } = useTranslation();
  return <Result status="info" title={t('releases.viewAs.noCampResult')} subTitle={t('releases.viewAs.noCampResultHint')} />;
}

/**
 * A result exactly as the applicant's own page will show it once released: the office's "view as
 * applicant" (staff/releases). The ticket is shown without the applicant's own PDF download.
 */
export function ResultAsReleasedView({ result }: { result: ResultAsReleased }) {
  switch (result.kind) {
    case 'review':
      return <ReviewOutcome stage={result.stage} result={result.view} />;
    case 'ticket':
      return <TicketResult kind={result.ticketKind} result={result.view} preview />;
    case 'score':
      return <ScoreResult result={result.view} />;
    case 'campResult':
      return result.view ? <CampResultCard result={result.view} /> : <NoCampResult />;
    case 'tmsInterview':
      return <InterviewResult outcome={result.outcome} />;
  }
}
