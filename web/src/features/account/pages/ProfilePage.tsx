import { useState } from 'react';
import { Button, Card, Descriptions, Grid, Input, Select, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { switchRole, useSession } from '@/lib/session';

/** /profile: the session user's details and, for holders of several roles, the role switch. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [draft, setDraft] = useState('');
  const [role, setRole] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Labels above values on a phone: two columns of a bordered table do not fit 390 px.
  const wide = Grid.useBreakpoint().sm ?? true;
  if (!user) return null;
  const active = user.roles[0]?.roleKey;
  const roleLabel = (key: string, name: string) => (t(`role.${key}`) === `role.${key}` ? name : t(`role.${key}`));
  const number = user.candidateNo ?? user.registerNo;
  return (
    <div className="page">
      <h1 className="page__title">{t('route.profile')}</h1>
      <Card className="page__card">
        <Descriptions column={1} bordered size="middle" layout={wide ? 'horizontal' : 'vertical'}>
          <Descriptions.Item label={t('auth.name')}>{user.userName}</Descriptions.Item>
          <Descriptions.Item label={t('profile.loginName')}>{user.loginName}</Descriptions.Item>
          {number && (
            <Descriptions.Item label={user.candidateNo ? t('auth.candidateNo') : t('auth.registerNo')}>
              <span data-testid="profile-number">{number}</span>
            </Descriptions.Item>
          )}
          {user.userRegisterType != null && (
            <Descriptions.Item label={t('auth.registerType')}>{t(`registerType.${user.userRegisterType}`)}</Descriptions.Item>
          )}
          {user.idNumber && <Descriptions.Item label={t('auth.idNumber')}>{user.idNumber}</Descriptions.Item>}
          <Descriptions.Item label={t('profile.roles')}>
            <Space wrap>
              {user.roles.map((r) => (
                <Tag key={r.roleKey} color={r.roleKey === active ? 'blue' : undefined}>
                  {roleLabel(r.roleKey, r.roleName)}
                  {r.roleKey === active ? ` (${t('profile.active')})` : ''}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
        </Descriptions>
        {user.roles.length > 1 && (
          <div className="profile__switch">
            <label htmlFor="profile-role">{t('profile.switchRole')}</label>
            <Space.Compact>
              <Select
                id="profile-role"
                className="profile__role-select"
                value={role ?? active}
                onChange={setRole}
                options={user.roles.map((r) => ({ value: r.roleKey, label: roleLabel(r.roleKey, r.roleName) }))}
              />
              <Button
                type="primary"
                loading={busy}
                disabled={!role || role === active}
                onClick={async () => {
                  if (!role) return;
                  setBusy(true);
                  try {
                    await switchRole(role, () => navigate('/dashboard', { replace: true }));
                    feedback.message.success(t('profile.switched'));
                  } catch {
                    setBusy(false);
                  }
                }}
              >
                {t('profile.switch')}
              </Button>
            </Space.Compact>
          </div>
        )}
        <div className="profile__note">
          <label htmlFor="profile-note">{t('profile.note')}</label>
          <Input.TextArea id="profile-note" value={draft} onChange={(e) => setDraft(e.target.value)} rows={3} placeholder={t('profile.notePlaceholder')} />
        </div>
      </Card>
    </div>
  );
}
