import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OnlineSessionRow } from '@gradus/contract/api/staff-logs';
import { feedback } from '@/lib/feedback';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { accountLabel } from '../account-label';
import { useForcedSignOut } from '../api/sign-out';

/** The contract's limit (forcedSignOutRequest: requiredText(200)). */
const REASON_MAX = 200;

/** Ending someone's session, with the reason kept in the audit trail. */
export function SignOutDialog({ session, onClose }: { session: OnlineSessionRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const signOut = useForcedSignOut();
  const who = accountLabel(session.user);

  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await signOut.mutateAsync({ sessionId: session.sessionId, reason: fields.reason.trim() });
    feedback.message.success(t('online.signedOut', { who }));
    onClose();
  });

  return (
    <Modal
      open
      title={t('online.signOut.title', { who })}
      okText={t('online.signOut')}
      okButtonProps={{ danger: true, loading: signOut.isPending }}
      cancelText={t('online.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert className="logs-dialog__warning" type="warning" showIcon title={t('online.signOut.warning')} />
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="reason"
          label={t('online.signOut.reason')}
          extra={t('online.signOut.reasonHelp')}
          rules={[
            { required: true, whitespace: true, message: t('online.rule.reasonRequired') },
            { max: REASON_MAX, message: t('online.rule.reasonTooLong', { max: REASON_MAX }) },
          ]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={REASON_MAX + 1} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
