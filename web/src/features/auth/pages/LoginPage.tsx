import { useState } from 'react';
import { Button, Form, Input, Segmented } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isMasterType, RegisterType } from '@gradus/contract/codes';
import { applicantLoginRequest, masterLoginRequest, staffLoginRequest } from '@gradus/contract/api/auth';
import { currentPasswordField } from '@gradus/contract/api/common';
import { schemaRule } from '@/lib/form-rules';
import { safeRedirect } from '@/lib/safe-redirect';
import { signIn } from '@/lib/session';
import { useCaptcha } from '../api/captcha';
import { useLogin } from '../api/login';
import { CaptchaField } from '../components/CaptchaField';
import { RegisterTypeSelect } from '../components/fields';

type Kind = 'applicant' | 'staff';
interface FormValues {
  userRegisterType: number;
  number: string;
  name?: string;
  loginName: string;
  password: string;
  code: string;
}

/** Prefill after registration: the new number and its type. */
export interface LoginState {
  userRegisterType?: number;
  number?: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const prefill = (useLocation().state ?? {}) as LoginState;
  const [form] = Form.useForm<FormValues>();
  const [kind, setKind] = useState<Kind>('applicant');
  const registerType = Form.useWatch('userRegisterType', form) ?? prefill.userRegisterType ?? RegisterType.DOCTOR_ASSESSMENT;
  const master = isMasterType(registerType);
  const captcha = useCaptcha('login');
  const login = useLogin();

  const onFinish = (v: FormValues) => {
    const values =
      kind === 'staff'
        ? { kind, loginName: v.loginName, password: v.password, code: v.code, uuid: captcha.uuid }
        : { kind, userRegisterType: v.userRegisterType, number: v.number, name: v.name, password: v.password, code: v.code, uuid: captcha.uuid };
    login.mutate(values, {
      onSuccess: (token) => {
        signIn(token);
        navigate(safeRedirect(params.get('redirect')) ?? '/', { replace: true });
      },
      onError: () => {
        form.setFieldValue('code', '');
        captcha.refresh();
      },
    });
  };

  const numberLabel = master ? t('auth.candidateNo') : t('auth.registerNo');
  const numberSchema = master ? masterLoginRequest.shape.candidateNo : applicantLoginRequest.shape.registerNo;

  return (
    <section aria-labelledby="login-title">
      <h1 id="login-title" className="auth-card__title">
        {t('login.title')}
      </h1>
      <p className="auth-card__subtitle">{t('login.subtitle')}</p>
      <Segmented<Kind>
        block
        value={kind}
        onChange={setKind}
        className="login-kind"
        aria-label={t('login.kind')}
        options={[
          { value: 'applicant', label: t('login.applicant') },
          { value: 'staff', label: t('login.staff') },
        ]}
      />
      <Form<FormValues>
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ userRegisterType: prefill.userRegisterType ?? RegisterType.DOCTOR_ASSESSMENT, number: prefill.number }}
        disabled={login.isPending}
      >
        {kind === 'applicant' ? (
          <>
            <Form.Item name="userRegisterType" label={t('auth.registerType')}>
              <RegisterTypeSelect />
            </Form.Item>
            <Form.Item name="number" label={numberLabel} rules={[schemaRule(numberSchema, () => numberLabel)]}>
              <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" inputMode="numeric" placeholder={numberLabel} />
            </Form.Item>
            {master && (
              <Form.Item name="name" label={t('auth.name')} rules={[schemaRule(masterLoginRequest.shape.name, () => t('auth.name'))]}>
                <Input autoComplete="name" placeholder={t('auth.namePlaceholder')} />
              </Form.Item>
            )}
          </>
        ) : (
          <Form.Item name="loginName" label={t('auth.loginName')} rules={[schemaRule(staffLoginRequest.shape.loginName, () => t('auth.loginName'))]}>
            <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" placeholder={t('auth.loginName')} />
          </Form.Item>
        )}
        <Form.Item name="password" label={t('auth.password')} rules={[schemaRule(currentPasswordField, () => t('auth.password'))]}>
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" placeholder={t('auth.password')} />
        </Form.Item>
        <CaptchaField captcha={captcha} formName="login" />
        <Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Form.Item>
      </Form>
      {kind === 'applicant' && (
        <nav className="auth-card__links" aria-label={t('login.help')}>
          <Link to="/login/forgot-number">{t('login.forgotNumber')}</Link>
          <Link to="/login/forgot-password">{t('login.forgotPassword')}</Link>
          <Link to="/login/register" className="auth-card__register">
            {t('login.register')}
          </Link>
        </nav>
      )}
    </section>
  );
}
