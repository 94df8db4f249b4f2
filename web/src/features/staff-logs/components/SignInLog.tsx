import { useMemo, type ReactNode } from 'react';
import { Form, Select, Tag, type TableColumnsType, type TableProps } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_OUTCOMES, type SignInLogRow, type SignInOutcome } from '@gradus/contract/api/staff-logs';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { useSignInLog } from '../api/sign-ins';
import { pagingFromParams, paramsOf, signInFiltersFromParams, type SignInFilters } from '../log-query';
import { AccountCell } from './AccountCell';
import { FilterForm, TextFilter } from './FilterForm';
import { LogTable } from './LogTable';

/** Each outcome's tag: the words carry the meaning, the colour and icon only repeat it. */
const OUTCOME_LOOK: Record<SignInOutcome, { color: string; icon: ReactNode }> = {
  success: { color: 'green', icon: <CheckCircleOutlined aria-hidden /> },
  failure: { color: 'red', icon: <CloseCircleOutlined aria-hidden /> },
  throttled: { color: 'orange', icon: <LockOutlined aria-hidden /> },
  signOut: { color: 'default', icon: <LogoutOutlined aria-hidden /> },
};

/** The sign-in log's tab: who signed in or tried to, from where, and who signed out. */
export function SignInLog() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const time = useUniversityTime();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => signInFiltersFromParams(params), [params]);
  const paging = useMemo(() => pagingFromParams(params), [params]);
  const log = useSignInLog(viewer, { ...filters, ...paging });
  const go = (next: SignInFilters & Partial<typeof paging>) => setParams(paramsOf(next, 'signIns'));

  const columns: TableColumnsType<SignInLogRow> = [
    { key: 'at', title: t('logs.column.time'), className: 'logs__nowrap', render: (_, r) => time.plain(r.at) },
    {
      key: 'outcome',
      title: t('logs.column.outcome'),
      render: (_, r) => (
        <Tag color={OUTCOME_LOOK[r.outcome].color} icon={OUTCOME_LOOK[r.outcome].icon}>
          {t(`logs.outcome.${r.outcome}`)}
        </Tag>
      ),
    },
    {
      key: 'tried',
      title: t('logs.column.tried'),
      render: (_, r) => (
        <span className="logs__account">
          {r.tried ? <span className="logs__mono">{r.tried}</span> : '—'}
          {r.registerType !== null && <span className="logs__secondary">{t(`registerType.${r.registerType}`, { defaultValue: t('logs.registerType', { type: r.registerType }) })}</span>}
        </span>
      ),
    },
    { key: 'account', title: t('logs.column.account'), render: (_, r) => (r.account ? <AccountCell account={r.account} /> : <span className="logs__secondary">{t('logs.noSuchAccount')}</span>) },
    { key: 'ip', title: t('logs.column.ip'), render: (_, r) => (r.ip ? <span className="logs__mono">{r.ip}</span> : '—') },
  ];

  const onTableChange: TableProps<SignInLogRow>['onChange'] = (pagination) => {
    const pageSize = pagination.pageSize ?? paging.pageSize;
    go({ ...filters, pageSize, pageNum: pageSize === paging.pageSize ? (pagination.current ?? 1) : 1 });
  };

  return (
    <div className="logs__tab">
      <FilterForm<SignInFilters> name="signInFilters" title={t('logs.filter.signInTitle')} value={filters} instant={['outcome']} onApply={(next) => go({ ...next, pageSize: paging.pageSize })}>
        <Form.Item name="outcome" label={t('logs.filter.outcome')} className="logs__field">
          <Select<SignInOutcome> allowClear placeholder={t('logs.filter.anyOutcome')} options={SIGN_IN_OUTCOMES.map((o) => ({ value: o, label: t(`logs.outcome.${o}`) }))} />
        </Form.Item>
        <TextFilter name="account" label={t('logs.filter.account')} max={64} />
        <TextFilter name="ip" label={t('logs.filter.ip')} max={64} />
      </FilterForm>
      <LogTable<SignInLogRow> label={t('logs.tab.signIns')} columns={columns} log={log} paging={paging} onChange={onTableChange} />
    </div>
  );
}
