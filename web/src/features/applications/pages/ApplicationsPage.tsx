import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Grid, Space, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPLICATION_PAGE_SIZES, type ApplicationListRequest, type ApplicationListRow } from '@gradus/contract/api/staff';
import { departmentReviews } from '@gradus/contract/areas';
import { StaffButton } from '@gradus/contract/menus';
import { usePermission } from '@/lib/permission';
import { ReplyError } from '@/lib/request';
import { useSession } from '@/lib/session';
import { useUniversityTime } from '@/lib/university-time';
import { useApplicationList } from '../api/list';
import { isSelected, useBatchSelection } from '../batch-selection';
import { BatchBar } from '../components/batch/BatchBar';
import { HiddenCopySafe } from '../components/batch/HiddenCopySafe';
import { useFilterOptions } from '../api/options';
import { ColumnChooser } from '../components/ColumnChooser';
import { ExportButton } from '../components/ExportButton';
import { FilterBar } from '../components/FilterBar';
import { SavedFilters } from '../components/SavedFilters';
import { StatusTag, paymentValue } from '../components/StatusTag';
import { filtersInForce, filtersOf, paramsFromQuery, queryFromParams, type ListQuery } from '../list-query';
import { loadColumns, saveColumns } from '../saved-filters';
import { useLocalName } from '@/lib/local-name';
import '../applications.css';

/** Columns a person may hide; the number and the name always stay. */
const OPTIONAL_COLUMNS = ['department', 'programme', 'formStatus', 'submittedAt', 'payment', 'photo', 'qualification', 'savedAt'] as const;
const DEFAULT_COLUMNS = ['programme', 'formStatus', 'submittedAt', 'payment', 'photo', 'qualification'];
const SORTABLE: Record<string, ListQuery['sortField']> = { applicantNumber: 'applicantNumber', name: 'name', programme: 'programme', submittedAt: 'submittedAt', savedAt: 'savedAt' };

/**
 * staff/applications: the applications the staff member's scope covers, filtered, sorted and paged
 * on the server (a secretary with 600 applications never downloads them all), with the state of
 * the form, fee, photo and eligibility review at a glance.
 */
