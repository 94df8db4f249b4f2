import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Grid, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RECHECK_REASON_MAX, type RecheckKind, type RecheckView } from '@gradus/contract/api/score-rechecks';
import { useUniversityTime } from '@/lib/university-time';
import { useRecheck, useRequestRecheck } from '../api/recheck';

function Answered({ request }: { request: RecheckView }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  // On a phone the labels go above their values, as in the score's breakdown.
  const wide = Grid.useBreakpoint().sm ?? true;
  return (
    <Descriptions
      className="results__recheck-answer"
      column={1}
      size="small"
      bordered
      layout={wide ? 'horizontal' : 'vertical'}
      items={[
        { key: 'state', label: t('results.recheck.state'), children: t(`results.recheck.stateName.${request.state}`) },
        { key: 'reason', label: t('results.recheck.yourReason'), children: request.reason },
        { key: 'asked', label: t('results.recheck.requestedAt'), children: time.moment(request.requestedAt) },
        ...(request.state === 'answered'
          ? [
              { key: 'outcome', label: t('results.recheck.outcome'), children: request.outcome === 'corrected' ? t('results.recheck.corrected', { old: request.oldScore, score: request.newScore ?? '' }) : t('results.recheck.unchanged', { score: request.oldScore }) },
              { key: 'answer', label: t('results.recheck.answer'), children: request.answer },
              { key: 'answeredAt', label: t('results.recheck.answeredAt'), children: time.moment(request.answeredAt ?? request.requestedAt) },
            ]
          : []),
      ]}
    />
  );
}

/**
 * Below a released component score: the re-check (复核) the applicant may ask for once, with a
 * reason, while the office's window is open, then its state and the office's answer. Nothing shows
 * before the score is released; the server refuses what the page does not offer.
 */
export function RecheckPanel({ kind }: { kind: RecheckKind }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const status = useRecheck(kind);
  const ask = useRequestRecheck(kind);
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState(false);
  const view = status.data;
  if (!view || !view.published || !view.hasScore) return null;
  const window = view.window.opensAt && view.window.closesAt ? t('results.recheck.window', { opens: time.plain(view.window.opensAt), closes: time.plain(view.window.closesAt) }) : null;
  const trimmed = reason.trim();
  return (
    <section className="results__recheck" aria-label={t('results.recheck.title')}>
      <Typography.Title level={5}>{t('results.recheck.title')}</Typography.Title>
      {view.request ? (
        <Answered request={view.request} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {window ? `${time.labelled(window)} ${view.open ? '' : t('results.recheck.notOpen')}`.trim() : t('results.recheck.noWindow')}
          </Typography.Paragraph>
          {view.canRequest && !open && <Button onClick={() => setOpen(true)}>{t('results.recheck.request')}</Button>}
          {view.canRequest && open && (
            <Form
              layout="vertical"
              onFinish={() => {
                if (trimmed) ask.mutate({ kind, reason: trimmed });
              }}
            >
              <Form.Item label={t('results.recheck.reason')} htmlFor={`recheck-reason-${kind}`} extra={t('results.recheck.reasonHint', { max: RECHECK_REASON_MAX })}>
                <Input.TextArea id={`recheck-reason-${kind}`} value={reason} maxLength={RECHECK_REASON_MAX} showCount rows={3} onChange={(e) => setReason(e.target.value)} />
              </Form.Item>
              {ask.isError && <Alert className="results__recheck-error" type="error" showIcon title={ask.error.message} />}
              <Button type="primary" htmlType="submit" disabled={!trimmed} loading={ask.isPending}>
                {t('results.recheck.send')}
              </Button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}
