import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoleKey } from '@gradus/contract/codes';
import { feedback } from '@/lib/feedback';
import { useSession } from '@/lib/session';
import { ChangePasswordForm } from '../components/ChangePasswordForm';

/** /resetPassword: change password (hidden from the menu; not offered to zs_master). */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const role = useSession((s) => s.roles[0]);
  if (role === RoleKey.MASTER) {
    return (
      <div className="page">
        <Result status="info" title={t('changePassword.notOffered')} />
      </div>
    );
  }
  return (
    <div className="page">
      <h1 className="page__title">{t('route.resetPassword')}</h1>
      <Card className="page__card">
        <ChangePasswordForm onChanged={() => feedback.message.success(t('changePassword.done'))} />
      </Card>
    </div>
  );
}
