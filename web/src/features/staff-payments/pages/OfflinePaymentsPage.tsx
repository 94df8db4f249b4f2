import { useState } from 'react';
import { FileOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OFFLINE_RECEIPT_STATES, type OfflineReceiptRowView, type OfflineReceiptState } from '@gradus/contract/api/offline-payment';
import { downloadFile } from '@/lib/download';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { useReceipts } from '../api/receipts';
import { DecisionDialog, type Decision } from '../components/DecisionDialog';
import { useMoney } from '../components/useMoney';
import '../staff-payments.css';

const STATE_COLOR = { submitted: 'gold', confirmed: 'green', rejected: 'red' } as const;

/**
 * staff/offlinePayments (issue #11): the bank-transfer receipts Hong Kong, Macao and Taiwan
 * applicants uploaded, waiting ones first (the longest waiting at the top), decided ones on
 * request. The office opens the receipt, then confirms it (the fee is paid) or rejects it with the
 * reason the applicant reads before uploading another.
 */
export default function OfflinePaymentsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const time = useUniversityTime();
  const money = useMoney();
  const [state, setState] = useState<OfflineReceiptState | 'all'>('submitted');
  const [year, setYear] = useState<string | undefined>(undefined);
  const [q, setQ] = useState('');
  const [deciding, setDeciding] = useState<{ decision: Decision; row: OfflineReceiptRowView } | null>(null);
  const list = useReceipts(viewer, { ...(state === 'all' ? {} : { state }), ...(year ? { recruitYear: year } : {}), ...(q ? { q } : {}) });
  const recruitYear = year ?? list.data?.recruitYear;

  return (
    <div className="page offline-payments">
      <h1 className="page__title">{t('menu.staff.offlinePayments')}</h1>
      <p className="page__lead">{t('offlinePayments.lead')}</p>
      {list.isError && <Alert className="offline-payments__notice" type="error" showIcon title={t('offlinePayments.loadFailed')} />}
      <div className="offline-payments__filters">
        <Select
          className="offline-payments__filter"
          aria-label={t('offlinePayments.stateFilter')}
          value={state}
          onChange={(value: OfflineReceiptState | 'all') => setState(value)}
          options={[...OFFLINE_RECEIPT_STATES.map((s) => ({ value: s, label: t(`offlinePayments.state.${s}`) })), { value: 'all', label: t('offlinePayments.all') }]}
        />
        <Select
          className="offline-payments__filter"
          aria-label={t('offlinePayments.year')}
          value={recruitYear}
          placeholder={t('offlinePayments.year')}
          onChange={(value: string) => setYear(value)}
          options={(list.data?.recruitYears ?? []).map((y) => ({ value: y, label: y }))}
        />
        <Input.Search className="offline-payments__search" aria-label={t('offlinePayments.search')} placeholder={t('offlinePayments.search')} allowClear maxLength={50} onSearch={(value) => setQ(value.trim())} />
      </div>
      <Table<OfflineReceiptRowView>
        className="offline-payments__table"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t(state === 'submitted' ? 'offlinePayments.emptyWaiting' : 'offlinePayments.empty') }}
        columns={[
          { key: 'applicant', title: t('offlinePayments.column.applicant'), render: (_v, r) => `${r.applicantNumber} ${r.name}` },
          { key: 'amount', title: t('offlinePayments.column.amount'), render: (_v, r) => money(r.amountCents, r.currency) },
          { key: 'orderNo', title: t('offlinePayments.column.orderNo'), dataIndex: 'orderNo' },
          { key: 'uploadedAt', title: t('offlinePayments.column.uploadedAt'), render: (_v, r) => time.plain(r.uploadedAt) },
          {
            key: 'receipt',
            title: t('offlinePayments.column.receipt'),
            render: (_v, r) => (
              <Button
                type="link"
                size="small"
                className="offline-payments__file"
                icon={<FileOutlined aria-hidden />}
                aria-label={t('offlinePayments.openReceiptOf', { name: r.name, file: r.fileName })}
                onClick={() => void downloadFile({ filePath: r.filePath, fileName: r.fileName }).catch(() => {})}
              >
                {r.fileName}
              </Button>
            ),
          },
          {
            key: 'state',
            title: t('offlinePayments.column.state'),
            render: (_v, r) => (
              <>
                <Tag color={STATE_COLOR[r.state]}>{t(`offlinePayments.state.${r.state}`)}</Tag>
                {r.state !== 'submitted' && (
                  <Typography.Paragraph className="offline-payments__text" type="secondary">
                    {r.state === 'rejected' ? `${r.reason ?? ''} — ` : r.reference ? `${r.reference} — ` : ''}
                    {r.decidedBy?.name ?? ''} {r.decidedAt ? time.plain(r.decidedAt) : ''}
                  </Typography.Paragraph>
                )}
              </>
            ),
          },
          {
            key: 'act',
            title: t('offlinePayments.column.action'),
            render: (_v, r) =>
              r.state === 'submitted' && (
                <Space wrap>
                  <Button type="primary" size="small" onClick={() => setDeciding({ decision: 'confirm', row: r })} aria-label={t('offlinePayments.confirmOf', { name: r.name })}>
                    {t('offlinePayments.confirm')}
                  </Button>
                  <Button danger size="small" onClick={() => setDeciding({ decision: 'reject', row: r })} aria-label={t('offlinePayments.rejectOf', { name: r.name })}>
                    {t('offlinePayments.reject')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Typography.Paragraph className="offline-payments__zone" type="secondary">
        {t('offlinePayments.zone')}
      </Typography.Paragraph>
      {deciding && <DecisionDialog key={`${deciding.decision}-${deciding.row.id}`} decision={deciding.decision} row={deciding.row} onClose={() => setDeciding(null)} />}
    </div>
  );
}
