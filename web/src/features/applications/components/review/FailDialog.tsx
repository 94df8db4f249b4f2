import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUALIFICATION_REVIEW_STAGE, type EligibilityStage } from '@gradus/contract/api/staff';
import { useDecideQualification } from '../../api/review';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { reviewTexts } from './review-texts';

/**
 * "Not eligible" (or the school's "not passed") with the reason the applicant will read: required,
 * and the server says so too.
 */
export function FailDialog({
  applicationId,
  who,
  stage = QUALIFICATION_REVIEW_STAGE,
  open,
  onClose,
}: {
  applicationId: number;
  who: string;
  /** Which review the decision is of: the school's or the graduate school's. */
  stage?: EligibilityStage;
  open: boolean;
  onClose: (decided: boolean) => void;
}) {
  const { t } = useTranslation();
  const texts = reviewTexts(stage);
  const [form] = Form.useForm<{ reason: string }>();
  const decide = useDecideQualification();

  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await decide.mutateAsync({ applicationId, stage, outcome: 'fail', reason: fields.reason.trim() });
    form.resetFields();
    onClose(true);
  });

  return (
    <Modal
      open={open}
      title={t(`${texts}.fail.title`, { who })}
      okText={t(`${texts}.fail.confirm`)}
      okButtonProps={{ danger: true, loading: decide.isPending }}
      cancelText={t('applications.cancel')}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="reason"
          label={t('review.fail.reason')}
          extra={t('review.fail.reasonHint')}
          rules={[
            { required: true, whitespace: true, message: t('review.reasonRequired') },
            { max: 500, message: t('review.reasonTooLong', { max: 500 }) },
          ]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={501} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
