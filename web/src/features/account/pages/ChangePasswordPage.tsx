import { Button, Card, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoleKey } from '@gradus/contract/codes';
import { changePasswordRequest } from '@gradus/contract/api/auth';
import { currentPasswordField, newPasswordField } from '@gradus/contract/api/common';
import { feedback } from '@/lib/feedback';
import { issuesToFields, schemaRule } from '@/lib/form-rules';
import { useSession } from '@/lib/session';
import { useChangePassword } from '../api/changePassword';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /resetPassword: change password (hidden from the menu; not offered to zs_master). */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const role = useSession((s) => s.roles[0]);
  const mutation = useChangePassword();
  if (role === RoleKey.MASTER) {
    return (
      <div className="page">
        <Result status="info" title={t('changePassword.notOffered')} />
      </div>
    );
  }
  const labels = { oldPassword: t('changePassword.old'), newPassword: t('auth.newPassword') };
  return (
    <div className="page">
      <h1 className="page__title">{t('route.resetPassword')}</h1>
      <Card className="page__card">
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
                feedback.message.success(t('changePassword.done'));
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
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, value: unknown) => {
                  if (value !== getFieldValue('newPassword')) throw new Error(t('validation.passwordMismatch'));
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {t('changePassword.submit')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
}
