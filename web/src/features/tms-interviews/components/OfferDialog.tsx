import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TmsInterviewRow } from '@gradus/contract/tuimian/interview';
import { TMS_NATIONAL_OFFER_ANSWERED, TMS_NATIONAL_OFFER_NOTE_MAX, TMS_NATIONAL_OFFER_STATES, type TmsNationalOfferState } from '@gradus/contract/tuimian/national-offer';
import { feedback } from '@/lib/feedback';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { fromUniversityLocal, universityLocal } from '@/lib/university-time';
import { useRecordOffer } from '../api/interviews';
import { who } from './who';

interface Fields {
  state: TmsNationalOfferState;
  sentAt: string;
  answeredAt?: string;
  note?: string;
}

type Getter = { getFieldValue: (name: string) => unknown };
const answered = (state: TmsNationalOfferState | undefined) => state !== undefined && TMS_NATIONAL_OFFER_ANSWERED.includes(state);

/**
 * Records (or corrects) what the national recommended-exemption system shows for one interviewee who
 * passed: the state, when the offer went out there and, for an acceptance or a decline, when the
 * applicant answered (Beijing time, whatever the computer's zone). Checked here as the server checks
 * it: both dates already past by the server's clock (`offset`: a computer set wrong judges the same),
 * the answer not before the offer. The applicant reads the state and the note on their page; the
 * server's refusal shows in the dialog, which stays open.
 */
export function OfferDialog({ row, offset, onClose }: { row: TmsInterviewRow; offset: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const current = row.nationalOffer;
  const state = Form.useWatch('state', form) ?? current?.state ?? 'sent';
  const record = useRecordOffer();
  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await record.mutateAsync({
      applicationId: row.applicationId,
      state: fields.state,
      sentAt: fromUniversityLocal(fields.sentAt),
      // Only an answer carries its date: the server ignores one sent with another state.
      ...(answered(fields.state) && fields.answeredAt ? { answeredAt: fromUniversityLocal(fields.answeredAt) } : {}),
      note: (fields.note ?? '').trim(),
    });
    feedback.message.success(t('tmsInterviews.offer.saved', { name: who(row), state: t(`tmsInterviews.offer.state.${fields.state}`) }));
    onClose();
  });

  const past = {
    validator: async (_r: unknown, value: unknown) => {
      if (typeof value === 'string' && value && Date.parse(fromUniversityLocal(value)) > Date.now() + offset) throw new Error(t('tmsInterviews.offer.error.future'));
    },
  };
  // Both are wall-clock texts of one zone (YYYY-MM-DDTHH:mm), so they compare as text.
  const afterSent = ({ getFieldValue }: Getter) => ({
    validator: async (_r: unknown, value: unknown) => {
      const sent = getFieldValue('sentAt');
      if (typeof value === 'string' && value && typeof sent === 'string' && sent && value < sent) throw new Error(t('tmsInterviews.offer.error.answeredBeforeSent'));
    },
  });

  return (
    <Modal
      open
      title={t(current ? 'tmsInterviews.offer.updateTitle' : 'tmsInterviews.offer.title', { name: who(row) })}
      okText={t('tmsInterviews.offer.save')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={record.isPending}
      width={600}
      destroyOnHidden
    >
      <Alert className="tms-interviews__dialog-note" type="info" showIcon title={t('tmsInterviews.offer.hint')} />
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={{
          state: current?.state ?? 'sent',
          sentAt: current ? universityLocal(current.sentAt) : '',
          answeredAt: current?.answeredAt ? universityLocal(current.answeredAt) : '',
          note: current?.note ?? '',
        }}
      >
        <Form.Item name="state" label={t('tmsInterviews.offer.field.state')}>
          <Radio.Group orientation="vertical" options={TMS_NATIONAL_OFFER_STATES.map((s) => ({ value: s, label: t(`tmsInterviews.offer.state.${s}`) }))} />
        </Form.Item>
        <Form.Item name="sentAt" label={t('tmsInterviews.offer.field.sentAt')} rules={[{ required: true, message: t('tmsInterviews.offer.error.sentAtRequired') }, past]}>
          <Input type="datetime-local" />
        </Form.Item>
        {answered(state) && (
          <Form.Item
            name="answeredAt"
            label={t('tmsInterviews.offer.field.answeredAt')}
            extra={t('tmsInterviews.offer.help.answeredAt')}
            dependencies={['sentAt']}
            rules={[{ required: true, message: t('tmsInterviews.offer.error.answeredAtRequired') }, past, afterSent]}
          >
            <Input type="datetime-local" />
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label={t('tmsInterviews.offer.field.note')}
          extra={t('tmsInterviews.offer.help.note')}
          rules={[{ max: TMS_NATIONAL_OFFER_NOTE_MAX, message: t('tmsInterviews.error.tooLong', { max: TMS_NATIONAL_OFFER_NOTE_MAX }) }]}
        >
          <Input.TextArea rows={3} maxLength={TMS_NATIONAL_OFFER_NOTE_MAX} showCount />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
