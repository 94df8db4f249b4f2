import { useMemo, useState } from 'react';
import { Alert, Button, Space, Table, Tag, type TableColumnsType, type TableProps } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_PAGE_SIZES, isPrivilegedScope, type OneTimePassword, type StaffAccountListRequest, type StaffAccountRow } from '@gradus/contract/api/staff-accounts';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { accountLabel } from '../account-label';
import { useEnableStaffAccount } from '../api/enable';
import { useStaffAccountList } from '../api/list';
import { useStaffAccountOptions } from '../api/options';
import { useResetStaffPassword } from '../api/reset-password';
import { AccountDialog } from '../components/AccountDialog';
import { AccountFilters } from '../components/AccountFilters';
import { AccountRequests } from '../components/AccountRequests';
import { DisableDialog } from '../components/DisableDialog';
import { PasswordDialog } from '../components/PasswordDialog';
import { paramsFromQuery, queryFromParams } from '../list-query';
import { useLocalName } from '@/lib/local-name';
import { useViewer } from '@/lib/viewer';
import '../staff-accounts.css';

const PUBLISH = 'results.publish';

/**
 * staff/accounts: the system administrator's list of back-office accounts (issue #10): who has
 * which roles and schools, who may publish results, who is disabled and when each last signed in.
 * New accounts and reset passwords get a one-time password, shown once, to pass on in person; a
 * publisher's or an administrator's waits for a second administrator and goes to them by mail.
 */
