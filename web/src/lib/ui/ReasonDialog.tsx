import type { ReactNode } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDialogSubmit } from './useDialogSubmit';
import './reason-dialog.css';

const REASON_MAX = 200;

/**
 * An act that needs a reason kept in the audit trail (disabling an account, declining a request,
 * withdrawing a release): the reason is checked here as the server checks it (1 to 200
 * characters), and the server's refusal shows in the dialog, which stays open.
 */
export function ReasonDialog({
  title,
  okText,
  danger = false,
  warning,
  reasonHelp,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  okText: string;
  danger?: boolean;
  warning?: ReactNode;
  reasonHelp: string;
  pending: boolean;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await onSubmit(fields.reason.trim());
    onClose();
  });

  return (
    <Modal open title={title} okText={okText} okButtonProps={{ danger, loading: pending }} cancelText={t('common.cancel')} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      {warning && <Alert className="reason-dialog__warning" type="warning" showIcon title={warning} />}
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="reason"
          label={t('reasonDialog.reason')}
          extra={reasonHelp}
          rules={[
            { required: true, whitespace: true, message: t('reasonDialog.required') },
            { max: REASON_MAX, message: t('reasonDialog.tooLong', { max: REASON_MAX }) },
          ]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={REASON_MAX + 1} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
