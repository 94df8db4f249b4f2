import { useState } from 'react';
import { Button, Form, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useResetByEmailConfirm } from '../api/resetByEmailConfirm';
import { AuthFrame } from '../components/AuthFrame';
import { NewPasswordFields } from '../components/NewPasswordFields';

/** Landing of the emailed reset link: /auth-redirect?token=... sets the new password. */
export default function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useResetByEmailConfirm();
  const [done, setDone] = useState(false);
  const toLogin = (
    <Button type="primary" onClick={() => navigate('/login')}>
      {t('register.goToLogin')}
    </Button>
  );
  let body;
  if (!token) body = <Result status="warning" title={t('authRedirect.invalidTitle')} subTitle={t('authRedirect.invalidText')} extra={toLogin} />;
  else if (done) body = <Result status="success" title={t('forgotPassword.doneTitle')} subTitle={t('forgotPassword.doneText')} extra={toLogin} />;
  else
    body = (
      <section aria-labelledby="auth-redirect-title">
        <h1 id="auth-redirect-title" className="auth-card__title">
          {t('authRedirect.title')}
        </h1>
        <p className="auth-card__subtitle">{t('authRedirect.subtitle')}</p>
        <Form
          name="resetByEmailConfirm"
          layout="vertical"
          disabled={confirm.isPending}
          onFinish={(v: { newPassword: string }) => confirm.mutate({ token, newPassword: v.newPassword }, { onSuccess: () => setDone(true) })}
        >
          <NewPasswordFields />
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={confirm.isPending}>
              {t('forgotPassword.reset')}
            </Button>
          </Form.Item>
        </Form>
      </section>
    );
  return <AuthFrame>{body}</AuthFrame>;
}
