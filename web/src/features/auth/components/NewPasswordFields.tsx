import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPasswordField } from '@gradus/contract/api/common';
import { schemaRule } from '@/lib/form-rules';

/** New password + confirmation, checked with the contract's password rules. */
export function NewPasswordFields({ name = 'newPassword' }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={name} label={t('auth.newPassword')} extra={t('register.passwordHint')} rules={[schemaRule(newPasswordField, () => t('auth.newPassword'))]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth.confirmPassword')}
        dependencies={[name]}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_r, value: unknown) => {
              if (value !== getFieldValue(name)) throw new Error(t('validation.passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
