import { useState } from 'react';
import { Alert, Button, Card, Radio, Space, Table, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SUMMER_CAMP_AREA } from '@gradus/contract/areas';
import type { CampAdmissionBoardView, CampAttendance, CampCandidateView, RecordCampResultsRequest } from '@gradus/contract/api/staff-camp-admission';
import { campOutcome } from '@/lib/camp/camp-result';
import { useUniversityTime } from '@/lib/university-time';
import { who } from './CandidatesTable';

type Rating = 'outstanding' | 'passed';
/** What the office chose for a camper and has not saved yet. */
interface Choice {
  attendance: CampAttendance;
  rating: Rating | null;
}
type ResultRow = RecordCampResultsRequest['results'][number];

const OUTCOME_COLOURS = { outstanding: 'green', passed: 'blue', attended: 'cyan', absent: 'orange' } as const;
const ERROR_ID = 'camp-results-problem';

/** The campers with a confirmed place in this programme: the only ones with a camp result. */
export const confirmedCampers = (board: CampAdmissionBoardView) => board.candidates.filter((c) => c.place?.programmeId === board.programme.id && c.place.status === 'confirmed');

/** The recorded result as the controls show it; a camp that rates nobody stores 'notRated', shown as no rating. */
function recorded(c: CampCandidateView): Choice | null {
  const result = c.place?.result;
  if (!result) return null;
  return { attendance: result.attendance, rating: result.rating === 'outstanding' || result.rating === 'passed' ? result.rating : null };
}

const same = (a: Choice | null, b: Choice | null, ratesCampers: boolean) =>
  a !== null && b !== null && a.attendance === b.attendance && (!ratesCampers || a.rating === b.rating);

/**
 * The rule the server also holds, said before sending: an absent camper has no rating, and one who
 * attended a camp that rates its campers needs one. Returns who breaks it.
 */
export function campersMissingRating(rows: { camper: CampCandidateView; choice: Choice }[], ratesCampers: boolean): CampCandidateView[] {
  return rows.filter(({ choice }) => (choice.attendance === 'absent' ? choice.rating !== null : ratesCampers && choice.rating === null)).map(({ camper }) => camper);
}

interface Props {
  board: CampAdmissionBoardView;
  busy: boolean;
  saving: boolean;
  /** Sends the changed rows; resolves true once the server recorded them. */
  onSave: (results: ResultRow[]) => Promise<boolean>;
}

/**
 * The camp's results for the campers who confirmed a place: attended or absent and, where the camp
 * rates its campers, outstanding or passed. The office marks as many rows as it likes and saves them
 * in one call. From the camp's first day until the year's results are released; then read-only.
 */
