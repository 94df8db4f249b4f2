import { Alert, Grid, Table, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationListRow } from '@gradus/contract/api/staff';
import type { ApplicationListPage } from '@gradus/contract/api/staff-batch';
import { ReplyError } from '@/lib/request';
import { useLocalName } from '@/lib/local-name';
import { useUniversityTime } from '@/lib/university-time';

export const QUEUE_PAGE_SIZE = 20;

/** The columns every review queue starts with: the number (opening the file), the name, the programme, when it was submitted. */
export function useQueueColumns(programmeTitle?: string): TableColumnsType<ApplicationListRow> {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const localName = useLocalName();
  return [
    { key: 'number', title: t('applications.column.applicantNumber'), fixed: 'left', render: (_, r) => <Link to={`/admissions/file?id=${r.applicationId}`}>{r.applicantNumber}</Link> },
    { key: 'name', title: t('applications.column.name'), dataIndex: 'name' },
    { key: 'programme', title: programmeTitle ?? t('applications.column.programme'), render: (_, r) => (r.programme ? localName(r.programme) : '—') },
    { key: 'submittedAt', title: t('applications.column.submittedAt'), render: (_, r) => (r.submittedAt ? time.plain(r.submittedAt) : '—') },
  ];
}

interface Props {
  shown: UseQueryResult<ApplicationListPage>;
  columns: TableColumnsType<ApplicationListRow>;
  pageNum: number;
  /** The queue's exact size when counted, else the page's own count. */
  total: number | undefined;
  emptyText: string;
  onPage: (page: number) => void;
}

/** One page of a review queue; the decision column stays in view on a wide screen, on a phone the table scrolls sideways. */
export function QueueTable({ shown, columns, pageNum, total, emptyText, onPage }: Props) {
  const { t } = useTranslation();
  // On a phone a fixed column would cover the whole width (the decision's buttons alone fill it): the row scrolls as one.
  const wide = Grid.useBreakpoint().md ?? true;
  const shownColumns = wide ? columns : columns.map(({ fixed: _fixed, ...column }) => column);
  return (
    <>
      {shown.isError && <Alert type="error" showIcon title={t('applications.loadFailed')} description={shown.error instanceof ReplyError ? shown.error.message : undefined} />}
      <Table<ApplicationListRow>
        rowKey="applicationId"
        size="middle"
        columns={shownColumns}
        dataSource={shown.data?.rows ?? []}
        loading={shown.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText }}
        pagination={{ current: pageNum, pageSize: QUEUE_PAGE_SIZE, total: total ?? shown.data?.total ?? 0, showSizeChanger: false, onChange: onPage }}
      />
      <p className="applications__zone">{t('applications.timeZone')}</p>
    </>
  );
}
