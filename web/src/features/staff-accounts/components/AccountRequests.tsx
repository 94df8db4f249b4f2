import { useState } from 'react';
import { Alert, Button, Space, Tag } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AccountRequestRow } from '@gradus/contract/api/staff-accounts';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { accountLabel } from '../account-label';
import { useConfirmAccountRequest } from '../api/confirm';
import { useAccountRequests } from '../api/requests';
import { DeclineDialog } from './DeclineDialog';

const PUBLISH = 'results.publish';

/** What the account is (or would be): its roles, and the publish permission that made the request necessary. */
function Scope({ scope }: { scope: { roleKeys: readonly string[]; permissions: readonly string[]; email: string | null } }) {
  const { t } = useTranslation();
  return (
    <Space size={[0, 4]} wrap>
      {scope.roleKeys.map((r) => (
        <Tag key={r}>{t(`role.${r}`)}</Tag>
      ))}
      {scope.permissions.includes(PUBLISH) && (
        <Tag color="gold" icon={<SafetyCertificateOutlined aria-hidden />}>
          {t('accounts.mayPublish')}
        </Tag>
      )}
      <span className="account-requests__email">{scope.email ?? t('accounts.request.noEmail')}</span>
    </Space>
  );
}

/**
 * The changes one system administrator asked for and another must confirm (the two-person rule):
 * a new publisher or administrator, such a grant, a privileged account's address or password.
 * Each says what it changes, before and after; the one who asked may withdraw it, never confirm it.
 */
export function AccountRequests({ viewer }: { viewer: string }) {
  const { t } = useTranslation();
  const requests = useAccountRequests(viewer);
  const confirm = useConfirmAccountRequest();
  const time = useUniversityTime();
  const [declining, setDeclining] = useState<AccountRequestRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = requests.data ?? [];
  if (rows.length === 0 && !requests.isError) return null;

  const title = (r: AccountRequestRow) =>
    r.action === 'create' ? t('accounts.request.action.create', { who: r.loginName }) : r.action === 'update' ? t('accounts.request.action.update', { who: r.loginName }) : t('accounts.request.action.resetPassword', { who: r.loginName });
  const ask = (r: AccountRequestRow) =>
    feedback.modal.confirm({
      title: t('accounts.request.confirmTitle', { what: title(r) }),
      content: r.action === 'update' ? t('accounts.request.confirmUpdate') : t('accounts.request.confirmMailed', { email: r.change?.email ?? r.current?.email ?? '' }),
      okText: t('accounts.request.confirm'),
      cancelText: t('accounts.cancel'),
      onOk: async () => {
        setError(null);
        try {
          const done = await confirm.mutateAsync({ requestId: r.requestId });
          feedback.message.success(done.mailedTo ? t('accounts.request.confirmedMailed', { email: done.mailedTo }) : t('accounts.request.confirmed', { what: title(r) }));
        } catch (err) {
          setError(err instanceof ReplyError ? err.message : t('accounts.failed'));
        }
      },
    });

  return (
    <section className="account-requests" aria-labelledby="account-requests-title">
      <h2 id="account-requests-title" className="account-requests__title">
        {t('accounts.request.title', { count: rows.length })}
      </h2>
      <p className="account-requests__lead">{t('accounts.request.lead')}</p>
      {requests.isError && <Alert type="error" showIcon title={t('accounts.request.loadFailed')} />}
      {error && <Alert className="accounts__notice" type="error" showIcon closable onClose={() => setError(null)} title={error} />}
      <ul className="account-requests__list">
        {rows.map((r) => (
          <li key={r.requestId} className="account-requests__item">
            <div className="account-requests__what">
              <strong>{title(r)}</strong>
              <span className="account-requests__asked">
                {t('accounts.request.askedBy', { who: accountLabel(r.requestedBy), at: time.plain(r.requestedAt) })}
              </span>
            </div>
            <dl className="account-requests__change">
              {r.current && (
                <>
                  <dt>{t('accounts.request.now')}</dt>
                  <dd>
                    <Scope scope={r.current} />
                  </dd>
                </>
              )}
              {r.change && (
                <>
                  <dt>{r.current ? t('accounts.request.after') : t('accounts.request.new')}</dt>
                  <dd>
                    <Scope scope={r.change} />
                  </dd>
                </>
              )}
              {r.action === 'resetPassword' && (
                <>
                  <dt>{t('accounts.request.after')}</dt>
                  <dd>{t('accounts.request.resetMailed')}</dd>
                </>
              )}
            </dl>
            <Space wrap className="account-requests__actions">
              {r.mine || r.aboutCaller ? (
                <span className="account-requests__wait">{r.mine ? t('accounts.request.waitOther') : t('accounts.request.aboutYou')}</span>
              ) : (
                <Button type="primary" size="small" onClick={() => ask(r)} aria-label={t('accounts.request.confirmNamed', { what: title(r) })}>
                  {t('accounts.request.confirm')}
                </Button>
              )}
              <Button size="small" onClick={() => setDeclining(r)} aria-label={r.mine ? t('accounts.request.withdrawNamed', { what: title(r) }) : t('accounts.request.declineNamed', { what: title(r) })}>
                {r.mine ? t('accounts.request.withdraw') : t('accounts.request.decline')}
              </Button>
            </Space>
          </li>
        ))}
      </ul>
      {declining && <DeclineDialog request={declining} what={title(declining)} onClose={() => setDeclining(null)} />}
    </section>
  );
}
