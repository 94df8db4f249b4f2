import { useState } from 'react';
import { Alert, Button, Card, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecruitYearRow, TimelineStage } from '@gradus/contract/api/staff-cycle';
import { CycleSwitch, STAFF_CYCLES, useCycle } from '@/lib/ui/CycleSwitch';
import { QueryState } from '@/lib/ui/QueryState';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { useRecruitYears, useTimeline } from '../api/cycle';
import { StartYearDialog } from '../components/StartYearDialog';
import { WindowDialog } from '../components/WindowDialog';
import '../staff-cycle.css';

type WindowState = 'open' | 'upcoming' | 'closed' | 'unset';
function windowState(stage: TimelineStage, now: number): WindowState {
  if (!stage.opensAt && !stage.closesAt) return 'unset';
  if (stage.opensAt && now < Date.parse(stage.opensAt)) return 'upcoming';
  if (stage.closesAt && now > Date.parse(stage.closesAt)) return 'closed';
  return 'open';
}
const STATE_COLOR: Record<WindowState, string | undefined> = { open: 'green', upcoming: 'blue', closed: undefined, unset: 'orange' };

/**
 * staff/cycle: the doctoral cycle of a year on one timeline (each stage's window, edited here;
 * where each result's release stands, changed on the Releases page as a planned act), and the
 * recruitment years, with the start of the next one.
 */
export default function CyclePage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const time = useUniversityTime();
  const years = useRecruitYears(viewer);
  const [year, setYear] = useState<string | undefined>(undefined);
  const [cycle, setCycle] = useCycle();
  const timeline = useTimeline(viewer, cycle, year);
  const [editing, setEditing] = useState<TimelineStage | null>(null);
  const [starting, setStarting] = useState(false);
  const current = years.data?.current ?? null;
  const next = current ? String(Number(current) + 1) : null;
  // The moment the page opened: a window's state is read against it (a reload shows a later one).
  const [now] = useState(() => Date.now());
  const shown = timeline.data?.recruitYear;

  const stageColumns: TableColumnsType<TimelineStage> = [
    { key: 'stage', title: t('cycle.stage'), render: (_, s) => t(`journey.stage.${s.stage}`) },
    { key: 'opens', title: t('cycle.opensAt'), render: (_, s) => (s.opensAt ? time.plain(s.opensAt) : '—') },
    { key: 'closes', title: t('cycle.closesAt'), render: (_, s) => (s.closesAt ? time.plain(s.closesAt) : '—') },
    {
      key: 'state',
      title: t('cycle.state'),
      render: (_, s) => {
        const state = windowState(s, now);
        return <Tag color={STATE_COLOR[state]}>{t(`cycle.state.${state}`)}</Tag>;
      },
    },
    {
      key: 'actions',
      title: t('cycle.actions'),
      render: (_, s) => (
        <Button size="small" onClick={() => setEditing(s)} aria-label={t('cycle.editNamed', { stage: t(`journey.stage.${s.stage}`) })}>
          {t('cycle.edit')}
        </Button>
      ),
    },
  ];
  const yearColumns: TableColumnsType<RecruitYearRow> = [
    { key: 'year', title: t('cycle.year'), render: (_, y) => (y.current ? <>{y.year} <Tag color="green">{t('cycle.current')}</Tag></> : y.year) },
    { key: 'applicants', title: t('cycle.applicants'), dataIndex: 'applicants' },
    { key: 'created', title: t('cycle.created'), render: (_, y) => time.day(y.createdAt, 'medium') },
  ];

  return (
    <div className="page cycle">
      <h1 className="page__title">{t('menu.staff.cycle')}</h1>
      <p className="page__lead">{t('cycle.lead')}</p>
      <CycleSwitch value={cycle} onChange={setCycle} />
      {cycle !== STAFF_CYCLES[0] && <Alert className="cycle__gat" type="info" showIcon title={t('cycle.gatLead')} />}
      <QueryState query={timeline} texts={{ loading: t('cycle.loading'), refused: t('cycle.refused'), loadFailed: t('cycle.loadFailed') }}>
        {(data) => (
          <Card
            className="cycle__card"
            title={<h2 className="cycle__heading">{t('cycle.timelineTitle', { year: data.recruitYear })}</h2>}
            extra={
              <Select
                aria-label={t('cycle.showYear')}
                value={shown}
                onChange={setYear}
                options={(years.data?.years ?? []).map((y) => ({ value: y.year, label: y.year }))}
                className="cycle__year"
              />
            }
          >
            <p className="cycle__muted">{t('cycle.beijingTimes')}</p>
            <Table<TimelineStage> rowKey="stage" size="small" columns={stageColumns} dataSource={data.stages} pagination={false} scroll={{ x: 'max-content' }} />
            <h3 className="cycle__subheading">{t('cycle.releasesTitle')}</h3>
            <ul className="cycle__releases">
              {data.releases.map((r) => (
                <li key={r.release}>
                  {t(`releases.name.${r.release}`)}: {r.published ? <Tag color="green">{t('cycle.published')}</Tag> : <Tag>{t('cycle.notPublished')}</Tag>}
                </li>
              ))}
            </ul>
            <p className="cycle__muted">
              {t('cycle.releasesHelp')} <Link to={cycle === STAFF_CYCLES[0] ? '/admissions/releases' : `/admissions/releases?cycle=${cycle}`}>{t('menu.staff.releases')}</Link>
            </p>
          </Card>
        )}
      </QueryState>
      <Card
        className="cycle__card"
        title={<h2 className="cycle__heading">{t('cycle.yearsTitle')}</h2>}
        extra={
          next && (
            <Button danger onClick={() => setStarting(true)}>
              {t('cycle.start', { year: next })}
            </Button>
          )
        }
      >
        <Table<RecruitYearRow> rowKey="year" size="small" columns={yearColumns} dataSource={years.data?.years ?? []} loading={years.isFetching} pagination={false} />
      </Card>
      {editing && shown && <WindowDialog cycle={cycle} recruitYear={shown} stage={editing} onClose={() => setEditing(null)} />}
      {starting && next && <StartYearDialog next={next} current={current} onClose={() => setStarting(false)} />}
    </div>
  );
}
