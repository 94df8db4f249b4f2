import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { loadSession, logout, useSession } from '@/lib/session';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import '../account.css';

/**
 * The only page of an account signed in with a one-time password someone else chose (a new staff
 * account, a reset): the server allows nothing else until the account chooses its own, so nobody
 * who read the one-time password out can act with it. Once chosen, the session loads as usual.
 */
export default function ChoosePasswordPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  return (
    <div className="choose-password">
      <h1 className="auth-card__title">{t('choosePassword.title')}</h1>
      <Alert type="info" showIcon title={t('choosePassword.explain', { login: user?.loginName ?? '' })} className="choose-password__explain" />
      <ChangePasswordForm
        oldLabel={t('choosePassword.oneTime')}
        submitText={t('choosePassword.submit')}
        onChanged={() => {
          feedback.message.success(t('choosePassword.done'));
          void loadSession();
        }}
      />
      <Button type="link" onClick={() => void logout()} className="choose-password__logout">
        {t('choosePassword.signOut')}
      </Button>
    </div>
  );
}
