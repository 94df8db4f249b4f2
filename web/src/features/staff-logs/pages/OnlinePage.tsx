import { useMemo, useState } from 'react';
import { Alert, Button, Space, Table, Tag, type TableColumnsType, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOG_PAGE_SIZES, type OnlineSessionRow } from '@gradus/contract/api/staff-logs';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { accountLabel } from '../account-label';
import { useOnlineSessions } from '../api/online';
import { AccountCell } from '../components/AccountCell';
import { DeviceCell } from '../components/DeviceCell';
import { SignOutDialog } from '../components/SignOutDialog';
import { pagingFromParams, paramsOf, type Paging } from '../log-query';
import '../staff-logs.css';

/**
 * staff/online: who is signed in now (issue #10), staff and applicants, with when they started and
 * were last active, and a forced sign-out for someone else's session (a lost laptop, an account
 * being taken over). The caller's own session is marked, never offered: Sign out is for that.
 */
export default function OnlinePage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const time = useUniversityTime();
  const [params, setParams] = useSearchParams();
  const paging = useMemo(() => pagingFromParams(params), [params]);
  const online = useOnlineSessions(viewer, paging);
  const [signingOut, setSigningOut] = useState<OnlineSessionRow | null>(null);
  const go = (next: Paging) => setParams(paramsOf(next));

  const columns: TableColumnsType<OnlineSessionRow> = [
    {
      key: 'person',
      title: t('online.column.person'),
      render: (_, s) => (
        <Space size={[8, 4]} wrap align="start">
          <AccountCell account={s.user} />
          <Tag>{t(`online.kind.${s.user.kind}`)}</Tag>
          {s.self && <Tag color="blue">{t('online.you')}</Tag>}
        </Space>
      ),
    },
    { key: 'role', title: t('online.column.role'), render: (_, s) => t(`role.${s.role}`, { defaultValue: s.role }) },
    { key: 'startedAt', title: t('online.column.started'), className: 'logs__nowrap', render: (_, s) => time.plain(s.startedAt) },
    { key: 'lastSeenAt', title: t('online.column.lastSeen'), className: 'logs__nowrap', render: (_, s) => time.plain(s.lastSeenAt) },
    { key: 'ip', title: t('online.column.ip'), render: (_, s) => (s.ip ? <span className="logs__mono">{s.ip}</span> : '—') },
    { key: 'device', title: t('online.column.device'), className: 'logs__device-cell', render: (_, s) => <DeviceCell userAgent={s.userAgent} /> },
    {
      key: 'actions',
      title: t('online.column.actions'),
      render: (_, s) =>
        s.self ? (
          <span className="logs__secondary">{t('online.ownSession')}</span>
        ) : (
          // Short on screen, named in full for a screen reader: the name starts with the word shown.
          <Button size="small" danger onClick={() => setSigningOut(s)} aria-label={t('online.signOutNamed', { who: accountLabel(s.user) })}>
            {t('online.signOut')}
          </Button>
        ),
    },
  ];

  const onTableChange: TableProps<OnlineSessionRow>['onChange'] = (pagination) => {
    const pageSize = pagination.pageSize ?? paging.pageSize;
    go({ pageSize, pageNum: pageSize === paging.pageSize ? (pagination.current ?? 1) : 1 });
  };

  return (
    <div className="page logs online">
      <h1 className="page__title">{t('menu.staff.online')}</h1>
      <p className="page__lead">{t('online.lead')}</p>
      <div className="logs__toolbar">
        <Button icon={<ReloadOutlined aria-hidden />} loading={online.isFetching} onClick={() => void online.refetch()}>
          {t('online.refresh')}
        </Button>
      </div>
      {online.isError && <Alert className="logs__notice" type="error" showIcon title={t('online.loadFailed')} description={online.error instanceof ReplyError ? online.error.message : undefined} />}
      <Table<OnlineSessionRow>
        rowKey="sessionId"
        size="middle"
        columns={columns}
        dataSource={online.data?.rows ?? []}
        loading={online.isFetching}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('online.empty') }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: online.data?.total ?? 0,
          pageSizeOptions: LOG_PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (count) => t('online.count', { count }),
        }}
      />
      <p className="logs__zone">{t('online.timeZone')}</p>
      {signingOut && <SignOutDialog session={signingOut} onClose={() => setSigningOut(null)} />}
    </div>
  );
}
