import type { ResultAsReleased } from '@gradus/contract/api/staff-releases';
import { ReviewOutcome } from './ReviewResultPage';
import { ScoreResult } from './ScoreCard';
import { TicketResult } from './TicketPage';

/**
 * A result exactly as the applicant's own page will show it once released: the office's "view as
 * applicant" (staff/releases). The ticket is shown without the applicant's own PDF download.
 */
export function ResultAsReleasedView({ result }: { result: ResultAsReleased }) {
  if (result.kind === 'review') return <ReviewOutcome stage={result.stage} result={result.view} />;
  if (result.kind === 'ticket') return <TicketResult kind={result.ticketKind} result={result.view} preview />;
  return <ScoreResult result={result.view} />;
}
