import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultStage, ReviewResultView } from '@gradus/contract/doctor/results';
import { useReviewResult } from '../api/reviewResult';
import { NotPublished } from './NotPublished';
import { PageFrame, QueryBody } from './PageFrame';
import { useFormat } from './useFormat';

/** A review stage's result as the applicant reads it (their page, and the office's "view as applicant"). */
export function ReviewOutcome({ stage, result }: { stage: ResultStage; result: ReviewResultView }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  if (!result.published) return <NotPublished />;
  if (result.outcome === null) {
    return <Result status="info" title={t('results.review.undecided')} subTitle={t('results.review.undecidedHint')} />;
  }
  const decided = result.decidedAt ? <Typography.Text type="secondary">{t('results.review.decidedAt', { date: date(result.decidedAt) })}</Typography.Text> : null;
  if (result.outcome === 'pass') {
    return <Result status="success" title={t('results.review.pass')} subTitle={t(`results.review.next.${stage}`)} extra={decided} />;
  }
  return (
    <Result status="warning" title={t('results.review.fail')} subTitle={t('results.review.failHint')} extra={decided}>
      <div className="results__reason">
        <Typography.Text strong>{t('results.review.reason')}</Typography.Text>
        <Typography.Paragraph className="results__reason-text">{result.reason || t('results.review.noReason')}</Typography.Paragraph>
      </div>
    </Result>
  );
}

/** One review stage's published result: pass, fail with its reason, or not yet published. */
export function ReviewResultPage({ stage }: { stage: ResultStage }) {
  const { t } = useTranslation();
  const query = useReviewResult(stage);
  return (
    <PageFrame title={t(`menu.partInfo.${stage}`)} lead={t(`results.lead.${stage}`)}>
      <QueryBody query={query}>{(result) => <ReviewOutcome stage={stage} result={result} />}</QueryBody>
    </PageFrame>
  );
}
