import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MyReviewRow, MyReviewsView } from '@gradus/contract/api/staff-scoring';
import { DeclarationFrame } from '@/lib/review-link/DeclarationFrame';
import type { LinkCalls } from '../../api/review-link';
import { useLocalName } from '@/lib/local-name';
import { ConflictButton } from '../scoring/ConflictButton';

/**
 * Before any file opens: the applicants the expert is asked to review, a conflict declared on any
 * of them (that file leaves the list), then the declaration of no conflict with the others.
 */
export function DeclarationStep({ calls, reviews }: { calls: LinkCalls; reviews: MyReviewsView }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  return (
    <DeclarationFrame call={calls.call} lead={<p>{t('linkReview.declareLead')}</p>} box={t('linkReview.declareBox')} confirmLabel={t('linkReview.declareConfirm')}>
      <Table<MyReviewRow>
        size="small"
        rowKey="applicationId"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={reviews.rows}
        locale={{ emptyText: t('linkReview.noneLeft') }}
        columns={[
          { key: 'number', title: t('applications.column.applicantNumber'), dataIndex: 'applicantNumber' },
          { key: 'name', title: t('applications.column.name'), dataIndex: 'name' },
          { key: 'programme', title: t('applications.column.programme'), render: (_, r) => (r.programme ? localName(r.programme) : '—') },
          {
            key: 'conflict',
            title: t('scoring.conflict.action'),
            render: (_, r) => (
              <ConflictButton applicationId={r.applicationId} who={`${r.name} (${r.applicantNumber})`} label={t('linkReview.conflictWith', { name: r.name })} onDeclared={() => undefined} />
            ),
          },
        ]}
      />
    </DeclarationFrame>
  );
}