export default function ApplicationsPage() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.userId ?? 0);
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const role = useSession((s) => s.roles[0] ?? '');
  // Keyed by who asks: after a sign-out and another sign-in, or a role switch, in the same tab, no
  // row of the previous scope is drawn while the new one loads.
  const viewer = `${userId}:${role}`;
  const filterKey = filtersInForce(query).toString();
  // Above a thousand matches the server says "more than 1,000" unless asked to count them all; the
  // exact count holds for the filter it was asked for, and a new filter counts up to the cap again.
  const [countedFilter, setCountedFilter] = useState<string | null>(null);
  const exactTotal = countedFilter === filterKey;
  const list = useApplicationList(viewer, exactTotal ? { ...query, exactTotal } : query);
  const options = useFilterOptions(viewer);
  const time = useUniversityTime();
  const localName = useLocalName();
  const [shown, setShown] = useState<string[]>(() => loadColumns(userId, DEFAULT_COLUMNS));
  // On a phone the nine filters would push the list below the fold: they fold behind one button.
  const compact = !Grid.useBreakpoint().md;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = [...filtersInForce(query).keys()].length;
  // The selection is kept by id across pages and sorts; "all matching this filter" belongs to its
  // filter, and nothing of one viewer's selection outlives a change of account or role.
  const { selection, change, selectAll, clear } = useBatchSelection();
  useEffect(() => clear(), [viewer, clear]);
  useEffect(() => {
    if (selection.kind === 'filter' && filtersInForce(selection.filter).toString() !== filterKey) clear();
  }, [filterKey, selection, clear]);
  const allowed = list.data?.allowed ?? { decide: false, returnForm: false, assign: false };
  // Without a batch action to take, a tick would promise something: no boxes at all. A role denied
  // batch actions (their F row) gets neither the boxes nor the bar.
  const mayBatch = usePermission(StaffButton.BATCH);
  const selectable = mayBatch && (allowed.decide || allowed.returnForm || allowed.assign);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const totalCapped = list.data?.totalCapped ?? false;
  const countText = (count: number) => t(totalCapped ? 'applications.countMore' : 'applications.count', { count });

  const go = (next: ApplicationListRequest) => setParams(paramsFromQuery(next));
  const applyFilters = (filters: ApplicationListRequest) => go({ ...filters, sortField: query.sortField, sortOrder: query.sortOrder, pageSize: query.pageSize, pageNum: 1 });
  const sortOrder = (key: string) => (query.sortField === SORTABLE[key] ? query.sortOrder ?? null : null);

  const schoolReviews = query.area !== undefined && departmentReviews(query.area);
  const allColumns: TableColumnsType<ApplicationListRow> = [
    {
      key: 'applicantNumber',
      title: t('applications.column.applicantNumber'),
      sorter: true,
      sortOrder: sortOrder('applicantNumber'),
      fixed: 'left',
      width: 130,
      // The number opens the applicant's file: a link, so it opens in a new tab too.
      render: (_, row) => <Link to={`/admissions/file?id=${row.applicationId}`}>{row.applicantNumber}</Link>,
    },
    { key: 'name', dataIndex: 'name', title: t('applications.column.name'), sorter: true, sortOrder: sortOrder('name'), width: 120 },
    { key: 'department', title: t('applications.column.department'), render: (_, row) => (row.department ? localName(row.department) : '—') },
    { key: 'programme', title: t('applications.column.programme'), sorter: true, sortOrder: sortOrder('programme'), render: (_, row) => (row.programme ? localName(row.programme) : '—') },
    { key: 'formStatus', title: t('applications.column.formStatus'), render: (_, row) => <StatusTag kind="formStatus" value={row.formStatus} /> },
    { key: 'submittedAt', title: t('applications.column.submittedAt'), sorter: true, sortOrder: sortOrder('submittedAt'), render: (_, row) => (row.submittedAt ? time.plain(row.submittedAt) : '—') },
    { key: 'payment', title: t('applications.column.payment'), render: (_, row) => <StatusTag kind="payment" value={paymentValue(row)} /> },
    { key: 'photo', title: t('applications.column.photo'), render: (_, row) => <StatusTag kind="photo" value={row.photo} /> },
    // The school's review exists in some areas only: its column shows when the list is of such an area.
    ...(schoolReviews ? [{ key: 'departmentReview', title: t('applications.column.departmentReview'), render: (_: unknown, row: ApplicationListRow) => <StatusTag kind="departmentReview" value={row.departmentReview ?? 'pending'} /> }] : []),
    { key: 'qualification', title: t('applications.column.qualification'), render: (_, row) => <StatusTag kind="qualification" value={row.qualification} /> },
    { key: 'savedAt', title: t('applications.column.savedAt'), sorter: true, sortOrder: sortOrder('savedAt'), render: (_, row) => time.plain(row.savedAt) },
  ];
  const columns = allColumns.filter((c) => c.key === 'applicantNumber' || c.key === 'name' || c.key === 'departmentReview' || shown.includes(String(c.key)));

  const onTableChange: TableProps<ApplicationListRow>['onChange'] = (pagination, _filters, sorter, extra) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const sortField = one?.order ? SORTABLE[String(one.columnKey)] : undefined;
    go({
      ...filtersOf(query),
      ...(sortField ? { sortField, sortOrder: one!.order! } : {}),
      pageSize: pagination.pageSize ?? query.pageSize,
      // A new sort or page size starts again from the first page.
      pageNum: extra.action === 'paginate' && pagination.pageSize === query.pageSize ? pagination.current ?? 1 : 1,
    });
  };

  return (
    <div className="page applications">
      <h1 className="page__title">{t('menu.staff.applications')}</h1>
      <p className="page__lead">{t('applications.lead')}</p>
      {compact && (
        <Button className="applications__filters-toggle" icon={<FilterOutlined aria-hidden />} aria-expanded={filtersOpen} aria-controls="applications-filters" onClick={() => setFiltersOpen(!filtersOpen)}>
          {t('applications.filter.toggle', { count: activeFilters })}
        </Button>
      )}
      {(!compact || filtersOpen) && <FilterBar value={filtersOf(query)} options={options.data} onChange={applyFilters} />}
      <div className="applications__toolbar">
        <SavedFilters userId={userId} current={filtersOf(query)} onApply={applyFilters} />
        <Space wrap>
          <ExportButton filters={{ ...filtersOf(query), sortField: query.sortField, sortOrder: query.sortOrder }} />
          <ColumnChooser
            all={allColumns.filter((c) => (OPTIONAL_COLUMNS as readonly string[]).includes(String(c.key))).map((c) => ({ key: String(c.key), title: String(c.title) }))}
            shown={shown}
            onChange={(keys) => {
              setShown(keys);
              saveColumns(userId, keys);
            }}
          />
        </Space>
      </div>
      {list.isError && <Alert type="error" showIcon title={t('applications.loadFailed')} description={list.error instanceof ReplyError ? list.error.message : undefined} />}
      <Typography.Paragraph className="applications__count" aria-live="polite">
        <span>{list.data ? countText(total) : t('applications.loading')}</span>
        {totalCapped && (
          <Button type="link" size="small" className="applications__count-all" onClick={() => setCountedFilter(filterKey)}>
            {t('applications.countAll')}
          </Button>
        )}
      </Typography.Paragraph>
      {selectable && (
        <BatchBar
          selection={selection}
          total={total}
          totalCapped={totalCapped}
          allowed={allowed}
          viewer={viewer}
          area={query.area}
          onSelectAll={() => selectAll(filtersOf(query), total)}
          onClear={clear}
        />
      )}
      <Table<ApplicationListRow>
        rowKey="applicationId"
        rowSelection={
          selectable
            ? {
                fixed: true,
                selectedRowKeys: rows.filter((r) => isSelected(selection, r.applicationId)).map((r) => r.applicationId),
                onSelect: (row, on) => change([row.applicationId], on),
                onSelectAll: (on, _selected, changed) => change(changed.map((r) => r.applicationId), on),
                getCheckboxProps: (row) => ({ 'aria-label': t('batch.selectRow', { who: `${row.name} (${row.applicantNumber})` }) }),
                getTitleCheckboxProps: () => ({ 'aria-label': t('batch.selectPage') }),
                columnTitle: (checkbox) => <HiddenCopySafe>{checkbox}</HiddenCopySafe>,
                // Only this page's rows are on screen; the rest of the selection is kept by id above.
                preserveSelectedRowKeys: true,
                selections: false,
              }
            : undefined
        }
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('applications.empty') }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          // Past the cap the pager always offers the next page: the oldest applications stay reachable
          // without counting them all.
          total: totalCapped ? Math.max(total, query.pageNum * query.pageSize) + query.pageSize : total,
          pageSizeOptions: APPLICATION_PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: () => countText(total),
        }}
      />
      <p className="applications__zone">{t('applications.timeZone')}</p>
    </div>
  );
}
