import { Button, Progress, Space, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExamSessionSummary } from '@gradus/contract/api/staff-exams';
import { useUniversityTime } from '@/lib/university-time';
import { useBatchProgress } from '../api/exams';

/** Where the session's tickets stand: never printed, printing (with its progress), ready to download, out of date, failed. */
export function TicketsCell({ session, onDownload }: { session: ExamSessionSummary; onDownload: () => void }) {
  const { t, i18n } = useTranslation();
  const time = useUniversityTime();
  const batch = useBatchProgress(session.batch);
  const count = (n: number) => n.toLocaleString(i18n.language);
  if (!batch) return <span className="exams__muted">{t('exams.tickets.none')}</span>;
  if (batch.state === 'running') {
    const percent = batch.total ? Math.floor((batch.done / batch.total) * 100) : 0;
    return (
      <div className="exams__progress">
        <span>{t('exams.tickets.printing', { done: count(batch.done), total: count(batch.total) })}</span>
        <Progress percent={percent} size="small" aria-label={t('exams.tickets.progressOf', { subject: session.subject })} />
      </div>
    );
  }
  if (batch.state === 'failed') return <Tag color="red">{t(batch.error === 'interrupted' ? 'exams.tickets.interrupted' : 'exams.tickets.failed')}</Tag>;
  return (
    <Space direction="vertical" size={2}>
      <span>{t('exams.tickets.ready', { total: count(batch.total), at: time.plain(batch.finishedAt ?? batch.requestedAt) })}</span>
      {session.changedSinceBatch && <Tag color="orange">{t('exams.tickets.stale')}</Tag>}
      <Button size="small" icon={<DownloadOutlined aria-hidden />} onClick={onDownload} aria-label={t('exams.downloadNamed', { subject: session.subject })}>
        {t('exams.download')}
      </Button>
    </Space>
  );
}
