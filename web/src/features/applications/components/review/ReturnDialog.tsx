import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CORRECTION_DAYS, FORM_SECTIONS, type FormSection } from '@gradus/contract/doctor/form';
import { useReturnApplication } from '../../api/review';
import { useDialogSubmit } from '../../useDialogSubmit';

interface Fields {
  sections: FormSection[];
  reason: string;
  until: string;
}

/** A calendar day in Beijing, `days` from now, as an <input type="date"> value. */
function beijingDay(days: number): string {
  const shifted = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  return shifted.toISOString().slice(0, 10);
}

/**
 * Returns the form to the applicant: the sections to correct, the reason they will read, and the
 * last day for corrections (the end of that day, Beijing time). The applicant then corrects those
 * sections only and submits again.
 */
export function ReturnDialog({ applicationId, who, open, onClose }: { applicationId: number; who: string; open: boolean; onClose: (returned: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const send = useReturnApplication();
  const today = beijingDay(0);

  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await send.mutateAsync({ applicationId, sections: fields.sections, reason: fields.reason.trim(), until: `${fields.until}T23:59:59+08:00` });
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
      <Form form={form} layout="vertical" initialValues={{ sections: [], reason: '', until: beijingDay(DEFAULT_CORRECTION_DAYS) }} onFinish={() => void submit()}>
        <Form.Item name="sections" label={t('review.return.sections')} rules={[{ validator: (_, v?: FormSection[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('review.return.sectionsRequired')))) }]}>
          <Checkbox.Group className="review__sections" options={FORM_SECTIONS.map((s) => ({ value: s, label: t(`form.section.${s}`) }))} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('review.return.reason')}
          extra={t('review.return.reasonHint')}
          rules={[
            { required: true, whitespace: true, message: t('review.reasonRequired') },
            { max: 500, message: t('review.reasonTooLong', { max: 500 }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={501} />
        </Form.Item>
        <Form.Item
          name="until"
          label={t('review.return.until')}
          extra={t('review.return.untilHint')}
          rules={[
            { required: true, message: t('review.return.untilRequired') },
            { validator: (_, v: string) => (v && v < today ? Promise.reject(new Error(t('review.return.untilPast'))) : Promise.resolve()) },
          ]}
        >
          <Input type="date" min={today} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
