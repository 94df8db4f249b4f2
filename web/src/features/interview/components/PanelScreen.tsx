import { useState, type ReactNode } from 'react';
import { Alert, Button, Result, Spin, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PanelSessionView } from '@gradus/contract/api/staff-interview';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { useLock, usePanel } from '../api/interview';
import { usePanelChannel } from '../panel-channel';
import { useLocalName } from '@/lib/local-name';
import { useViewer } from '@/lib/viewer';
import { PanelScoreForm } from './PanelScoreForm';
import '../interview.css';

const STATUS_COLOURS = { notStarted: 'default', draft: 'gold', submitted: 'green' } as const;

/**
 * One session on the tablet: its panel view through the screen's channel, the applicant at `?at=`.
 * `back` leads to the member's sessions (the portal's page, or the link's list).
 */
export function PanelScreen({ sessionId, back }: { sessionId: number; back: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const panel = usePanel(useViewer(), sessionId);
  if (panel.error) {
    return (
      <main className="scores-review scores-review--centred">
        <Result status="warning" title={panel.error instanceof ReplyError ? panel.error.message : t('interview.failed')} extra={back} />
      </main>
    );
  }
  if (!panel.data) {
    return (
      <main className="scores-review scores-review--centred" aria-busy>
        <Spin size="large" />
      </main>
    );
  }
  const at = Math.min(Math.max(Number(params.get('at')) || 1, 1), panel.data.applicants.length);
  const go = (position: number) =>
    setParams(
      (p) => {
        p.set('at', String(position));
        return p;
      },
      { replace: true },
    );
  return <SessionScoring view={panel.data} at={at} go={go} back={back} />;
}

function SessionScoring({ view, at, go, back }: { view: PanelSessionView; at: number; go: (position: number) => void; back: ReactNode }) {
  const { t } = useTranslation();
  const channel = usePanelChannel();
  const time = useUniversityTime();
  const localName = useLocalName();
  const lock = useLock();
  const [error, setError] = useState<string | null>(null);
  const current = view.applicants[at - 1];
  const locked = view.lockedAt !== null;
  const total = view.applicants.length;
  const allIn = view.panel.every((m) => m.submitted === total);

  const confirmLock = () =>
    feedback.modal.confirm({
      title: t('interview.lockTitle'),
      content: t('interview.lockText'),
      okText: t('interview.lock'),
      cancelText: t('interview.cancel'),
      onOk: async () => {
        setError(null);
        try {
          await lock.mutateAsync({ sessionId: view.id });
          feedback.message.success(t('interview.lockedNow'));
        } catch (err) {
          setError(err instanceof ReplyError ? err.message : t('interview.failed'));
        }
      },
    });

  return (
    <div className="scores-review">
      <header className="scores-review__head">
        <div>
          <h1 className="scores-review__title">{t('interview.scoringTitle', { kind: t(`interview.kind.${view.kind}`), programme: localName(view.programme) })}</h1>
          <p className="scores-review__facts">
            {time.moment(view.startsAt)} · {view.room}
            {view.secretary && <Tag className="scores-review__tag">{t('interview.role.secretary')}</Tag>}
          </p>
        </div>
        {back}
      </header>
      {locked && <Alert className="scores-review__notice" type="success" showIcon title={t('interview.lockedNotice', { name: view.lockedBy ?? '' })} />}
      <div className="scores-review__body">
        <nav className="scores-review__applicants" aria-label={t('interview.applicantsInOrder')}>
          <ol>
            {view.applicants.map((a) => (
              <li key={a.applicationId}>
                <button type="button" className={a.position === at ? 'scores-review__applicant scores-review__applicant--current' : 'scores-review__applicant'} aria-current={a.position === at ? 'step' : undefined} onClick={() => go(a.position)}>
                  <span className="scores-review__position">{a.position}</span>
                  <span className="scores-review__who">
                    <span className="scores-review__name">{a.name}</span>
                    <span className="scores-review__number">{a.applicantNumber}</span>
                  </span>
                  <Tag color={STATUS_COLOURS[a.mine.status]}>{t(`interview.status.${a.mine.status}`)}</Tag>
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <main className="scores-review__main">
          {current && (
            <section aria-labelledby="scores-review-current">
              <h2 id="scores-review-current" className="scores-review__current">
                {t('interview.applicantOf', { position: current.position, total })} · {current.name} <span className="scores-review__number">{current.applicantNumber}</span>
              </h2>
              <PanelScoreForm key={`${view.id}:${current.applicationId}:${current.mine.version}`} view={view} applicant={current} locked={locked} />
              {current.others !== null && (
                <section className="scores-review__others" aria-label={t('interview.othersTitle')}>
                  <h3>{t('interview.othersTitle')}</h3>
                  {current.others.length === 0 ? (
                    <p>{t('interview.othersNone')}</p>
                  ) : (
                    <ul>
                      {current.others.map((o) => (
                        <li key={o.memberName}>
                          {o.memberName}: <strong>{o.total}</strong>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              )}
              {current.others === null && !locked && <p className="scores-review__blind">{t('interview.blind')}</p>}
              <div className="scores-review__steps">
                <Button size="large" disabled={at <= 1} onClick={() => go(at - 1)}>
                  {t('interview.previous')}
                </Button>
                <Button size="large" disabled={at >= total} onClick={() => go(at + 1)}>
                  {t('interview.next')}
                </Button>
              </div>
            </section>
          )}
        </main>
      </div>
      <footer className="scores-review__foot">
        <div className="scores-review__panel" aria-label={t('interview.panelProgress')}>
          {view.panel.map((m) => (
            <span key={m.userId} className="scores-review__member">
              {m.secretary ? t('interview.secretaryName', { name: m.name }) : m.name}: {t('interview.submittedOf', { done: m.submitted, total })}
            </span>
          ))}
        </div>
        {error && <Alert className="scores-review__notice" type="error" showIcon title={error} />}
        <div className="scores-review__actions">
          {view.secretary && !locked && (
            <Button size="large" type="primary" onClick={confirmLock} loading={lock.isPending}>
              {t('interview.lock')}
            </Button>
          )}
          {view.secretary && !locked && !allIn && <span className="scores-review__hint">{t('interview.lockWhenAllIn')}</span>}
          {locked && (
            <Button size="large" type="primary" onClick={() => void channel.printRecord(view.id).catch(() => undefined)}>
              {t('interview.print')}
            </Button>
          )}
        </div>
      </footer>
    </div>
  );
}
