import { Empty, Table, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOCTOR_AREA, type AdmissionArea } from '@gradus/contract/areas';
import type { ApplicationFileView, HistoryEntry } from '@gradus/contract/api/staff-file';
import { returnSectionsOf } from '../review/ReturnFields';
import { useUniversityTime } from '@/lib/university-time';

const yuan = (cents: number) => (cents / 100).toFixed(2);

/** Every decision recorded on the file, with who and when. */
export function DecisionsTable({ file }: { file: ApplicationFileView }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  return (
    <Table
      size="small"
      rowKey="stage"
      pagination={false}
      dataSource={file.decisions}
      locale={{ emptyText: t('file.decisions.none') }}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'stage', title: t('file.decisions.stage'), render: (_, d) => t(`file.stage.${d.stage}`, { defaultValue: d.stage }) },
        { key: 'outcome', title: t('file.decisions.outcome'), render: (_, d) => t(`file.outcome.${d.outcome}`, { defaultValue: d.outcome }) },
        { key: 'reason', title: t('file.decisions.reason'), render: (_, d) => d.reason ?? '—' },
        { key: 'by', title: t('file.decisions.by'), render: (_, d) => d.decidedBy ?? t('file.history.portal') },
        { key: 'at', title: t('file.decisions.at'), render: (_, d) => time.plain(d.decidedAt) },
      ]}
    />
  );
}

/** The experts the file is assigned to; only those who run the file see it. */
export function AssignmentsTable({ assignments }: { assignments: NonNullable<ApplicationFileView['assignments']> }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  return (
    <Table
      size="small"
      rowKey={(a) => `${a.stage}:${a.expertName}`}
      pagination={false}
      dataSource={assignments}
      locale={{ emptyText: t('file.assignments.none') }}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'expert', title: t('file.assignments.expert'), dataIndex: 'expertName' },
        { key: 'stage', title: t('file.decisions.stage'), render: (_, a) => t(`file.stage.${a.stage}`, { defaultValue: a.stage }) },
        { key: 'by', title: t('file.assignments.by'), render: (_, a) => a.assignedBy ?? t('file.history.portal') },
        { key: 'at', title: t('file.decisions.at'), render: (_, a) => time.plain(a.assignedAt) },
      ]}
    />
  );
}

export function OrdersTable({ orders }: { orders: NonNullable<ApplicationFileView['orders']> }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  return (
    <Table
      size="small"
      rowKey="orderNo"
      pagination={false}
      dataSource={orders}
      locale={{ emptyText: t('file.orders.none') }}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'orderNo', title: t('file.orders.orderNo'), dataIndex: 'orderNo' },
        { key: 'amount', title: t('file.orders.amount'), render: (_, o) => `¥${yuan(o.amountCents)}` },
        { key: 'status', title: t('file.orders.status'), render: (_, o) => t(`file.orders.${o.status}`) },
        { key: 'provider', title: t('file.orders.provider'), render: (_, o) => o.provider ?? '—' },
        { key: 'createdAt', title: t('file.orders.createdAt'), render: (_, o) => time.plain(o.createdAt) },
        { key: 'paidAt', title: t('file.orders.paidAt'), render: (_, o) => (o.paidAt ? time.plain(o.paidAt) : '—') },
      ]}
    />
  );
}

/** One history line in words: what happened, with its values, and who did it. */
function useHistoryLine(area: AdmissionArea) {
  const { t } = useTranslation();
  // A return names the sections of the area's own form (a camp form's "undergraduate").
  const { labelKey } = returnSectionsOf(area);
  return (h: HistoryEntry) => {
    const d = h.detail;
    const values = {
      ...d,
      category: d.category ? t(`materials.category.${d.category}`, { defaultValue: d.category }) : '',
      stage: d.stage ? t(`file.stage.${d.stage}`, { defaultValue: d.stage }) : '',
      outcome: d.outcome ? t(`file.outcome.${d.outcome}`, { defaultValue: d.outcome }) : '',
      sections: d.sections ? d.sections.split(', ').map((s) => t(labelKey(s), { defaultValue: s })).join(t('file.listSeparator')) : '',
    };
    const what = t(`file.history.${h.event}`, values);
    const why = d.reason ? t('file.history.reason', { reason: d.reason }) : '';
    return [what, why].filter(Boolean).join(' ');
  };
}

export function HistoryList({ history, area = DOCTOR_AREA }: { history: HistoryEntry[]; area?: AdmissionArea }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const line = useHistoryLine(area);
  if (history.length === 0) return <Empty description={t('file.history.none')} />;
  return (
    <Timeline
      className="file-history"
      items={history.map((h, i) => ({
        key: `${h.at}:${i}`,
        content: (
          <>
            <div>{line(h)}</div>
            <div className="file-history__meta">
              {time.plain(h.at)} · {h.by ?? (['registered', 'formSubmitted', 'orderPaid', 'materialUploaded'].includes(h.event) ? t('file.history.applicant') : t('file.history.portal'))}
            </div>
          </>
        ),
      }))}
    />
  );
}
