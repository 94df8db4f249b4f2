import { Alert, Progress, Table, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyReviewRow } from '@gradus/contract/api/staff-scoring';
import { useMyReviews } from '../api/expert-review';
import { useLocalName } from '@/lib/local-name';
import { useViewer } from '@/lib/viewer';
import '../applications.css';
import '../review.css';

const STATUS_COLOURS = { notStarted: 'default', draft: 'gold', submitted: 'green' } as const;

/**
 * staff/expertReviews: the files assigned to this expert in the material review, what is done
 * and what is left, each opening its scoring screen. An evening's work at a glance.
 */
export default function ExpertReviewsPage() {
  const { t } = useTranslation();
  const mine = useMyReviews(useViewer());
  const localName = useLocalName();
  const rows = mine.data?.rows ?? [];
  const done = rows.filter((r) => r.status === 'submitted').length;
  const columns: TableColumnsType<MyReviewRow> = [
    { key: 'number', title: t('applications.column.applicantNumber'), render: (_, r) => <Link to={`/admissions/score?id=${r.applicationId}`}>{r.applicantNumber}</Link> },
    { key: 'name', title: t('applications.column.name'), dataIndex: 'name' },
    { key: 'programme', title: t('applications.column.programme'), render: (_, r) => (r.programme ? localName(r.programme) : '—') },
    { key: 'status', title: t('scoring.status.title'), render: (_, r) => <Tag color={STATUS_COLOURS[r.status]}>{t(`scoring.status.${r.status}`)}</Tag> },
    { key: 'total', title: t('scoring.myTotal'), render: (_, r) => r.total ?? '—' },
    {
      key: 'open',
      title: t('review.actions'),
      render: (_, r) => <Link to={`/admissions/score?id=${r.applicationId}`}>{t(r.status === 'submitted' ? 'scoring.open' : 'scoring.score', { name: r.name })}</Link>,
    },
  ];
  return (
    <div className="page expert-reviews">
      <h1 className="page__title">{t('menu.staff.myReviews')}</h1>
      <p className="page__lead">{t('scoring.lead')}</p>
      {mine.data?.closed && <Alert className="file__notice" type="info" showIcon title={t('scoring.closed')} />}
      {rows.length > 0 && (
        <div className="expert-reviews__progress">
          <span>{t('scoring.progress', { done, total: rows.length })}</span>
          <Progress percent={Math.round((done / rows.length) * 100)} showInfo={false} aria-hidden />
        </div>
      )}
      <Table<MyReviewRow> rowKey="applicationId" columns={columns} dataSource={rows} loading={mine.isFetching} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('scoring.none') }} />
    </div>
  );
}