export default function StaffAccountsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const list = useStaffAccountList(viewer, query);
  const options = useStaffAccountOptions(viewer);
  const time = useUniversityTime();
  const localName = useLocalName();
  const enable = useEnableStaffAccount();
  const resetPassword = useResetStaffPassword();
  const [editing, setEditing] = useState<StaffAccountRow | 'new' | null>(null);
  const [disabling, setDisabling] = useState<StaffAccountRow | null>(null);
  const [issued, setIssued] = useState<{ password: OneTimePassword; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  const go = (next: StaffAccountListRequest) => setParams(paramsFromQuery(next));
  const failed = (err: unknown) => setError(err instanceof ReplyError ? err.message : t('accounts.failed'));

  const confirmReset = (a: StaffAccountRow) =>
    feedback.modal.confirm({
      title: t('accounts.reset.title', { who: accountLabel(a) }),
      // A privileged account's new password is mailed to its owner once a second administrator confirms.
      content: isPrivilegedScope(a) ? t('accounts.reset.explainPrivileged') : t('accounts.reset.explain'),
      okText: t('accounts.reset'),
      cancelText: t('accounts.cancel'),
      onOk: async () => {
        setError(null);
        try {
          const reply = await resetPassword.mutateAsync({ userId: a.userId });
          // The dialog holds the password now; the mutation forgets it.
          resetPassword.reset();
          if (reply.outcome === 'done' && reply.oneTimePassword) setIssued({ password: reply.oneTimePassword, name: a.name });
          else feedback.message.info(t('accounts.request.filed', { who: accountLabel(a) }));
        } catch (err) {
          failed(err);
        }
      },
    });

  const confirmEnable = (a: StaffAccountRow) =>
    feedback.modal.confirm({
      title: t('accounts.enable.title', { who: accountLabel(a) }),
      content: t('accounts.enable.explain'),
      okText: t('accounts.enable'),
      cancelText: t('accounts.cancel'),
      onOk: async () => {
        setError(null);
        try {
          await enable.mutateAsync({ userId: a.userId });
          feedback.message.success(t('accounts.enabled', { who: accountLabel(a) }));
        } catch (err) {
          failed(err);
        }
      },
    });

  const columns: TableColumnsType<StaffAccountRow> = [
    { key: 'loginName', dataIndex: 'loginName', title: t('accounts.column.loginName'), fixed: 'left', className: 'accounts__login' },
    {
      key: 'name',
      title: t('accounts.column.name'),
      render: (_, a) => (
        <Space size={4} wrap>
          <span>{a.name}</span>
          {a.self && <Tag color="blue">{t('accounts.you')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'roles',
      title: t('accounts.column.roles'),
      render: (_, a) => (
        <Space size={[0, 4]} wrap>
          {a.roleKeys.map((r) => (
            <Tag key={r}>{t(`role.${r}`)}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'departments', title: t('accounts.column.departments'), render: (_, a) => (a.departments.length ? a.departments.map(localName).join(t('accounts.listSeparator')) : '—') },
    {
      key: 'publish',
      title: t('accounts.column.publish'),
      render: (_, a) =>
        a.permissions.includes(PUBLISH) ? (
          <Tag color="gold" icon={<SafetyCertificateOutlined aria-hidden />}>
            {t('accounts.mayPublish')}
          </Tag>
        ) : null,
    },
    {
      key: 'status',
      title: t('accounts.column.status'),
      render: (_, a) => <Tag color={a.status === 'active' ? 'green' : 'red'}>{t(`accounts.status.${a.status}`)}</Tag>,
    },
    { key: 'lastSignInAt', title: t('accounts.column.lastSignIn'), render: (_, a) => (a.lastSignInAt ? time.plain(a.lastSignInAt) : t('accounts.never')) },
    {
      key: 'actions',
      title: t('accounts.column.actions'),
      render: (_, a) => (
        // Short on screen, named in full for a screen reader: each name starts with the word shown.
        <Space size={4} wrap>
          <Button size="small" onClick={() => setEditing(a)} aria-label={t('accounts.editNamed', { who: accountLabel(a) })}>
            {t('accounts.edit')}
          </Button>
          {/* One's own password is changed on the Change password page, knowing the current one; the server refuses a reset. */}
          {!a.self && (
            <Button size="small" onClick={() => confirmReset(a)} aria-label={t('accounts.resetNamed', { who: accountLabel(a) })}>
              {t('accounts.reset')}
            </Button>
          )}
          {a.status === 'disabled' ? (
            <Button size="small" onClick={() => confirmEnable(a)} aria-label={t('accounts.enableNamed', { who: accountLabel(a) })}>
              {t('accounts.enable')}
            </Button>
          ) : (
            // One's own account is never disabled from here: the server refuses, and it would lock the last administrator out.
            !a.self && (
              <Button size="small" danger onClick={() => setDisabling(a)} aria-label={t('accounts.disableNamed', { who: accountLabel(a) })}>
                {t('accounts.disable')}
              </Button>
            )
          )}
        </Space>
      ),
    },
  ];

  const onTableChange: TableProps<StaffAccountRow>['onChange'] = (pagination) => {
    const pageSize = pagination.pageSize ?? query.pageSize;
    // A new page size starts again from the first page.
    go({ ...query, pageSize, pageNum: pageSize === query.pageSize ? pagination.current ?? 1 : 1 });
  };

  return (
    <div className="page accounts">
      <h1 className="page__title">{t('menu.staff.accounts')}</h1>
      <p className="page__lead">{t('accounts.lead')}</p>
      <AccountFilters
        value={{ q: query.q, role: query.role, status: query.status }}
        onChange={(filters) => go({ ...filters, pageSize: query.pageSize, pageNum: 1 })}
        onCreate={() => setEditing('new')}
      />
      <AccountRequests viewer={viewer} />
      {list.isError && <Alert className="accounts__notice" type="error" showIcon title={t('accounts.loadFailed')} description={list.error instanceof ReplyError ? list.error.message : undefined} />}
      {error && <Alert className="accounts__notice" type="error" showIcon closable onClose={() => setError(null)} title={error} />}
      <Table<StaffAccountRow>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('accounts.empty') }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total,
          pageSizeOptions: ACCOUNT_PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (count) => t('accounts.count', { count }),
        }}
      />
      <p className="accounts__zone">{t('accounts.timeZone')}</p>
      {editing && (
        <AccountDialog
          account={editing === 'new' ? null : editing}
          options={options.data}
          onClose={() => setEditing(null)}
          onCreated={(password, name) => {
            setEditing(null);
            setIssued({ password, name });
          }}
        />
      )}
      {disabling && <DisableDialog account={disabling} onClose={() => setDisabling(null)} />}
      {issued && <PasswordDialog issued={issued.password} name={issued.name} onClose={() => setIssued(null)} />}
    </div>
  );
}
