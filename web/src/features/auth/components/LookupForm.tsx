import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { RegisterType } from '@gradus/contract/codes';
import { forgetPasswordSearchRequest, type ForgetPasswordSearchResponse } from '@gradus/contract/api/auth';
import { schemaRule } from '@/lib/form-rules';
import { useCaptcha } from '../api/captcha';
import { useForgetPasswordSearch } from '../api/forgetPasswordSearch';
import { CaptchaField } from './CaptchaField';
import { RegisterTypeSelect } from './fields';

export interface LookupValues {
  userRegisterType: number;
  name: string;
  idNumber: string;
}

/** Type, name and ID number: finds the applicant's number and security question. */
export function LookupForm({
  formName,
  submitLabel,
  onFound,
}: {
  formName: string;
  submitLabel: string;
  onFound: (found: ForgetPasswordSearchResponse, values: LookupValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LookupValues & { code: string }>();
  const captcha = useCaptcha(formName);
  const search = useForgetPasswordSearch();
  const shape = forgetPasswordSearchRequest.shape;
  return (
    <Form
      form={form}
      name={formName}
      layout="vertical"
      initialValues={{ userRegisterType: RegisterType.DOCTOR_ASSESSMENT }}
      disabled={search.isPending}
      onFinish={(v) => {
        const values = { userRegisterType: v.userRegisterType, name: v.name, idNumber: v.idNumber };
        search.mutate(
          { ...values, code: v.code, uuid: captcha.uuid },
          {
            onSuccess: (found) => onFound(found, values),
            onError: () => {
              form.setFieldValue('code', '');
              captcha.refresh();
            },
          },
        );
      }}
    >
      <Form.Item name="userRegisterType" label={t('auth.registerType')}>
        <RegisterTypeSelect />
      </Form.Item>
      <Form.Item name="name" label={t('auth.name')} rules={[schemaRule(shape.name, () => t('auth.name'))]}>
        <Input autoComplete="name" maxLength={50} />
      </Form.Item>
      <Form.Item name="idNumber" label={t('auth.idNumber')} rules={[schemaRule(shape.idNumber, () => t('auth.idNumber'))]}>
        <Input autoComplete="off" maxLength={30} spellCheck={false} />
      </Form.Item>
      <CaptchaField captcha={captcha} formName={formName} />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={search.isPending}>
          {submitLabel}
        </Button>
      </Form.Item>
    </Form>
  );
}
