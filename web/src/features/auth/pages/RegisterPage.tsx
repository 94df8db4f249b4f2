import { useState } from 'react';
import { Button, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkIdNumber, sexFromMainlandId } from '@gradus/contract/validators/id-number';
import { idTypesFor, isHmtType, isMasterType, RegisterType } from '@gradus/contract/codes';
import { hmtMobileOk, MAINLAND_MOBILE } from '@gradus/contract/validators/contact';
import { registerRequest } from '@gradus/contract/api/auth';
import { issuesToFields, sameAsRule, schemaRule, validationMessage } from '@/lib/form-rules';
import { ReplyError } from '@/lib/request';
import { useCaptcha } from '../api/captcha';
import { usePortalInfo } from '../api/portalInfo';
import { useRegister } from '../api/register';
import { BackToLogin } from '../components/BackToLogin';
import { CaptchaField } from '../components/CaptchaField';
import { RegisterTypeSelect } from '../components/fields';
import { IssuedNumber } from '../components/IssuedNumber';

interface FormValues {
  userRegisterType: number;
  name: string;
  idType: string;
  idNumber: string;
  sex: string;
  email: string;
  mobile: string;
  password: string;
  confirmPassword: string;
  securityQuestion: string;
  securityAnswer: string;
  code: string;
}

type Field = 'userRegisterType' | 'name' | 'idType' | 'idNumber' | 'sex' | 'email' | 'mobile' | 'password' | 'securityQuestion' | 'securityAnswer' | 'code';

