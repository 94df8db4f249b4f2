import { useState } from 'react';
import { Alert, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalName } from '@/lib/local-name';
import { QueryState } from '@/lib/ui/QueryState';
import { useTmsInterview } from '../api/interview';
import { InterviewResult } from '@/lib/tuimian/InterviewResult';
import { InvitationCard } from '../components/interview/InvitationCard';
import { NationalOffer } from '../components/interview/NationalOffer';
import '@/lib/ui/info-page.css';
import '../tms-interview.css';

/**
 * recommendedStudentShowExInfo, the tuimian applicant's interview (复试, issue #11): nothing until the
 * school of their programme invites them (they are mailed too); then the invitation, answered once
 * before its answer date; once the office releases the results, an accepted interviewee's result
 * first of all, and after a pass, admission in the national system and our offer there (what comes
 * next, before the invitation that is done). A refusal (the invitation changed, already answered,
 * lapsed) is shown and the interview read again.
 */
export default function TmsInterviewPage() {
  const { t } = useTranslation();
  const name = useLocalName();
  const query = useTmsInterview();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="page info-page tms-interview">
      <h1 className="page__title">{t('menu.recommendedStudentInfoQuery.exInfo')}</h1>
      <p className="page__lead">{t('tmsInterview.lead')}</p>
      <QueryState query={query} texts={{ loading: t('tmsInterview.loading'), refused: t('tmsInterview.refused'), loadFailed: t('tmsInterview.loadFailed') }}>
        {(view) => {
          const { invitation } = view;
          const programme = view.programmeNameZh !== null && view.programmeNameEn !== null ? name({ nameZh: view.programmeNameZh, nameEn: view.programmeNameEn }) : null;
          return (
            <>
              {problem && <Alert type="error" showIcon title={problem} description={t('tmsInterview.refreshed')} closable onClose={() => setProblem(null)} />}
              {view.released && invitation?.state === 'accepted' && <InterviewResult outcome={view.result} />}
              {view.released && view.result === 'pass' && <NationalOffer offer={view.nationalOffer} programme={programme} />}
              {invitation ? (
                <InvitationCard
                  invitation={invitation}
                  programme={programme}
                  released={view.released}
                  offset={Date.parse(view.now) - query.dataUpdatedAt}
                  onProblem={setProblem}
                  onElapsed={() => void query.refetch()}
                />
              ) : (
                <Result className="tms-interview__empty" status="info" title={t('tmsInterview.none.title')} subTitle={t('tmsInterview.none.hint')} />
              )}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
