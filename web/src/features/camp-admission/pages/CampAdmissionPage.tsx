import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CampCandidateView } from '@gradus/contract/api/staff-camp-admission';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { QueryState } from '@/lib/ui/QueryState';
import { useViewer } from '@/lib/viewer';
import { useAdmissionBoard, useAdmitCampers, useRecordCampResults, useWaitlistCampers, useWithdrawCampPlace } from '../api/board';
import { useCampCatalogue, useCurrentYear } from '../api/programmes';
import { BoardSummary } from '../components/BoardSummary';
import { CampResults } from '../components/CampResults';
import { CandidatesTable, who } from '../components/CandidatesTable';
import { ProgrammePicker } from '../components/ProgrammePicker';
import { WaitingList } from '../components/WaitingList';
import '../camp-admission.css';

const HINT_ID = 'camp-admission-places-left';

/**
 * staff/campAdmission (issue #11): the office admits the campers the graduate school found eligible,
 * programme by programme up to its places, and lists others in order on the programme's waiting
 * list; from the camp's first day it records the confirmed campers' results. The server holds every
 * rule (free places, one place a year, when results may change); a refusal is shown and changes
 * nothing. The programme is in the address.
 */
export default function CampAdmissionPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const programmeId = Number(params.get('programmeId')) || undefined;
  const year = useCurrentYear(viewer);
  const recruitYear = year.data ?? undefined;
  const catalogue = useCampCatalogue(recruitYear);
  const board = useAdmissionBoard(viewer, programmeId, recruitYear, !year.isPending);
  const admit = useAdmitCampers(viewer, recruitYear);
  const waitlist = useWaitlistCampers(viewer, recruitYear);
  const withdraw = useWithdrawCampPlace(viewer, recruitYear);
  const record = useRecordCampResults(viewer, recruitYear);
  const busy = admit.isPending || waitlist.isPending || withdraw.isPending || record.isPending;
  // The selection belongs to the programme it was made on.
  const [selection, setSelection] = useState<{ programmeId: number | undefined; ids: number[] }>({ programmeId, ids: [] });
  const selected = selection.programmeId === programmeId ? selection.ids : [];

  const choose = (next: number | undefined) => {
    const query = new URLSearchParams(params);
    if (next) query.set('programmeId', String(next));
    else query.delete('programmeId');
    setParams(query);
  };
  const refused = (err: unknown) => feedback.message.error(err instanceof ReplyError ? err.message : t('campAdmission.failed'));
  /** Runs one action: on success the board it returns is shown and the selection cleared; a refusal keeps everything as it was. */
  const act = async (run: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await run();
      setSelection({ programmeId, ids: [] });
      feedback.message.success(done);
      return true;
    } catch (err) {
      refused(err);
      return false;
    }
  };

  return (
    <div className="page camp-admission">
      <h1 className="page__title">{t('menu.staff.campAdmission')}</h1>
      <p className="page__lead">{t('campAdmission.lead', { year: recruitYear ?? '' })}</p>
      <ProgrammePicker catalogue={catalogue.data} loading={year.isPending || catalogue.isFetching} failed={year.isError || catalogue.isError} programmeId={programmeId} onChange={choose} />
      {programmeId === undefined ? (
        <p className="camp-admission__muted">{t('campAdmission.pick')}</p>
      ) : (
        <QueryState query={board} texts={{ loading: t('campAdmission.loading'), refused: t('campAdmission.refused'), loadFailed: t('campAdmission.loadFailed') }}>
          {(data) => {
            const free = data.counts.free;
            // Sent in the order shown (best rank first), whatever order the rows were ticked in.
            const chosen = data.candidates.filter((c) => selected.includes(c.applicationId)).map((c) => c.applicationId);
            const tooMany = chosen.length > free;
            // Those already waiting for this programme are admitted from the list, never listed twice.
            const waiting = data.candidates.some((c) => chosen.includes(c.applicationId) && c.place !== null);
            const body = { programmeId: data.programme.id, applicationIds: chosen };
            return (
              <>
                <BoardSummary board={data} />
                <Card className="camp-admission__card" title={<h2 className="camp-admission__heading">{t('campAdmission.candidates')}</h2>}>
                  <p className="camp-admission__muted">{t('campAdmission.rule')}</p>
                  <Space wrap className="camp-admission__actions">
                    <Button
                      type="primary"
                      disabled={chosen.length === 0 || tooMany || busy}
                      loading={admit.isPending}
                      aria-describedby={HINT_ID}
                      onClick={() => void act(() => admit.mutateAsync(body), t('campAdmission.admitted', { count: chosen.length }))}
                    >
                      {t('campAdmission.admit', { count: chosen.length })}
                    </Button>
                    <Button
                      disabled={chosen.length === 0 || waiting || busy}
                      loading={waitlist.isPending}
                      onClick={() => void act(() => waitlist.mutateAsync(body), t('campAdmission.waitlisted', { count: chosen.length }))}
                    >
                      {t('campAdmission.addToWaitlist', { count: chosen.length })}
                    </Button>
                    <span id={HINT_ID} className={tooMany ? 'camp-admission__hint camp-admission__hint--over' : 'camp-admission__hint'} aria-live="polite">
                      {t(tooMany ? 'campAdmission.placesLeftOver' : 'campAdmission.placesLeft', { count: free })}
                    </span>
                  </Space>
                  <CandidatesTable
                    board={data}
                    selected={selected}
                    onSelect={(ids) => setSelection({ programmeId, ids })}
                    busy={busy}
                    onWithdraw={(c: CampCandidateView) => act(() => withdraw.mutateAsync({ programmeId: data.programme.id, applicationId: c.applicationId }), t('campAdmission.withdrawn', { name: who(c) }))}
                  />
                  <p className="camp-admission__muted">{t('campAdmission.timeZone')}</p>
                </Card>
                <WaitingList board={data} />
                {/* Keyed by programme: unsaved choices belong to the programme they were made on. */}
                <CampResults
                  key={data.programme.id}
                  board={data}
                  busy={busy}
                  saving={record.isPending}
                  onSave={(results) => act(() => record.mutateAsync({ programmeId: data.programme.id, results }), t('campAdmission.results.saved', { count: results.length }))}
                />
              </>
            );
          }}
        </QueryState>
      )}
    </div>
  );
}