export default function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const portal = usePortalInfo();
  const captcha = useCaptcha('register');
  const mutation = useRegister();
  const [issued, setIssued] = useState<{ kind: 'registerNo' | 'candidateNo'; number: string; type: number } | null>(null);
  const type = Form.useWatch('userRegisterType', form) ?? RegisterType.DOCTOR_ASSESSMENT;
  const idType = Form.useWatch('idType', form) ?? idTypesFor(type)[0];

  const labels: Record<Field, string> = {
    userRegisterType: t('auth.registerType'),
    name: t('auth.name'),
    idType: t('auth.idType'),
    idNumber: t('auth.idNumber'),
    sex: t('auth.sex'),
    email: t('auth.email'),
    mobile: t('auth.mobile'),
    password: t('auth.password'),
    securityQuestion: t('auth.securityQuestion'),
    securityAnswer: t('auth.securityAnswer'),
    code: t('auth.captcha'),
  };
  const shape = registerRequest.shape;

  const onFinish = (v: FormValues) => {
    const body = {
      userRegisterType: v.userRegisterType,
      name: v.name,
      idType: v.idType,
      idNumber: v.idNumber,
      sex: v.sex,
      email: v.email,
      mobile: v.mobile,
      password: v.password,
      securityQuestion: v.securityQuestion,
      securityAnswer: v.securityAnswer,
      code: v.code,
      uuid: captcha.uuid,
    };
    const parsed = registerRequest.safeParse(body);
    if (!parsed.success) {
      form.setFields(issuesToFields(parsed.error.issues, labels).map((f) => ({ name: f.name as keyof FormValues, errors: f.errors })));
      return;
    }
    mutation.mutate(body as Parameters<typeof mutation.mutate>[0], {
      onSuccess: (res) => {
        if ('candidateNo' in res) setIssued({ kind: 'candidateNo', number: res.candidateNo, type: v.userRegisterType });
        else setIssued({ kind: 'registerNo', number: res.registerNo, type: v.userRegisterType });
      },
      onError: (err) => {
        form.setFieldValue('code', '');
        captcha.refresh();
        if (err instanceof ReplyError) window.scrollTo({ top: 0, behavior: 'smooth' });
      },
    });
  };

  if (issued) {
    return (
      <IssuedNumber
        kind={issued.kind}
        number={issued.number}
        userRegisterType={issued.type}
        title={t('register.success')}
      />
    );
  }

  return (
    <section aria-labelledby="register-title">
      <BackToLogin />
      <h1 id="register-title" className="auth-card__title">
        {t('register.title')}
      </h1>
      <p className="auth-card__subtitle">{t('register.subtitle')}</p>
      <Form<FormValues>
        form={form}
        name="register"
        layout="vertical"
        onFinish={onFinish}
        disabled={mutation.isPending}
        scrollToFirstError
        initialValues={{ userRegisterType: RegisterType.DOCTOR_ASSESSMENT, idType: '1' }}
        onValuesChange={(changed: Partial<FormValues>) => {
          if (changed.userRegisterType !== undefined) {
            form.setFieldsValue({ idType: idTypesFor(changed.userRegisterType)[0] });
            if (form.getFieldValue('idNumber')) void form.validateFields(['idNumber']);
          }
          if (changed.idNumber !== undefined && form.getFieldValue('idType') === '1' && !checkIdNumber('1', changed.idNumber)) {
            const sex = sexFromMainlandId(changed.idNumber.trim().toUpperCase());
            if (sex && !form.getFieldValue('sex')) form.setFieldsValue({ sex });
          }
        }}
      >
        <Form.Item name="userRegisterType" label={labels.userRegisterType} extra={isMasterType(type) ? t('register.candidateHint') : t('register.registerNoHint')}>
          <RegisterTypeSelect open={portal.data?.registrationOpen} />
        </Form.Item>
        <Form.Item name="name" label={labels.name} extra={isHmtType(type) ? t('register.hmtNameHint') : undefined} rules={[schemaRule(shape.name, () => labels.name)]}>
          <Input autoComplete="name" maxLength={50} />
        </Form.Item>
        <Form.Item name="idType" label={labels.idType}>
          <Select options={idTypesFor(type).map((v) => ({ value: v, label: t(`idType.${v}`) }))} />
        </Form.Item>
        <Form.Item
          name="idNumber"
          label={labels.idNumber}
          dependencies={['idType']}
          validateTrigger={['onChange', 'onBlur']}
          hasFeedback
          rules={[
            {
              validator: async (_r, value: unknown) => {
                const problem = checkIdNumber(form.getFieldValue('idType') ?? idType, typeof value === 'string' ? value : '');
                if (problem) throw new Error(validationMessage(problem === 'required' ? 'required' : `idNumber.${problem}`, labels.idNumber));
              },
            },
          ]}
          extra={t(`register.idNumberHint.${idType}`)}
        >
          <Input autoComplete="off" maxLength={30} spellCheck={false} />
        </Form.Item>
        <Form.Item name="sex" label={labels.sex} rules={[schemaRule(shape.sex, () => labels.sex)]}>
          <Radio.Group
            options={[
              { value: '0', label: t('sex.0') },
              { value: '1', label: t('sex.1') },
            ]}
          />
        </Form.Item>
        <Form.Item name="email" label={labels.email} rules={[schemaRule(shape.email, () => labels.email)]}>
          <Input type="email" autoComplete="email" maxLength={254} />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={labels.mobile}
          dependencies={['userRegisterType']}
          extra={isHmtType(type) ? t('register.hmtMobileHint') : undefined}
          rules={[
            {
              validator: async (_r, value: unknown) => {
                const text = typeof value === 'string' ? value.trim() : '';
                if (!text) throw new Error(validationMessage('required', labels.mobile));
                const hmt = isHmtType(form.getFieldValue('userRegisterType') ?? type);
                const ok = hmt ? hmtMobileOk(text) : MAINLAND_MOBILE.test(text);
                if (!ok) throw new Error(validationMessage(hmt ? 'mobile.hmtFormat' : 'mobile.format', labels.mobile));
              },
            },
          ]}
        >
          <Input type="tel" autoComplete="tel" maxLength={20} />
        </Form.Item>
        <Form.Item name="password" label={labels.password} extra={t('register.passwordHint')} rules={[schemaRule(shape.password, () => labels.password)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('auth.confirmPassword')}
          dependencies={['password']}
          rules={[sameAsRule('password')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="securityQuestion" label={labels.securityQuestion} extra={t('register.securityQuestionHint')} rules={[schemaRule(shape.securityQuestion, () => labels.securityQuestion)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="securityAnswer" label={labels.securityAnswer} rules={[schemaRule(shape.securityAnswer, () => labels.securityAnswer)]}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <CaptchaField captcha={captcha} formName="register" />
        <Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
            {t('register.submit')}
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}