export function CampResults({ board, busy, saving, onSave }: Props) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { camp, results } = board;
  const campers = confirmedCampers(board);
  const editable = results.open && !results.released;
  const shown = (c: CampCandidateView): Choice | null => choices[c.applicationId] ?? recorded(c);
  const changed = campers.flatMap((camper) => {
    const choice = choices[camper.applicationId];
    return choice && !same(choice, recorded(camper), camp.ratesCampers) ? [{ camper, choice }] : [];
  });
  const progress = <span className="camp-admission__hint">{t('campAdmission.results.progress', { recorded: campers.filter((c) => c.place?.result).length, total: campers.length })}</span>;

  const choose = (c: CampCandidateView, patch: Partial<Choice>) => {
    setProblem(null);
    setChoices((all) => {
      const before = all[c.applicationId] ?? recorded(c) ?? { attendance: 'attended', rating: null };
      const next = { ...before, ...patch };
      // An absent camper is not rated.
      if (next.attendance === 'absent') next.rating = null;
      return { ...all, [c.applicationId]: next };
    });
  };

  const save = async () => {
    const missing = campersMissingRating(changed, camp.ratesCampers);
    if (missing.length > 0) {
      setProblem(t('campAdmission.results.ratingNeeded', { names: missing.map(who).join(t('campAdmission.results.separator')) }));
      return;
    }
    const rows: ResultRow[] = changed.map(({ camper, choice }) => ({
      applicationId: camper.applicationId,
      attendance: choice.attendance,
      rating: choice.attendance === 'attended' && camp.ratesCampers ? choice.rating : null,
    }));
    if (await onSave(rows)) setChoices({});
  };

  const attendanceControl = (c: CampCandidateView) => (
    <Radio.Group
      optionType="button"
      buttonStyle="solid"
      size="small"
      disabled={busy}
      aria-label={t('campAdmission.results.attendanceOf', { name: who(c) })}
      value={shown(c)?.attendance}
      onChange={(e) => choose(c, { attendance: e.target.value as CampAttendance })}
      options={[
        { value: 'attended', label: t('campAdmission.results.attended') },
        { value: 'absent', label: t('campAdmission.results.absent') },
      ]}
    />
  );
  const ratingControl = (c: CampCandidateView) => {
    const choice = shown(c);
    const wanting = problem !== null && choice?.attendance === 'attended' && choice.rating === null && changed.some((r) => r.camper === c);
    return (
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        size="small"
        disabled={busy || choice?.attendance !== 'attended'}
        aria-label={t('campAdmission.results.ratingOf', { name: who(c) })}
        aria-invalid={wanting || undefined}
        aria-describedby={wanting ? ERROR_ID : undefined}
        value={choice?.attendance === 'attended' ? choice.rating : null}
        onChange={(e) => choose(c, { rating: e.target.value as Rating })}
        options={[
          { value: 'outstanding', label: t('campAdmission.results.outstanding') },
          { value: 'passed', label: t('campAdmission.results.passed') },
        ]}
      />
    );
  };
  const recordedCell = (c: CampCandidateView) => {
    const result = c.place?.result;
    const unsaved = changed.some((r) => r.camper === c);
    return (
      <div className="camp-admission__status">
        {result ? (
          <>
            <Tag color={OUTCOME_COLOURS[campOutcome(result)]}>{t(`campAdmission.results.outcome.${campOutcome(result)}`)}</Tag>
            <span>{t('campAdmission.results.recordedAt', { time: time.plain(result.recordedAt) })}</span>
          </>
        ) : (
          <span className="camp-admission__muted">{t('campAdmission.results.notRecorded')}</span>
        )}
        {unsaved && <Tag color="gold">{t('campAdmission.results.unsaved')}</Tag>}
      </div>
    );
  };

  // Read-only (before the camp, or once released), a row is the camper and what is recorded.
  const controls: TableColumnsType<CampCandidateView> = editable
    ? [
        { key: 'attendance', title: t('campAdmission.results.column.attendance'), render: (_, c) => attendanceControl(c) },
        ...(camp.ratesCampers ? [{ key: 'rating', title: t('campAdmission.results.column.rating'), render: (_: unknown, c: CampCandidateView) => ratingControl(c) }] : []),
      ]
    : [];
  const columns: TableColumnsType<CampCandidateView> = [
    {
      key: 'camper',
      title: t('campAdmission.results.column.camper'),
      // Name over number: the narrowest a row can be, so that the controls stay in view on a phone.
      render: (_, c) => (
        <div className="camp-admission__status">
          <span>{c.name}</span>
          <span className="camp-admission__muted">{c.applicantNumber}</span>
        </div>
      ),
    },
    ...controls,
    { key: 'recorded', title: t('campAdmission.results.column.recorded'), render: (_, c) => recordedCell(c) },
  ];

  return (
    <Card className="camp-admission__card" title={<h2 className="camp-admission__heading">{t('campAdmission.results.title')}</h2>}>
      <p className="camp-admission__muted">{t(camp.ratesCampers ? 'campAdmission.results.ruleRated' : 'campAdmission.results.ruleActivity')}</p>
      {results.released ? (
        <Alert
          className="camp-admission__notice-block"
          type="info"
          showIcon
          title={t('campAdmission.results.released')}
          description={<Link to={`/admissions/releases?cycle=${SUMMER_CAMP_AREA}`}>{t('campAdmission.results.toReleases')}</Link>}
        />
      ) : (
        !results.open && <Alert className="camp-admission__notice-block" type="info" showIcon title={t('campAdmission.results.notYet', { date: time.day(camp.startsOn, 'long') })} />
      )}
      {campers.length === 0 ? (
        <p className="camp-admission__muted">{t('campAdmission.results.none')}</p>
      ) : (
        <>
          {editable ? (
            <Space wrap className="camp-admission__actions">
              <Button type="primary" disabled={changed.length === 0 || busy} loading={saving} onClick={() => void save()}>
                {t('campAdmission.results.save', { count: changed.length })}
              </Button>
              <Button
                disabled={Object.keys(choices).length === 0 || busy}
                onClick={() => {
                  setChoices({});
                  setProblem(null);
                }}
              >
                {t('campAdmission.results.discard')}
              </Button>
              {progress}
            </Space>
          ) : (
            <p>{progress}</p>
          )}
          {problem && <Alert id={ERROR_ID} className="camp-admission__notice-block" type="error" showIcon title={problem} />}
          <Table<CampCandidateView>
            rowKey="applicationId"
            size="middle"
            className="camp-admission__table"
            columns={columns}
            dataSource={campers}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </>
      )}
    </Card>
  );
}
