import { Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUALIFICATION_FILTERS, type ApplicationFilterOptionsView, type ApplicationListRequest, type QualificationFilter } from '@gradus/contract/api/staff';
import { useLocalName } from '@/lib/local-name';
import { useApplicationList } from '../../api/list';

/** The queues of a review, in the order a reviewer works through them. */
export const REVIEW_QUEUES: readonly QualificationFilter[] = QUALIFICATION_FILTERS;

/** The queue named in the address, or the one still to decide. */
export const queueOf = (value: string | null): QualificationFilter => ((REVIEW_QUEUES as readonly string[]).includes(value ?? '') ? (value as QualificationFilter) : 'pending');

/**
 * Each queue's exact size (a programme's queue is a few hundred at most; the list alone would stop
 * counting at a thousand), which the pager uses too. `by` is the review the queues are of.
 */
export function useQueueCounts(viewer: string, base: ApplicationListRequest, by: 'qualification' | 'departmentReview', ready: boolean): Record<QualificationFilter, number | undefined> {
  const count = (queue: QualificationFilter) => ({ ...base, [by]: queue, pageSize: 10, exactTotal: true });
  const pending = useApplicationList(viewer, count('pending'), ready);
  const pass = useApplicationList(viewer, count('pass'), ready);
  const fail = useApplicationList(viewer, count('fail'), ready);
  return { pending: pending.data?.total, pass: pass.data?.total, fail: fail.data?.total };
}

interface Props {
  options: ApplicationFilterOptionsView | undefined;
  programmeId: number | undefined;
  onProgramme: (programmeId: number | undefined) => void;
  queue: QualificationFilter;
  counts: Record<QualificationFilter, number | undefined>;
  onQueue: (queue: QualificationFilter) => void;
  /** A queue's button text with its count (`{{count}}`). */
  queueLabel: (queue: QualificationFilter, count: number) => string;
}

/** A review's programme filter and its queues with their sizes: the eligibility review's and the summer camp's. */
export function QueueBar({ options, programmeId, onProgramme, queue, counts, onQueue, queueLabel }: Props) {
  const { t } = useTranslation();
  const localName = useLocalName();
  return (
    <div className="qualification__bar">
      <label className="qualification__programme">
        <span>{t('applications.filter.programmeId')}</span>
        <Select
          allowClear
          aria-label={t('applications.filter.programmeId')}
          placeholder={t('review.qualification.allProgrammes')}
          value={programmeId}
          onChange={(v?: number) => onProgramme(v || undefined)}
          options={(options?.programmes ?? []).map((p) => ({ value: p.id, label: `${localName(p)} ${p.code}` }))}
        />
      </label>
      <Radio.Group optionType="button" value={queue} onChange={(e) => onQueue(e.target.value as QualificationFilter)} aria-label={t('review.qualification.queues')}>
        {REVIEW_QUEUES.map((q) => (
          <Radio.Button key={q} value={q}>
            {queueLabel(q, counts[q] ?? 0)}
          </Radio.Button>
        ))}
      </Radio.Group>
    </div>
  );
}
