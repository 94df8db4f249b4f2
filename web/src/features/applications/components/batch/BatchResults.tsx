import { Alert, Button, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchResult } from '@gradus/contract/api/staff-batch';

interface Row {
  applicationId: number;
  applicantNumber: string | null;
  done: boolean;
  reason: string;
}

/**
 * What a batch did, application by application: the refused first, each with the server's reason in
 * the reader's language, then those changed. Nothing is hidden behind a count alone.
 */
export function BatchResults({ result, onClose }: { result: BatchResult; onClose: () => void }) {
  const { t } = useTranslation();
  const rows: Row[] = [
    ...result.refused.map((r) => ({ ...r, done: false })),
    ...result.applied.map((a) => ({ ...a, done: true, reason: '' })),
  ];
  const columns: TableColumnsType<Row> = [
    { key: 'application', title: t('batch.result.application'), render: (_, r) => r.applicantNumber ?? t('batch.result.unknown', { id: r.applicationId }) },
    { key: 'outcome', title: t('batch.result.outcome'), render: (_, r) => (r.done ? <Tag color="success">{t('batch.result.done')}</Tag> : <Tag color="error">{t('batch.result.refused')}</Tag>) },
    { key: 'reason', title: t('batch.result.reason'), render: (_, r) => r.reason || '—' },
  ];
  const refused = result.refused.length;
  return (
    <Modal
      open
      title={t('batch.result.title')}
      onCancel={onClose}
      width={720}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('batch.result.close')}
        </Button>
      }
    >
      <Alert
        className="batch__summary"
        type={refused === 0 ? 'success' : result.done === 0 ? 'error' : 'warning'}
        showIcon
        role="status"
        title={refused === 0 ? t('batch.result.allDone', { done: result.done }) : t('batch.result.summary', { done: result.done, refused })}
      />
      <Table<Row>
        className="batch__results"
        rowKey="applicationId"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
      />
    </Modal>
  );
}
