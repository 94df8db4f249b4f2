import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REVEAL_REASON_MAX, REVEAL_REASON_MIN } from '@gradus/contract/api/staff-file';
import { StaffButton } from '@gradus/contract/menus';
import { usePermission } from '@/lib/permission';
import { ReplyError } from '@/lib/request';
import { revealIdNumber } from '../../api/file';

/**
 * The masked ID number, and for those who may, the full one behind a reason: the server records the
 * reason, the reader and the time in the file's history before it answers. The number is kept in
 * this component only, never cached. A role denied the button (its F row) sees the masked number only.
 */
export function RevealIdNumber({ applicationId, masked, allowed }: { applicationId: number; masked: string | null; allowed: boolean }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [full, setFull] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const client = useQueryClient();
  const mayReveal = usePermission(StaffButton.REVEAL_ID) && allowed;
  if (!masked) return <span>—</span>;

  const submit = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    setBusy(true);
    setError(null);
    try {
      const revealed = await revealIdNumber({ applicationId, reason: fields.reason.trim() });
      setFull(revealed.idNumber);
      setAsking(false);
      // The history now holds this reading: the file is fetched again.
      void client.invalidateQueries({ queryKey: ['staff', 'applications', 'file'] });
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('review.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="file-header__id">
      <Typography.Text copyable={full ? { text: full } : false}>{full ?? masked}</Typography.Text>
      {mayReveal && !full && (
        <Button size="small" type="link" icon={<EyeOutlined aria-hidden />} onClick={() => setAsking(true)}>
          {t('file.id.show')}
        </Button>
      )}
      <Modal open={asking} title={t('file.id.title')} okText={t('file.id.confirm')} okButtonProps={{ loading: busy }} cancelText={t('applications.cancel')} onOk={() => void submit()} onCancel={() => setAsking(false)} destroyOnHidden>
        <p>{t('file.id.explain')}</p>
        <Form form={form} layout="vertical" onFinish={() => void submit()}>
          <Form.Item
            name="reason"
            label={t('file.id.reason')}
            rules={[
              { required: true, whitespace: true, message: t('review.reasonRequired') },
              { min: REVEAL_REASON_MIN, message: t('file.id.reasonShort', { min: REVEAL_REASON_MIN }) },
              { max: REVEAL_REASON_MAX, message: t('review.reasonTooLong', { max: REVEAL_REASON_MAX }) },
            ]}
          >
            <Input autoFocus maxLength={REVEAL_REASON_MAX + 1} />
          </Form.Item>
        </Form>
        {error && <Alert type="error" showIcon title={error} />}
      </Modal>
    </span>
  );
}
