import { Alert, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOCTOR_AREA, type AdmissionArea } from '@gradus/contract/areas';
import { useReturnApplication } from '../../api/review';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { ReturnFields, returnInitialValues, untilOf, type ReturnFieldValues } from './ReturnFields';

/**
 * Returns the form to the applicant: the sections to correct, the reason they will read, and the
 * last day for corrections (the end of that day, Beijing time). The applicant then corrects those
 * sections only and submits again.
 */
export function ReturnDialog({
  applicationId,
  who,
  area = DOCTOR_AREA,
  open,
  onClose,
}: {
  applicationId: number;
  who: string;
  /** Whose form: the sections offered are that area's form's. */
  area?: AdmissionArea;
  open: boolean;
  onClose: (returned: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReturnFieldValues>();
  const send = useReturnApplication();

  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await send.mutateAsync({ applicationId, sections: fields.sections, reason: fields.reason.trim(), until: untilOf(fields.until) });
    form.resetFields();
    onClose(true);
  });

  return (
    <Modal
      open={open}
      title={t('review.return.title', { who })}
      okText={t('review.return.confirm')}
      okButtonProps={{ loading: send.isPending }}
      cancelText={t('applications.cancel')}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={returnInitialValues()} onFinish={() => void submit()}>
        <ReturnFields area={area} />
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
