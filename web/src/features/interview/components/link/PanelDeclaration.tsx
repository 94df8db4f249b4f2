import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MyInterviewSession } from '@gradus/contract/api/staff-interview';
import { ReplyError } from '@/lib/request';
import { DeclarationFrame } from '@/lib/review-link/DeclarationFrame';
import type { SessionCall } from '@/lib/review-link/session';
import { useUniversityTime } from '@/lib/university-time';
import { usePanel } from '../../api/interview';
import { useLocalName } from '@/lib/local-name';

/**
 * Before any score: the sessions the member sits on and their applicants in order, then the
 * declaration of no conflict with them. There is no per-applicant conflict here: a member with one
 * tells the office, which seats someone else on that panel.
 */
export function PanelDeclaration({ call, sessions }: { call: SessionCall; sessions: MyInterviewSession[] }) {
  const { t } = useTranslation();
  return (
    <DeclarationFrame
      call={call}
      lead={
        <>
          <p>{t('interview.link.declareLead')}</p>
          <p>{t('interview.link.conflictTellOffice')}</p>
        </>
      }
      box={t('interview.link.declareBox')}
      confirmLabel={t('interview.link.declareConfirm')}
    >
      {sessions.length === 0 ? <Alert type="info" showIcon title={t('interview.link.noSessions')} /> : sessions.map((s) => <SessionApplicants key={s.id} session={s} />)}
    </DeclarationFrame>
  );
}

function SessionApplicants({ session }: { session: MyInterviewSession }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const localName = useLocalName();
  const panel = usePanel('link', session.id);
  const titleId = `declare-session-${session.id}`;
  return (
    <section className="interview-link__session" aria-labelledby={titleId}>
      <h2 id={titleId} className="interview-link__session-title">
        {t('interview.link.sessionHeading', { kind: t(`interview.kind.${session.kind}`), when: time.moment(session.startsAt), room: session.room })}
      </h2>
      <p className="interview-link__programme">{localName(session.programme)}</p>
      {panel.error ? (
        <Alert type="warning" showIcon title={panel.error instanceof ReplyError ? panel.error.message : t('interview.failed')} />
      ) : !panel.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <ol className="interview-link__applicants" aria-label={t('interview.applicantsInOrder')}>
          {panel.data.applicants.map((a) => (
            <li key={a.applicationId}>
              {a.name} <span className="scores-review__number">{a.applicantNumber}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
