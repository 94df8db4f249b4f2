import { useMemo, useState, type ReactNode } from 'react';
import { Result, Skeleton } from 'antd';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MyInterviewSessionsView } from '@gradus/contract/api/staff-interview';
import type { ReviewSessionView } from '@gradus/contract/api/review-link';
import { ReplyError } from '@/lib/request';
import { IdentityStep } from '@/lib/review-link/IdentityStep';
import { LinkFailure, LinkFrame } from '@/lib/review-link/LinkFrame';
import { forgetSession, isInterviewStage, sessionCall, storedSession, useLinkSession, useOpenLink, type SessionCall } from '@/lib/review-link/session';
import { useUniversityTime } from '@/lib/university-time';
import { linkPanelChannel, PanelChannelContext } from '../../panel-channel';
import { PanelScreen } from '../PanelScreen';
import { PanelDeclaration } from './PanelDeclaration';

/**
 * /scoresReview?token=: an external panel member's interview link, no account. The code mailed to
 * them first (once: afterwards only this browser goes on), then the declaration of no conflict
 * with the session's applicants, then the tablet screen a signed-in member scores on, its calls
 * made with the link's review session.
 */
export function PanelByLink({ token }: { token: string }) {
  const { t } = useTranslation();
  const [reviewToken, setReviewToken] = useState(() => (token ? storedSession(token) : null));
  const link = useOpenLink(token);
  const client = useQueryClient();
  // A dead session: nothing it drew is kept, and the link's first step comes back.
  const lost = () => {
    forgetSession(token);
    client.removeQueries({ queryKey: ['reviewLink', 'session'] });
    client.removeQueries({ queryKey: ['reviewLink', 'interview'] });
    setReviewToken(null);
  };
  // A material review's link: the review page, under the same token.
  const toReview = <Navigate replace to={`/review?token=${encodeURIComponent(token)}`} />;

  if (reviewToken) return <LinkPanel token={token} reviewToken={reviewToken} onLost={lost} toReview={toReview} />;
  let content;
  if (!token) content = <Result status="info" title={t('linkReview.noToken')} subTitle={t('linkReview.askOffice')} />;
  else if (link.isError) content = <Result status="warning" title={link.error instanceof ReplyError ? link.error.message : t('review.failed')} subTitle={t('linkReview.askOffice')} />;
  else if (!link.data) content = <Skeleton active />;
  else if (!isInterviewStage(link.data.stage)) return toReview;
  else if (link.data.verified) content = <Result status="warning" title={t('linkReview.used')} subTitle={t('linkReview.askOffice')} />;
  else content = <IdentityStep token={token} link={link.data} onSession={setReviewToken} />;
  return <LinkFrame>{content}</LinkFrame>;
}

const useLinkSessions = (call: SessionCall) =>
  useQuery({ queryKey: ['reviewLink', 'interview', 'mine'], queryFn: () => call<MyInterviewSessionsView>('interview/mine'), retry: false });

/** The review session: the declaration first, then the session to score (a list when there are several). */
function LinkPanel({ token, reviewToken, onLost, toReview }: { token: string; reviewToken: string; onLost: () => void; toReview: ReactNode }) {
  const { t } = useTranslation();
  const call = useMemo(() => sessionCall(reviewToken), [reviewToken]);
  const channel = useMemo(() => linkPanelChannel(reviewToken), [reviewToken]);
  const session = useLinkSession(call);
  const sessions = useLinkSessions(call);
  const [params] = useSearchParams();
  const picked = Number(params.get('session')) || null;

  if (session.data && !isInterviewStage(session.data.stage)) return toReview;
  const failure = session.error ?? sessions.error;
  if (failure) return <LinkFrame><LinkFailure error={failure} onLost={onLost} /></LinkFrame>;
  if (!session.data || !sessions.data) return <LinkFrame><Skeleton active /></LinkFrame>;
  const mine = sessions.data.sessions;
  const list = `?token=${encodeURIComponent(token)}`;

  if (session.data.declaredAt === null) {
    return (
      <LinkFrame>
        <PanelChannelContext.Provider value={channel}>
          <LinkFacts session={session.data} />
          <PanelDeclaration call={call} sessions={mine} />
        </PanelChannelContext.Provider>
      </LinkFrame>
    );
  }
  const sessionId = picked ?? (mine.length === 1 ? mine[0]!.id : null);
  if (sessionId === null) {
    return (
      <LinkFrame>
        <LinkFacts session={session.data} />
        <LinkSessionList token={token} sessions={mine} />
      </LinkFrame>
    );
  }
  const back = mine.length > 1 ? (
    <Link to={list} className="scores-review__back">
      {t('interview.link.backToSessions')}
    </Link>
  ) : null;
  return (
    <PanelChannelContext.Provider value={channel}>
      <PanelScreen sessionId={sessionId} back={back} />
    </PanelChannelContext.Provider>
  );
}

function LinkFacts({ session }: { session: ReviewSessionView }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const who = session.affiliation ? t('linkReview.signedAs', { name: session.expertName, affiliation: session.affiliation }) : session.expertName;
  return (
    <p className="link-review__facts">
      <strong>{who}</strong> · {t(`interview.kind.${isInterviewStage(session.stage) ? session.stage : 'assessment'}`)} · {t('linkReview.expires', { date: time.plain(session.expiresAt) })}
    </p>
  );
}

function LinkSessionList({ token, sessions }: { token: string; sessions: MyInterviewSessionsView['sessions'] }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  return (
    <section className="link-review__card" aria-labelledby="link-sessions-title">
      <h1 id="link-sessions-title" className="page__title">
        {t('interview.link.sessionsTitle')}
      </h1>
      {sessions.length === 0 ? (
        <p>{t('interview.link.noSessions')}</p>
      ) : (
        <ul className="interview-link__sessions">
          {sessions.map((s) => (
            <li key={s.id}>
              <Link to={`?token=${encodeURIComponent(token)}&session=${s.id}`}>{t('interview.link.openSession', { when: time.moment(s.startsAt), room: s.room })}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
