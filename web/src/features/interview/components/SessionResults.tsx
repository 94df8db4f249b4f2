import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InterviewResultRow } from '@gradus/contract/api/staff-interview';
import { useSessionView } from '../api/interview';
import { useViewer } from '@/lib/viewer';

/**
 * One session's results for the office: the applicants in interview order, each member's total (a
 * draft or a missing score says so), and the combined score with its formula once the whole panel
 * has submitted.
 */
export function SessionResults({ sessionId }: { sessionId: number }) {
  const { t } = useTranslation();
  const view = useSessionView(useViewer(), sessionId);
  const panel = view.data?.panel ?? [];
  const columns: TableColumnsType<InterviewResultRow> = [
    { key: 'position', title: t('interview.position'), dataIndex: 'position', width: 60 },
    { key: 'number', title: t('interview.applicantNumber'), dataIndex: 'applicantNumber' },
    { key: 'name', title: t('interview.name'), dataIndex: 'name' },
    ...panel.map((m, i) => ({
      key: `m${m.userId}`,
      title: m.name,
      render: (_: unknown, r: InterviewResultRow) => {
        const s = r.scores[i];
        if (!s || s.status === 'notStarted') return <span className="interview__missing">{t('interview.status.notStarted')}</span>;
        if (s.status === 'draft') return <Tag color="gold">{t('interview.status.draft')}</Tag>;
        return s.total;
      },
    })),
    { key: 'combined', title: t('interview.combined'), render: (_, r) => (r.formula ? <code>{r.formula}</code> : t('interview.waitingForPanel')) },
  ];
  return (
    <div className="interview__results">
      {view.data && <p className="interview__method">{t('interview.combinedBy', { method: t(`interview.method.${view.data.method}`) })}</p>}
      <Table<InterviewResultRow> rowKey="applicationId" size="small" columns={columns} dataSource={view.data?.rows ?? []} loading={view.isFetching} pagination={false} scroll={{ x: 'max-content' }} />
    </div>
  );
}
