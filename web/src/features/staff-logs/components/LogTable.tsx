import { Alert, Table, type TableColumnsType, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOG_PAGE_SIZES } from '@gradus/contract/api/staff-logs';
import { ReplyError } from '@/lib/request';
import { KeyboardScroll } from '@/lib/ui/KeyboardScroll';

interface Props<Row> {
  /** The log's name, for the region a keyboard user scrolls sideways. */
  label: string;
  columns: TableColumnsType<Row>;
  log: UseQueryResult<{ total: number; rows: Row[] }>;
  paging: { pageNum: number; pageSize: number };
  onChange: TableProps<Row>['onChange'];
}

/** One page of a log (the audit trail or the sign-ins), paged on the server, with its load failure. */
export function LogTable<Row extends { id: number }>({ label, columns, log, paging, onChange }: Props<Row>) {
  const { t } = useTranslation();
  return (
    <>
      {log.isError && <Alert className="logs__notice" type="error" showIcon title={t('logs.loadFailed')} description={log.error instanceof ReplyError ? log.error.message : undefined} />}
      <KeyboardScroll label={label}>
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={log.data?.rows ?? []}
          loading={log.isFetching}
          onChange={onChange}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('logs.empty') }}
          pagination={{
            current: paging.pageNum,
            pageSize: paging.pageSize,
            total: log.data?.total ?? 0,
            pageSizeOptions: LOG_PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (count) => t('logs.count', { count }),
          }}
        />
      </KeyboardScroll>
    </>
  );
}
