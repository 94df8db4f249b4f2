import { useState, type FormEvent } from 'react';
import { Button, Radio } from 'antd';
// Input and Password from their own modules: antd's Input namespace also drags in TextArea, Search
// and OTP (about 9 KB gzip), which the sign-in screen, on its 250 KB budget, never shows.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isMasterType, RegisterType } from '@gradus/contract/codes';
import { fieldError, validationMessage } from '@/lib/form-rules';
import { safeRedirect } from '@/lib/safe-redirect';
import { signIn } from '@/lib/session';
import { useCaptcha } from '../api/captcha';
import { useLogin, type LoginValues } from '../api/login';
import { CaptchaImage } from '../components/CaptchaImage';
import { Field, invalidProps } from '../components/Field';
import { RegisterTypeRadios } from '../components/RegisterTypeRadios';

type Kind = 'applicant' | 'staff';
type Name = 'number' | 'name' | 'loginName' | 'password' | 'code';
type Values = Record<Name, string>;

/** Prefill after registration: the new number and its type. */
export interface LoginState {
  userRegisterType?: number;
  number?: string;
}

/** The contract's schemas (and zod) load on first validation, keeping the sign-in screen light. */
const auth = () => import('@gradus/contract/api/auth');
const common = () => import('@gradus/contract/api/common');
const SCHEMAS = {
  registerNo: () => auth().then((m) => m.applicantLoginRequest.shape.registerNo),
  candidateNo: () => auth().then((m) => m.masterLoginRequest.shape.candidateNo),
  name: () => auth().then((m) => m.masterLoginRequest.shape.name),
  loginName: () => auth().then((m) => m.staffLoginRequest.shape.loginName),
  password: () => common().then((m) => m.currentPasswordField),
  code: () => common().then((m) => m.captchaFields.code),
};

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const prefill = (useLocation().state ?? {}) as LoginState;
  const [kind, setKind] = useState<Kind>('applicant');
  const [registerType, setRegisterType] = useState<number>(prefill.userRegisterType ?? RegisterType.DOCTOR_ASSESSMENT);
  const [values, setValues] = useState<Values>({ number: prefill.number ?? '', name: '', loginName: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Name, string | null>>>({});
  const captcha = useCaptcha('login');
  const login = useLogin();
  const master = isMasterType(registerType);

  const labels: Record<Name, string> = {
    number: master ? t('auth.candidateNo') : t('auth.registerNo'),
    name: t('auth.name'),
    loginName: t('auth.loginName'),
    password: t('auth.password'),
    code: t('auth.captcha'),
  };
  const fields: Name[] = kind === 'staff' ? ['loginName', 'password', 'code'] : master ? ['number', 'name', 'password', 'code'] : ['number', 'password', 'code'];

  const check = async (name: Name, value: string): Promise<string | null> => {
    const schema = name === 'number' ? (master ? SCHEMAS.candidateNo : SCHEMAS.registerNo) : SCHEMAS[name];
    const problem = await fieldError(schema, value, labels[name]);
    if (!problem && name === 'code' && !captcha.uuid) return validationMessage('captcha.expired', labels.code);
    return problem;
  };
  const validate = async (name: Name) => {
    const problem = await check(name, values[name]);
    setErrors((e) => ({ ...e, [name]: problem }));
  };
  const set = (name: Name) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: null }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = await Promise.all(fields.map(async (name) => [name, await check(name, values[name])] as const));
    const next = Object.fromEntries(found);
    setErrors(next);
    const firstBad = found.find(([, problem]) => problem)?.[0];
    if (firstBad) {
      document.getElementById(`login_${firstBad}`)?.focus();
      return;
    }
    const base = { password: values.password, code: values.code.trim(), uuid: captcha.uuid };
    const request: LoginValues =
      kind === 'staff'
        ? { kind, loginName: values.loginName.trim(), ...base }
        : { kind, userRegisterType: registerType, number: values.number.trim(), name: master ? values.name.trim() : undefined, ...base };
    login.mutate(request, {
      onSuccess: (token) => {
        signIn(token);
        navigate(safeRedirect(params.get('redirect')) ?? '/', { replace: true });
      },
      onError: () => {
        setValues((v) => ({ ...v, code: '' }));
        captcha.refresh();
      },
    });
  };

  const input = (name: Name) => ({
    ...invalidProps(`login_${name}`, errors[name]),
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name)(e.target.value),
    onBlur: () => {
      if (values[name]) void validate(name);
    },
    disabled: login.isPending,
  });

  return (
    <section aria-labelledby="login-title">
      <h1 id="login-title" className="auth-card__title">
        {t('login.title')}
      </h1>
      <p className="auth-card__subtitle">{t('login.subtitle')}</p>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as Kind);
          setErrors({});
        }}
        className="login-kind"
        aria-label={t('login.kind')}
        options={[
          { value: 'applicant', label: t('login.applicant') },
          { value: 'staff', label: t('login.staff') },
        ]}
      />
      <form id="login" className="light-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {kind === 'applicant' ? (
          <>
            <div className="field">
              <div className="field__label" id="login_userRegisterType-label">
                {t('auth.registerType')}
              </div>
              <RegisterTypeRadios
                id="login_userRegisterType"
                labelledBy="login_userRegisterType-label"
                value={registerType}
                onChange={(v) => {
                  setRegisterType(v);
                  setErrors({});
                }}
              />
            </div>
            <Field id="login_number" label={labels.number} error={errors.number}>
              <Input {...input('number')} prefix={<UserOutlined aria-hidden />} autoComplete="username" inputMode="numeric" maxLength={20} placeholder={labels.number} />
            </Field>
            {master && (
              <Field id="login_name" label={labels.name} error={errors.name}>
                <Input {...input('name')} autoComplete="name" maxLength={50} placeholder={t('auth.namePlaceholder')} />
              </Field>
            )}
          </>
        ) : (
          <Field id="login_loginName" label={labels.loginName} error={errors.loginName}>
            <Input {...input('loginName')} prefix={<UserOutlined aria-hidden />} autoComplete="username" maxLength={64} placeholder={labels.loginName} />
          </Field>
        )}
        <Field id="login_password" label={labels.password} error={errors.password}>
          <Password {...input('password')} prefix={<LockOutlined aria-hidden />} autoComplete="current-password" maxLength={128} placeholder={labels.password} />
        </Field>
        <Field id="login_code" label={labels.code} error={errors.code}>
          <div className="captcha-row">
            <Input {...input('code')} autoComplete="off" maxLength={10} placeholder={t('auth.captchaPlaceholder')} />
            <CaptchaImage captcha={captcha} />
          </div>
        </Field>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending} className="light-form__submit">
          {t('login.submit')}
        </Button>
      </form>
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
