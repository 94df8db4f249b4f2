import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPasswordField } from '@gradus/contract/api/common';
import { sameAsRule, schemaRule } from '@/lib/form-rules';

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
        rules={[sameAsRule(name)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
