import { useMemo } from 'react';
import { Alert, Radio, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdmissionArea } from '@gradus/contract/areas';
import { DEPARTMENT_REVIEW_STAGE, QUALIFICATION_REVIEW_STAGE, type ApplicationListRequest, type ApplicationListRow } from '@gradus/contract/api/staff';
import { RoleKey } from '@gradus/contract/codes';
import { useSession } from '@/lib/session';
import { useApplicationList } from '../../api/list';
import { useFilterOptions } from '../../api/options';
import { withParams } from '../../list-query';
import { paymentValue, StatusTag } from '../StatusTag';
import { QueueBar, queueOf, useQueueCounts } from './QueueBar';
import { QUEUE_PAGE_SIZE, QueueTable, useQueueColumns } from './QueueTable';
import { ReviewActions } from './ReviewActions';
import '../../applications.css';
import '../../review.css';

/** The two steps of such an application's review, in order: the school's, then the graduate school's. */
const STEPS = ['department', 'graduate'] as const;
type Step = (typeof STEPS)[number];
const stepOf = (value: string | null): Step => (value === 'graduate' ? 'graduate' : 'department');

/** What the page of one area says: its own title, its lead (`{{year}}`), and how its programme column is called. */
export interface AreaReviewTexts {
  titleKey: string;
  leadKey: string;
  programmeColumnKey?: string;
}

interface Props {
  area: AdmissionArea;
  texts: AreaReviewTexts;
  /** Whether the area charges a fee: its queue then shows who paid (a camp charges none). */
  withFee: boolean;
}

/**
 * The review queue of an area the school reviews first (departmentReviews: the summer camp, tuimian),
 * in two steps. The school of the chosen programme passes, fails (with a reason) or returns the
 * submitted form; the graduate school then decides the eligibility of those the school passed. The
 * step, the programme and the queue are in the address. The steps' texts (review.camp.*) were the
 * camp's first and say nothing of camps, so every such area shares them; only the title and lead differ.
 */
export function AreaReview({ area, texts, withFee }: Props) {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.userId ?? 0);
  const role = useSession((s) => s.roles[0] ?? '');
  const viewer = `${userId}:${role}`;
  // The list's rows carry no abilities: the graduate school's decision is the office's alone (the
  // server refuses a secretary's anyway), so a secretary follows that step without buttons.
  const decidesForGraduateSchool = role === RoleKey.ADMIN;
  const [params, setParams] = useSearchParams();
  const options = useFilterOptions(viewer);
  const step = stepOf(params.get('step'));
  const programmeId = Number(params.get('programmeId')) || undefined;
  const queue = queueOf(params.get('queue'));
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const recruitYear = options.data?.currentYear ?? undefined;
  // The school's step sorts by its own decision; the graduate school sees only what the school passed.
  const by = step === 'department' ? 'departmentReview' : 'qualification';

  const base = useMemo(
    (): ApplicationListRequest => ({
      area,
      formStatus: 'submitted',
      sortField: 'submittedAt',
      sortOrder: 'ascend',
      ...(step === 'graduate' ? { departmentReview: 'pass' as const } : {}),
      ...(recruitYear ? { recruitYear } : {}),
      ...(programmeId ? { programmeId } : {}),
    }),
    [area, step, recruitYear, programmeId],
  );
  const ready = Boolean(options.data);
  const shown = useApplicationList(viewer, { ...base, [by]: queue, pageNum, pageSize: QUEUE_PAGE_SIZE }, ready);
  const counts = useQueueCounts(viewer, base, by, ready);
  const go = (next: Record<string, string | undefined>) => setParams(withParams(params, next));
  const who = (r: ApplicationListRow) => `${r.name} (${r.applicantNumber})`;
  const graduateDecided = (r: ApplicationListRow) => r.qualification !== 'pending';

  const actions = (r: ApplicationListRow) => {
    // Once the graduate school decided, the school's decision stands and the form can no longer be returned.
    if (graduateDecided(r) && step === 'department') return <Typography.Text type="secondary">{t('review.camp.locked')}</Typography.Text>;
    return (
      <ReviewActions
        compact
        applicationId={r.applicationId}
        who={who(r)}
        stage={step === 'department' ? DEPARTMENT_REVIEW_STAGE : QUALIFICATION_REVIEW_STAGE}
        area={area}
        canDecide
        canReturn={!graduateDecided(r)}
        submitted={r.formStatus === 'submitted'}
      />
    );
  };
  const columns: TableColumnsType<ApplicationListRow> = [
    ...useQueueColumns(texts.programmeColumnKey ? t(texts.programmeColumnKey) : undefined),
    // Shown, not a filter: neither step's decision waits for the fee, but who has paid is worth seeing beside it.
    ...(withFee ? [{ key: 'payment', title: t('applications.column.payment'), render: (_: unknown, r: ApplicationListRow) => <StatusTag kind="payment" value={paymentValue(r)} /> }] : []),
    // The queue says each step's own outcome; the school's step also shows where the graduate school stands.
    ...(step === 'department' ? [{ key: 'qualification', title: t('review.camp.column.graduate'), render: (_: unknown, r: ApplicationListRow) => <StatusTag kind="qualification" value={r.qualification} /> }] : []),
    ...(step === 'department' || decidesForGraduateSchool ? [{ key: 'actions', title: t('review.actions'), fixed: 'right' as const, render: (_: unknown, r: ApplicationListRow) => actions(r) }] : []),
  ];

  return (
    <div className="page qualification">
      <h1 className="page__title">{t(texts.titleKey)}</h1>
      <p className="page__lead">{t(texts.leadKey, { year: recruitYear ?? '' })}</p>
      <Radio.Group
        className="camp-review__steps"
        optionType="button"
        buttonStyle="solid"
        value={step}
        onChange={(e) => go({ step: e.target.value as string, queue: undefined, page: undefined })}
        aria-label={t('review.camp.steps')}
      >
        {STEPS.map((s) => (
          <Radio.Button key={s} value={s}>
            {t(`review.camp.step.${s}`)}
          </Radio.Button>
        ))}
      </Radio.Group>
      <Alert className="camp-review__rule" type="info" showIcon title={t(step === 'graduate' && !decidesForGraduateSchool ? 'review.camp.rule.graduateReadOnly' : `review.camp.rule.${step}`)} />
      <QueueBar
        options={options.data}
        programmeId={programmeId}
        onProgramme={(v) => go({ programmeId: v ? String(v) : undefined, page: undefined })}
        queue={queue}
        counts={counts}
        onQueue={(q) => go({ queue: q, page: undefined })}
        queueLabel={(q, count) => t(step === 'department' ? `review.camp.queue.${q}` : `review.qualification.queue.${q}`, { count })}
      />
      <QueueTable
        shown={shown}
        columns={columns}
        pageNum={pageNum}
        total={counts[queue]}
        emptyText={t(step === 'department' ? `review.camp.empty.${queue}` : `review.qualification.empty.${queue}`)}
        onPage={(page) => go({ page: String(page) })}
      />
    </div>
  );
}
