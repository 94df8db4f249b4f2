import { useMemo } from 'react';
import { Alert, Radio, Select, Table, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationListRequest, ApplicationListRow, QualificationFilter } from '@gradus/contract/api/staff';
import { ReplyError } from '@/lib/request';
import { useSession } from '@/lib/session';
import { useUniversityTime } from '@/lib/university-time';
import { useApplicationList } from '../api/list';
import { useFilterOptions } from '../api/options';
import { ReviewActions } from '../components/review/ReviewActions';
import { StatusTag } from '../components/StatusTag';
import { withParams } from '../list-query';
import { useLocalName } from '@/lib/local-name';
import '../applications.css';
import '../review.css';

const QUEUES: readonly QualificationFilter[] = ['pending', 'pass', 'fail'];
const PAGE_SIZE = 20;

/**
 * staff/qualificationReview: the eligibility review, programme by programme. The applications to
 * judge are the submitted and paid ones of this year; each row passes, fails (with a reason) or
 * returns the form for correction, and moves to its list. The programme and the queue are in the
 * address, so a secretary comes back to where they were.
 */
export default function QualificationReviewPage() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.userId ?? 0);
  const role = useSession((s) => s.roles[0] ?? '');
  const viewer = `${userId}:${role}`;
  const [params, setParams] = useSearchParams();
  const options = useFilterOptions(viewer);
  const time = useUniversityTime();
  const localName = useLocalName();
  const programmeId = Number(params.get('programmeId')) || undefined;
  const queue = (QUEUES as readonly string[]).includes(params.get('queue') ?? '') ? (params.get('queue') as QualificationFilter) : 'pending';
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const recruitYear = options.data?.currentYear ?? undefined;

  const base = useMemo((): ApplicationListRequest => ({ area: 'doctor', formStatus: 'submitted', payment: 'paid', sortField: 'submittedAt', sortOrder: 'ascend', ...(recruitYear ? { recruitYear } : {}), ...(programmeId ? { programmeId } : {}) }), [recruitYear, programmeId]);
  const ready = Boolean(options.data);
  const shown = useApplicationList(viewer, { ...base, qualification: queue, pageNum, pageSize: PAGE_SIZE }, ready);
  // Each queue's exact size (a programme's queue is a few hundred at most; the list alone would
  // stop counting at a thousand), which the pager uses too.
  const counts = {
    pending: useApplicationList(viewer, { ...base, qualification: 'pending', pageSize: 10, exactTotal: true }, ready),
    pass: useApplicationList(viewer, { ...base, qualification: 'pass', pageSize: 10, exactTotal: true }, ready),
    fail: useApplicationList(viewer, { ...base, qualification: 'fail', pageSize: 10, exactTotal: true }, ready),
  };
  const go = (next: Record<string, string | undefined>) => setParams(withParams(params, next));

  const columns: TableColumnsType<ApplicationListRow> = [
    { key: 'number', title: t('applications.column.applicantNumber'), fixed: 'left', render: (_, r) => <Link to={`/admissions/file?id=${r.applicationId}`}>{r.applicantNumber}</Link> },
    { key: 'name', title: t('applications.column.name'), dataIndex: 'name' },
    { key: 'programme', title: t('applications.column.programme'), render: (_, r) => (r.programme ? localName(r.programme) : '—') },
    { key: 'submittedAt', title: t('applications.column.submittedAt'), render: (_, r) => (r.submittedAt ? time.plain(r.submittedAt) : '—') },
    { key: 'photo', title: t('applications.column.photo'), render: (_, r) => <StatusTag kind="photo" value={r.photo} /> },
    {
      key: 'actions',
      title: t('review.actions'),
      // The decision stays in view on a tablet, whatever the table scrolls.
      fixed: 'right',
      render: (_, r) => <ReviewActions compact applicationId={r.applicationId} who={`${r.name} (${r.applicantNumber})`} canDecide canReturn submitted={r.formStatus === 'submitted'} />,
    },
  ];

  return (
    <div className="page qualification">
      <h1 className="page__title">{t('menu.staff.qualification')}</h1>
      <p className="page__lead">{t('review.qualification.lead', { year: recruitYear ?? '' })}</p>
      <div className="qualification__bar">
        <label className="qualification__programme">
          <span>{t('applications.filter.programmeId')}</span>
          <Select
            allowClear
            aria-label={t('applications.filter.programmeId')}
            placeholder={t('review.qualification.allProgrammes')}
            value={programmeId}
            onChange={(v?: number) => go({ programmeId: v ? String(v) : undefined, page: undefined })}
            options={(options.data?.programmes ?? []).map((p) => ({ value: p.id, label: `${localName(p)} ${p.code}` }))}
          />
        </label>
        <Radio.Group optionType="button" value={queue} onChange={(e) => go({ queue: e.target.value as string, page: undefined })} aria-label={t('review.qualification.queues')}>
          {QUEUES.map((q) => (
            <Radio.Button key={q} value={q}>
              {t(`review.qualification.queue.${q}`, { count: counts[q].data?.total ?? 0 })}
            </Radio.Button>
          ))}
        </Radio.Group>
      </div>
      {shown.isError && <Alert type="error" showIcon title={t('applications.loadFailed')} description={shown.error instanceof ReplyError ? shown.error.message : undefined} />}
      <Table<ApplicationListRow>
        rowKey="applicationId"
        size="middle"
        columns={columns}
        dataSource={shown.data?.rows ?? []}
        loading={shown.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t(`review.qualification.empty.${queue}`) }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: counts[queue].data?.total ?? shown.data?.total ?? 0, showSizeChanger: false, onChange: (page) => go({ page: String(page) }) }}
      />
      <p className="applications__zone">{t('applications.timeZone')}</p>
    </div>
  );
}
