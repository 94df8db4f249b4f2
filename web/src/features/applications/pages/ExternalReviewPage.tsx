import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Progress, Result, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyReviewRow } from '@gradus/contract/api/staff-scoring';
import { ReplyError } from '@/lib/request';
import { IdentityStep } from '@/lib/review-link/IdentityStep';
import { LinkFailure, LinkFrame } from '@/lib/review-link/LinkFrame';
import { forgetSession, isInterviewStage, storedSession, useLinkSession, useOpenLink } from '@/lib/review-link/session';
import { useUniversityTime } from '@/lib/university-time';
import { useScoring } from '../api/expert-review';
import { linkCalls, useLinkReviews } from '../api/review-link';
import { DeclarationStep } from '../components/link/DeclarationStep';
import { ScoringWorkspace } from '../components/scoring/ScoringWorkspace';
import { ReviewChannelContext } from '../review-channel';
import { useLocalName } from '@/lib/local-name';
import '../applications.css';
import '../review.css';

const STATUS_COLOURS = { notStarted: 'default', draft: 'gold', submitted: 'green' } as const;

/**
 * /review?token=: an external expert's review, opened from the mailed link, no account. The link
 * first asks for the code mailed to the expert (once: afterwards only this browser goes on), then
 * the declaration of no conflict of interest, then shows the assigned files, each scored on the
 * same screen as a signed-in expert's.
 */
export default function ExternalReviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reviewToken, setReviewToken] = useState(() => storedSession(token));
  const link = useOpenLink(token);

  // An interview panel's link: the panel scores on the tablet screen, under the same token.
  const toPanel = <Navigate replace to={`/scoresReview?token=${encodeURIComponent(token)}`} />;
  let content;
  if (!token) content = <Result status="info" title={t('linkReview.noToken')} subTitle={t('linkReview.askOffice')} />;
  else if (reviewToken) content = <LinkWorkspace reviewToken={reviewToken} onLost={() => (forgetSession(token), setReviewToken(null))} toPanel={toPanel} />;
  else if (link.isError) content = <Result status="warning" title={link.error instanceof ReplyError ? link.error.message : t('review.failed')} subTitle={t('linkReview.askOffice')} />;
  else if (!link.data) content = <Skeleton active />;
  else if (isInterviewStage(link.data.stage)) content = toPanel;
  else if (link.data.verified) content = <Result status="warning" title={t('linkReview.used')} subTitle={t('linkReview.askOffice')} />;
  else content = <IdentityStep token={token} link={link.data} onSession={setReviewToken} />;

  return <LinkFrame>{content}</LinkFrame>;
}

/** The review session: the declaration first, then the list and one file at a time. */
function LinkWorkspace({ reviewToken, onLost, toPanel }: { reviewToken: string; onLost: () => void; toPanel: ReactNode }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const calls = useMemo(() => linkCalls(reviewToken), [reviewToken]);
  const session = useLinkSession(calls.call);
  const reviews = useLinkReviews(calls);
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const show = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', String(id));
    else next.delete('id');
    setParams(next);
  };

  if (session.data && isInterviewStage(session.data.stage)) return toPanel;
  const failure = session.error ?? reviews.error;
  if (failure) return <LinkFailure error={failure} onLost={onLost} />;
  if (!session.data || !reviews.data) return <Skeleton active />;
  const who = session.data.affiliation ? t('linkReview.signedAs', { name: session.data.expertName, affiliation: session.data.affiliation }) : session.data.expertName;
  const facts = (
    <p className="link-review__facts">
      <strong>{who}</strong> · {t('linkReview.stage', { year: session.data.recruitYear })} · {t('linkReview.expires', { date: time.plain(session.data.expiresAt) })}
    </p>
  );
  return (
    <ReviewChannelContext.Provider value={calls.channel}>
      {facts}
      {session.data.declaredAt === null ? (
        <DeclarationStep calls={calls} reviews={reviews.data} />
      ) : openId ? (
        <LinkScoring applicationId={openId} onBack={() => show(null)} />
      ) : (
        <LinkReviewList rows={reviews.data.rows} closed={reviews.data.closed} onOpen={show} />
      )}
    </ReviewChannelContext.Provider>
  );
}

function LinkReviewList({ rows, closed, onOpen }: { rows: MyReviewRow[]; closed: boolean; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const done = rows.filter((r) => r.status === 'submitted').length;
  const columns: TableColumnsType<MyReviewRow> = [
    { key: 'number', title: t('applications.column.applicantNumber'), dataIndex: 'applicantNumber' },
    { key: 'name', title: t('applications.column.name'), dataIndex: 'name' },
    { key: 'programme', title: t('applications.column.programme'), render: (_, r) => (r.programme ? localName(r.programme) : '—') },
    { key: 'status', title: t('scoring.status.title'), render: (_, r) => <Tag color={STATUS_COLOURS[r.status]}>{t(`scoring.status.${r.status}`)}</Tag> },
    { key: 'total', title: t('scoring.myTotal'), render: (_, r) => r.total ?? '—' },
    {
      key: 'open',
      title: t('external.actions'),
      render: (_, r) => (
        <Link to={`?${withId(r.applicationId)}`} onClick={(e) => (e.preventDefault(), onOpen(r.applicationId))}>
          {t(r.status === 'submitted' ? 'scoring.open' : 'scoring.score', { name: r.name })}
        </Link>
      ),
    },
  ];
  return (
    <section aria-labelledby="list-title">
      <h1 id="list-title" className="page__title">
        {t('linkReview.listTitle')}
      </h1>
      <p className="page__lead">{t('scoring.lead')}</p>
      {closed && <Alert className="file__notice" type="info" showIcon title={t('scoring.closed')} />}
      {rows.length > 0 && (
        <div className="expert-reviews__progress">
          <span>{t('scoring.progress', { done, total: rows.length })}</span>
          <Progress percent={Math.round((done / rows.length) * 100)} showInfo={false} aria-hidden />
        </div>
      )}
      <Table<MyReviewRow> rowKey="applicationId" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('linkReview.noneLeft') }} />
    </section>
  );
}

/** The list's link keeps the link's token in the address: a reload comes back to the same file. */
function withId(id: number): string {
  const next = new URLSearchParams(window.location.search);
  next.set('id', String(id));
  return next.toString();
}

function LinkScoring({ applicationId, onBack }: { applicationId: number; onBack: () => void }) {
  const { t } = useTranslation();
  const scoring = useScoring('link', applicationId);
  const back = (
    <button type="button" className="file__back link-review__plain" onClick={onBack}>
      <ArrowLeftOutlined aria-hidden /> {t('linkReview.backToList')}
    </button>
  );
  return (
    <div className="scoring">
      {back}
      {scoring.isError ? (
        <Result status="warning" title={scoring.error instanceof ReplyError ? scoring.error.message : t('file.notFound')} />
      ) : scoring.data ? (
        <ScoringWorkspace view={scoring.data} viewer="link" office={false} onConflictDeclared={onBack} />
      ) : (
        <Skeleton active />
      )}
    </div>
  );
}

