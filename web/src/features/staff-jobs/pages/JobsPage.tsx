import { Alert, Button, Progress, Table, Tag, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NoticeJobView, PrintingJobView } from '@gradus/contract/api/staff-jobs';
import { ReplyError } from '@/lib/request';
import { KeyboardScroll } from '@/lib/ui/KeyboardScroll';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { useJobsOverview } from '../api/jobs';
import '../staff-jobs.css';

const STATE_COLOR = { running: 'blue', done: 'green', failed: 'red' } as const;

/**
 * staff/jobs: what the portal does in the background (issue #12), for the system administrator on
 * release day: the latest ticket printings with their progress, the latest releases' notices with
 * how many went and why some could not, and what waits now, across every instance.
 */
export default function JobsPage() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const time = useUniversityTime();
  const jobs = useJobsOverview(viewer);
  const data = jobs.data;
  const n = (v: number) => v.toLocaleString(i18n.language);

  const printingColumns: TableColumnsType<PrintingJobView> = [
    { key: 'session', title: t('jobs.column.session'), render: (_, p) => `${p.subject} · ${t(`exams.kind.${p.kind}`, { defaultValue: p.kind })} · ${p.recruitYear}` },
    {
      key: 'state',
      title: t('jobs.column.state'),
      render: (_, p) => (
        <div className="jobs__state">
          <Tag color={STATE_COLOR[p.state]}>{t(`jobs.state.${p.state}`)}</Tag>
          {p.state === 'running' && (
            <Progress percent={p.total ? Math.floor((100 * p.done) / p.total) : 0} size="small" aria-label={t('jobs.printed', { done: n(p.done), total: n(p.total) })} />
          )}
          <span>{t('jobs.printed', { done: n(p.done), total: n(p.total) })}</span>
        </div>
      ),
    },
    { key: 'by', title: t('jobs.column.requestedBy'), render: (_, p) => p.requestedBy ?? '—' },
    { key: 'at', title: t('jobs.column.requestedAt'), className: 'jobs__nowrap', render: (_, p) => time.plain(p.requestedAt) },
    { key: 'finished', title: t('jobs.column.finishedAt'), className: 'jobs__nowrap', render: (_, p) => (p.finishedAt ? time.plain(p.finishedAt) : '—') },
  ];

  const noticeColumns: TableColumnsType<NoticeJobView> = [
    {
      key: 'result',
      title: t('jobs.column.result'),
      render: (_, r) => `${t(`releases.name.${r.release}`, { defaultValue: r.release })} · ${t(`cycle.name.${r.area}`, { defaultValue: r.area })} · ${r.recruitYear}`,
    },
    {
      key: 'progress',
      title: t('jobs.column.mailed'),
      render: (_, r) => (
        <div className="jobs__state">
          <span>{t('releases.notices.sent', { sent: n(r.sent), total: n(r.sent + r.waiting + r.failed) })}</span>
          {r.waiting > 0 && <span className="jobs__secondary">{t('releases.notices.waiting', { n: n(r.waiting) })}</span>}
          {r.failed > 0 && <span className="jobs__failed">{t('releases.notices.failed', { n: n(r.failed) })}</span>}
        </div>
      ),
    },
    { key: 'error', title: t('jobs.column.lastError'), render: (_, r) => (r.lastError ? <span className="jobs__mono">{r.lastError}</span> : '—') },
    { key: 'written', title: t('jobs.column.writtenAt'), className: 'jobs__nowrap', render: (_, r) => time.plain(r.writtenAt) },
  ];

  return (
    <div className="page jobs">
      <h1 className="page__title">{t('menu.staff.jobs')}</h1>
      <p className="page__lead">{t('jobs.lead')}</p>
      <div className="jobs__toolbar">
        {data && (
          <p className="jobs__now">
            {t(data.runner === 'redis' ? 'jobs.runner.redis' : 'jobs.runner.process')} {t('jobs.waiting', { printing: n(data.waiting.printing), mail: n(data.waiting.mail) })}
          </p>
        )}
        <Button icon={<ReloadOutlined aria-hidden />} loading={jobs.isFetching} onClick={() => void jobs.refetch()}>
          {t('jobs.refresh')}
        </Button>
      </div>
      {jobs.isError && <Alert className="jobs__notice" type="error" showIcon title={t('jobs.loadFailed')} description={jobs.error instanceof ReplyError ? jobs.error.message : undefined} />}
      <h2 className="jobs__heading">{t('jobs.printings')}</h2>
      <KeyboardScroll label={t('jobs.printings')}>
        <Table<PrintingJobView>
          rowKey="id"
          size="middle"
          columns={printingColumns}
          dataSource={data?.printings ?? []}
          loading={jobs.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <span className="jobs__secondary">{t('jobs.noPrintings')}</span> }}
          aria-label={t('jobs.printings')}
        />
      </KeyboardScroll>
      <h2 className="jobs__heading">{t('jobs.notices')}</h2>
      <KeyboardScroll label={t('jobs.notices')}>
        <Table<NoticeJobView>
          rowKey={(r) => `${r.area}:${r.recruitYear}:${r.release}`}
          size="middle"
          columns={noticeColumns}
          dataSource={data?.notices ?? []}
          loading={jobs.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <span className="jobs__secondary">{t('jobs.noNotices')}</span> }}
          aria-label={t('jobs.notices')}
        />
      </KeyboardScroll>
    </div>
  );
}
