import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordRequest } from '@gradus/contract/api/auth';
import { currentPasswordField, newPasswordField } from '@gradus/contract/api/common';
import { issuesToFields, sameAsRule, schemaRule } from '@/lib/form-rules';
import { useChangePassword } from '../api/changePassword';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The current password, the new one twice, checked with the contract's rules before the call (the
 * server checks them again). Used on the Change password page and at a first sign-in with a
 * one-time password, where `oldLabel` names what the "current" password is.
 */
export function ChangePasswordForm({ oldLabel, submitText, onChanged }: { oldLabel?: string; submitText?: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const mutation = useChangePassword();
  const labels = { oldPassword: oldLabel ?? t('changePassword.old'), newPassword: t('auth.newPassword') };
  return (
    <Form<Values>
      form={form}
      name="changePassword"
      layout="vertical"
      disabled={mutation.isPending}
      onFinish={(v) => {
        const parsed = changePasswordRequest.safeParse({ oldPassword: v.oldPassword, newPassword: v.newPassword });
        if (!parsed.success) {
          form.setFields(issuesToFields(parsed.error.issues, labels).map((f) => ({ name: f.name as keyof Values, errors: f.errors })));
          return;
        }
        mutation.mutate(parsed.data, {
          onSuccess: () => {
            form.resetFields();
            onChanged();
          },
        });
      }}
    >
      <Form.Item name="oldPassword" label={labels.oldPassword} rules={[schemaRule(currentPasswordField, () => labels.oldPassword)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={labels.newPassword} extra={t('changePassword.hint')} rules={[schemaRule(newPasswordField, () => labels.newPassword)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth.confirmPassword')}
        dependencies={['newPassword']}
        rules={[sameAsRule('newPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {submitText ?? t('changePassword.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
