import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { useDeclareConflict } from '../../api/expert-review';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';

/** "I have a conflict of interest": the file leaves the expert's list for good, with the reason kept. */
export function ConflictButton({ applicationId, who, onDeclared, label }: { applicationId: number; who: string; onDeclared: () => void; label?: string }) {
  const { t } = useTranslation();
  const declare = useDeclareConflict();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await declare.mutateAsync({ applicationId, reason: fields.reason.trim() });
    feedback.message.success(t('scoring.conflict.done', { who }));
    onDeclared();
  });
  return (
    <>
      <Button icon={<StopOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {label ?? t('scoring.conflict.action')}
      </Button>
      <Modal
        open={open}
        title={t('scoring.conflict.title', { who })}
        okText={t('scoring.conflict.confirm')}
        okButtonProps={{ danger: true, loading: declare.isPending }}
        cancelText={t('applications.cancel')}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>{t('scoring.conflict.explain')}</p>
        <Form form={form} layout="vertical" onFinish={() => void submit()}>
          <Form.Item name="reason" label={t('scoring.conflict.reason')} rules={[{ required: true, whitespace: true, message: t('review.reasonRequired') }]}>
            <Input.TextArea autoFocus rows={2} maxLength={500} />
          </Form.Item>
        </Form>
        {error && <Alert type="error" showIcon title={error} />}
      </Modal>
    </>
  );
}
