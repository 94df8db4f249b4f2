import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExpertScoreView, ScoringView } from '@gradus/contract/api/staff-scoring';

/** The other experts' scores: shown only once the caller's own is submitted (blind review). */
export function OtherScores({ view }: { view: ScoringView }) {
  const { t } = useTranslation();
  if (view.others === null) return <Alert type="info" showIcon title={t('scoring.blind')} />;
  const items = view.sheet?.items ?? [];
  // The region scrolls on a narrow screen, so it takes the focus: keyboard users scroll it too.
  return (
    <div className="scoring__others-scroll" role="region" aria-label={t('scoring.othersTitle')} tabIndex={0}>
      <Table
        size="small"
        rowKey={(o) => `${o.expertUserId ?? ''}:${o.expertName}:${o.submittedAt ?? ''}`}
        pagination={false}
        dataSource={view.others}
        locale={{ emptyText: t('scoring.noOthers') }}
        columns={[
          { key: 'expert', title: t('file.assignments.expert'), dataIndex: 'expertName' },
          ...items.map((item) => ({ key: item.key, title: item.nameEn === item.nameZh ? item.nameEn : `${item.nameZh} / ${item.nameEn}`, render: (_: unknown, o: ExpertScoreView) => o.scores[item.key] ?? '—' })),
          { key: 'total', title: t('scoring.totalColumn'), render: (_, o) => o.total ?? '—' },
          { key: 'status', title: t('scoring.status.title'), render: (_, o) => t(`scoring.status.${o.status}`) },
          { key: 'comment', title: t('scoring.comment'), render: (_, o) => o.comment || '—' },
        ]}
      />
    </div>
  );
}
