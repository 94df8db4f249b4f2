import { useMemo } from 'react';
import { Form, Select, type TableColumnsType, type TableProps } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AUDIT_EVENTS, type AuditEvent, type AuditLogRow } from '@gradus/contract/api/staff-logs';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { useAuditLog } from '../api/audit';
import { auditFiltersFromParams, pagingFromParams, paramsOf, type AuditFilters } from '../log-query';
import { AccountCell } from './AccountCell';
import { AuditDetail } from './AuditDetail';
import { ChainCheck } from './ChainCheck';
import { FilterForm, TextFilter } from './FilterForm';
import { LogTable } from './LogTable';

/** The audit trail's tab: what was done, by whom, to what, from where, newest first. */
export function AuditTrail() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const time = useUniversityTime();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => auditFiltersFromParams(params), [params]);
  const paging = useMemo(() => pagingFromParams(params), [params]);
  const log = useAuditLog(viewer, { ...filters, ...paging });
  const go = (next: AuditFilters & Partial<typeof paging>) => setParams(paramsOf(next, 'audit'));

  const events = useMemo(() => AUDIT_EVENTS.map((e) => ({ value: e, label: t(`logs.event.${e}`) })), [t]);

  const columns: TableColumnsType<AuditLogRow> = [
    { key: 'at', title: t('logs.column.time'), className: 'logs__nowrap', render: (_, r) => time.plain(r.at) },
    { key: 'event', title: t('logs.column.event'), className: 'logs__event', render: (_, r) => t(`logs.event.${r.event}`, { defaultValue: r.event }) },
    { key: 'actor', title: t('logs.column.actor'), render: (_, r) => (r.actor ? <AccountCell account={r.actor} /> : <span className="logs__secondary">{t('logs.portal')}</span>) },
    { key: 'subject', title: t('logs.column.subject'), render: (_, r) => (r.subject ? <span className="logs__mono">{r.subject}</span> : '—') },
    { key: 'ip', title: t('logs.column.ip'), render: (_, r) => (r.ip ? <span className="logs__mono">{r.ip}</span> : '—') },
    { key: 'detail', title: t('logs.column.detail'), className: 'logs__detail', render: (_, r) => (r.detail ? <AuditDetail detail={r.detail} /> : '—') },
  ];

  const onTableChange: TableProps<AuditLogRow>['onChange'] = (pagination) => {
    const pageSize = pagination.pageSize ?? paging.pageSize;
    // A new page size starts again from the first page.
    go({ ...filters, pageSize, pageNum: pageSize === paging.pageSize ? (pagination.current ?? 1) : 1 });
  };

  return (
    <div className="logs__tab">
      <FilterForm<AuditFilters> name="auditFilters" title={t('logs.filter.auditTitle')} value={filters} instant={['event']} onApply={(next) => go({ ...next, pageSize: paging.pageSize })}>
        <Form.Item name="event" label={t('logs.filter.event')} className="logs__field logs__field--event">
          <Select<AuditEvent> allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('logs.filter.anyEvent')} options={events} />
        </Form.Item>
        <TextFilter name="actor" label={t('logs.filter.actor')} max={64} />
        <TextFilter name="subject" label={t('logs.filter.subject')} max={100} />
      </FilterForm>
      <ChainCheck />
      <LogTable<AuditLogRow> label={t('logs.tab.audit')} columns={columns} log={log} paging={paging} onChange={onTableChange} />
    </div>
  );
}
