import { useState } from 'react';
import { Alert, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoleKey } from '@gradus/contract/codes';
import type { TmsInterviewOutcome, TmsInterviewRow } from '@gradus/contract/tuimian/interview';
import { feedback } from '@/lib/feedback';
import { useLocalName } from '@/lib/local-name';
import { ReplyError } from '@/lib/request';
import { useSession } from '@/lib/session';
import { QueryState } from '@/lib/ui/QueryState';
import { ReasonDialog } from '@/lib/ui/ReasonDialog';
import { useViewer } from '@/lib/viewer';
import { useRecordResult, useTmsInterviewList, useWithdrawInvitation } from '../api/interviews';
import { InterviewsTable } from '../components/InterviewsTable';
import { InviteDialog } from '../components/InviteDialog';
import { OfferDialog } from '../components/OfferDialog';
import { who } from '../components/who';
import '../tms-interviews.css';

const FILTER_ID = 'tms-interviews-programme';

/** The programmes the rows name, once each, in the order listed (the server orders by programme code). */
function programmesOf(rows: TmsInterviewRow[]) {
  const seen = new Map<number, TmsInterviewRow>();
  for (const r of rows) if (r.programmeId !== null && !seen.has(r.programmeId)) seen.set(r.programmeId, r);
  return [...seen.entries()].map(([id, r]) => ({ id, nameZh: r.programmeNameZh, nameEn: r.programmeNameEn }));
}

/**
 * staff/tmsInterviews (issue #11): the tuimian interview (复试). The school of the chosen programme
 * (or the office) invites the applicants the graduate school found eligible, changes or withdraws an
 * invitation, and records the result of each who accepted. The office releases the results on the
 * Releases page; from then on they are read-only here, and the office records for each pass what
 * it did and saw in the national recommended-exemption system, where admission happens. The server
 * keeps every rule and the caller's scope; its refusals are shown as it words them.
 */
export default function TmsInterviewsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const name = useLocalName();
  const list = useTmsInterviewList(viewer);
  // The offer button is the office's alone; the server refuses anyone else (403) all the same.
  const office = useSession((s) => s.roles[0] === RoleKey.ADMIN);
  const withdraw = useWithdrawInvitation();
  const record = useRecordResult();
  // 0: every programme (record ids start at 1).
  const [programmeId, setProgrammeId] = useState(0);
  const [inviting, setInviting] = useState<TmsInterviewRow | null>(null);
  const [withdrawing, setWithdrawing] = useState<TmsInterviewRow | null>(null);
  const [offering, setOffering] = useState<TmsInterviewRow | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const recordResult = async (row: TmsInterviewRow, outcome: TmsInterviewOutcome) => {
    setProblem(null);
    try {
      await record.mutateAsync({ applicationId: row.applicationId, outcome });
      feedback.message.success(t('tmsInterviews.result.saved', { name: who(row), result: t(`tmsInterviews.result.${outcome}`) }));
    } catch (err) {
      setProblem(err instanceof ReplyError ? err.message : t('tmsInterviews.failed'));
    }
  };

  return (
    <div className="page tms-interviews">
      <h1 className="page__title">{t('menu.staff.tmsInterviews')}</h1>
      <p className="page__lead">{t('tmsInterviews.lead')}</p>
      <QueryState query={list} texts={{ loading: t('tmsInterviews.loading'), refused: t('tmsInterviews.refused'), loadFailed: t('tmsInterviews.loadFailed') }}>
        {(data) => {
          const programmes = programmesOf(data.rows);
          const rows = programmeId === 0 ? data.rows : data.rows.filter((r) => r.programmeId === programmeId);
          return (
            <>
              <p className="tms-interviews__muted">{t('tmsInterviews.year', { year: data.recruitYear, total: data.rows.length })}</p>
              {data.released && <Alert className="tms-interviews__notice" type="info" showIcon title={t('tmsInterviews.released')} />}
              {problem && <Alert className="tms-interviews__notice" type="error" showIcon closable onClose={() => setProblem(null)} title={problem} />}
              {programmes.length > 1 && (
                <div className="tms-interviews__filter">
                  <label htmlFor={FILTER_ID} className="tms-interviews__label">
                    {t('tmsInterviews.filter.programme')}
                  </label>
                  <Select<number>
                    id={FILTER_ID}
                    className="tms-interviews__select"
                    value={programmeId}
                    onChange={setProgrammeId}
                    options={[{ value: 0, label: t('tmsInterviews.filter.all') }, ...programmes.map((p) => ({ value: p.id, label: name(p) }))]}
                  />
                </div>
              )}
              <p className="tms-interviews__muted">{t('tmsInterviews.timeZone')}</p>
              <InterviewsTable
                rows={rows}
                released={data.released}
                busy={withdraw.isPending || record.isPending}
                onInvite={setInviting}
                onWithdraw={setWithdrawing}
                onResult={(row, outcome) => void recordResult(row, outcome)}
                office={office}
                onOffer={setOffering}
              />
            </>
          );
        }}
      </QueryState>
      {inviting && <InviteDialog row={inviting} onClose={() => setInviting(null)} />}
      {offering && list.data && <OfferDialog row={offering} offset={Date.parse(list.data.now) - list.dataUpdatedAt} onClose={() => setOffering(null)} />}
      {withdrawing && (
        <ReasonDialog
          title={t('tmsInterviews.withdraw.title', { name: who(withdrawing) })}
          okText={t('tmsInterviews.withdraw.ok')}
          danger
          warning={t('tmsInterviews.withdraw.warning')}
          reasonHelp={t('tmsInterviews.withdraw.help')}
          pending={withdraw.isPending}
          onSubmit={async (reason) => {
            await withdraw.mutateAsync({ applicationId: withdrawing.applicationId, reason });
            feedback.message.success(t('tmsInterviews.withdraw.done', { name: who(withdrawing) }));
          }}
          onClose={() => setWithdrawing(null)}
        />
      )}
    </div>
  );
}
