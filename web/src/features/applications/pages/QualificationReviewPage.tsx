import { useMemo } from 'react';
import type { TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationListRequest, ApplicationListRow } from '@gradus/contract/api/staff';
import { useSession } from '@/lib/session';
import { useApplicationList } from '../api/list';
import { useFilterOptions } from '../api/options';
import { QueueBar, queueOf, useQueueCounts } from '../components/review/QueueBar';
import { QUEUE_PAGE_SIZE, QueueTable, useQueueColumns } from '../components/review/QueueTable';
import { ReviewActions } from '../components/review/ReviewActions';
import { StatusTag } from '../components/StatusTag';
import { withParams } from '../list-query';
import '../applications.css';
import '../review.css';

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
  const programmeId = Number(params.get('programmeId')) || undefined;
  const queue = queueOf(params.get('queue'));
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const recruitYear = options.data?.currentYear ?? undefined;

  const base = useMemo((): ApplicationListRequest => ({ area: 'doctor', formStatus: 'submitted', payment: 'paid', sortField: 'submittedAt', sortOrder: 'ascend', ...(recruitYear ? { recruitYear } : {}), ...(programmeId ? { programmeId } : {}) }), [recruitYear, programmeId]);
  const ready = Boolean(options.data);
  const shown = useApplicationList(viewer, { ...base, qualification: queue, pageNum, pageSize: QUEUE_PAGE_SIZE }, ready);
  const counts = useQueueCounts(viewer, base, 'qualification', ready);
  const go = (next: Record<string, string | undefined>) => setParams(withParams(params, next));

  const columns: TableColumnsType<ApplicationListRow> = [
    ...useQueueColumns(),
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
      <QueueBar
        options={options.data}
        programmeId={programmeId}
        onProgramme={(v) => go({ programmeId: v ? String(v) : undefined, page: undefined })}
        queue={queue}
        counts={counts}
        onQueue={(q) => go({ queue: q, page: undefined })}
        queueLabel={(q, count) => t(`review.qualification.queue.${q}`, { count })}
      />
      <QueueTable shown={shown} columns={columns} pageNum={pageNum} total={counts[queue]} emptyText={t(`review.qualification.empty.${queue}`)} onPage={(page) => go({ page: String(page) })} />
    </div>
  );
}
