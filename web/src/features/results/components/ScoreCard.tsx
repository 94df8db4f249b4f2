import { Card, Descriptions, Grid, Result, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScoreKind } from '@gradus/contract/doctor/journey';
import type { ScoreResultView, ScoreView } from '@gradus/contract/doctor/results';
import { useScore } from '../api/score';
import { NotPublished } from './NotPublished';
import { RecheckPanel } from './RecheckPanel';
import { QueryBody } from './PageFrame';
import { useFormat } from './useFormat';

function Score({ score }: { score: ScoreView }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const wide = Grid.useBreakpoint().sm ?? true;
  return (
    <>
      {/* Shown as recorded: the score is exact decimal text, never reformatted as a float. */}
      <Statistic title={t('results.score.yours')} value={score.score} formatter={(value) => String(value)} suffix={t('results.score.outOf', { max: score.maxScore })} />
      {score.detail.length > 0 && (
        <Descriptions
          className="results__detail"
          title={t('results.score.detail')}
          column={1}
          bordered
          size="small"
          layout={wide ? 'horizontal' : 'vertical'}
          items={score.detail.map((row, i) => ({
            key: String(i),
            label: row.item,
            children: row.max ? t('results.score.rowOutOf', { score: row.score, max: row.max }) : row.score,
          }))}
        />
      )}
      {score.remark && (
        <div className="results__remark">
          <Typography.Text strong>{t('results.score.remark')}</Typography.Text>
          <Typography.Paragraph className="results__notes-text">{score.remark}</Typography.Paragraph>
        </div>
      )}
      <Typography.Text type="secondary">{t('results.score.recordedAt', { date: date(score.recordedAt) })}</Typography.Text>
    </>
  );
}

/** A score's result as the applicant reads it: not published, none recorded, or the score (their card, and the office's "view as applicant"). */
export function ScoreResult({ result }: { result: ScoreResultView }) {
  const { t } = useTranslation();
  if (!result.published) return <NotPublished />;
  if (!result.score) return <Result status="info" title={t('results.score.none')} subTitle={t('results.score.noneHint')} />;
  return <Score score={result.score} />;
}

/** One kind of score in its own card: each kind is published on its own. */
export function ScoreCard({ kind }: { kind: ScoreKind }) {
  const { t } = useTranslation();
  const query = useScore(kind);
  return (
    <Card className="results__card" title={t(`results.score.kind.${kind}`)}>
      <QueryBody query={query}>{(result) => <ScoreResult result={result} />}</QueryBody>
      {/* The final score is computed from the others: a re-check is asked of one of them. */}
      {kind !== 'final' && <RecheckPanel kind={kind} />}
    </Card>
  );
}
