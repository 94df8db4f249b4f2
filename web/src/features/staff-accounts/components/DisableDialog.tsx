import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffAccountRow } from '@gradus/contract/api/staff-accounts';
import { feedback } from '@/lib/feedback';
import { useDisableStaffAccount } from '../api/disable';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { accountLabel } from '../account-label';

const REASON_MAX = 200;

/** Disabling an account, with the reason kept in the audit trail: its sessions end at once. */
export function DisableDialog({ account, onClose }: { account: StaffAccountRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const disable = useDisableStaffAccount();
  const who = accountLabel(account);

  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await disable.mutateAsync({ userId: account.userId, reason: fields.reason.trim() });
    feedback.message.success(t('accounts.disabled', { who }));
    onClose();
  });

  return (
    <Modal
      open
      title={t('accounts.disable.title', { who })}
      okText={t('accounts.disable')}
      okButtonProps={{ danger: true, loading: disable.isPending }}
      cancelText={t('accounts.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert className="accounts-dialog__warning" type="warning" showIcon title={t('accounts.disable.warning')} />
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="reason"
          label={t('accounts.disable.reason')}
          extra={t('accounts.disable.reasonHelp')}
          rules={[
            { required: true, whitespace: true, message: t('accounts.rule.reasonRequired') },
            { max: REASON_MAX, message: t('accounts.rule.reasonTooLong', { max: REASON_MAX }) },
          ]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={REASON_MAX + 1} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
