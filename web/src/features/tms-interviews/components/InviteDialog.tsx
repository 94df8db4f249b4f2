import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TMS_INTERVIEW_FORMATS,
  TMS_INTERVIEW_LINK_MAX,
  TMS_INTERVIEW_NOTES_MAX,
  TMS_INTERVIEW_PLACE_MAX,
  tmsInviteRequest,
  type TmsInterviewFormat,
  type TmsInterviewRow,
} from '@gradus/contract/tuimian/interview';
import { feedback } from '@/lib/feedback';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { fromUniversityLocal, universityLocal } from '@/lib/university-time';
import { useInvite } from '../api/interviews';
import { who } from './who';

interface Fields {
  startsAt: string;
  format: TmsInterviewFormat;
  place?: string;
  link?: string;
  notes?: string;
  respondBy: string;
}

type Getter = { getFieldValue: (name: string) => unknown };
const inFuture = (local: string) => Date.parse(fromUniversityLocal(local)) > Date.now();

/**
 * Invites one applicant, or changes their invitation: when (Beijing time, whatever the computer's
 * zone), on site with a place or online with an https link, notes, and the date to answer by, before
 * the interview. Checked here as the contract checks it (and both times in the future, as the server
 * does); the server's refusal shows in the dialog, which stays open.
 */
export function InviteDialog({ row, onClose }: { row: TmsInterviewRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const format = Form.useWatch('format', form) ?? row.invitation?.format ?? 'onsite';
  const invite = useInvite();
  const current = row.invitation;
  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await invite.mutateAsync({
      applicationId: row.applicationId,
      startsAt: fromUniversityLocal(fields.startsAt),
      format: fields.format,
      place: fields.format === 'onsite' ? (fields.place ?? '').trim() : '',
      link: fields.format === 'online' ? (fields.link ?? '').trim() : '',
      notes: (fields.notes ?? '').trim(),
      respondBy: fromUniversityLocal(fields.respondBy),
    });
    feedback.message.success(t(current ? 'tmsInterviews.invite.changed' : 'tmsInterviews.invite.sent', { name: who(row) }));
    onClose();
  });

  const future = { validator: async (_r: unknown, value: unknown) => {
    if (typeof value === 'string' && value && !inFuture(value)) throw new Error(t('tmsInterviews.error.past'));
  } };
  // Both are wall-clock texts of one zone (YYYY-MM-DDTHH:mm), so they compare as text.
  const beforeStart = ({ getFieldValue }: Getter) => ({
    validator: async (_r: unknown, value: unknown) => {
      const start = getFieldValue('startsAt');
      if (typeof value === 'string' && value && typeof start === 'string' && start && value >= start) throw new Error(t('tmsInterviews.error.respondByAfterStart'));
    },
  });
  const httpsLink = {
    validator: async (_r: unknown, value: unknown) => {
      if (!tmsInviteRequest.shape.link.safeParse(value ?? '').success) throw new Error(t('tmsInterviews.error.link'));
    },
  };

  return (
    <Modal
      open
      title={t(current ? 'tmsInterviews.invite.changeTitle' : 'tmsInterviews.invite.title', { name: who(row) })}
      okText={t(current ? 'tmsInterviews.invite.saveChange' : 'tmsInterviews.invite.send')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={invite.isPending}
      width={600}
      destroyOnHidden
    >
      {current && <Alert className="tms-interviews__dialog-note" type="warning" showIcon title={t('tmsInterviews.invite.changeWarning')} />}
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={{
          startsAt: current ? universityLocal(current.startsAt) : '',
          format: current?.format ?? 'onsite',
          place: current?.place ?? '',
          link: current?.link ?? '',
          notes: current?.notes ?? '',
          respondBy: current ? universityLocal(current.respondBy) : '',
        }}
      >
        <Form.Item name="startsAt" label={t('tmsInterviews.field.startsAt')} rules={[{ required: true, message: t('tmsInterviews.error.startsAtRequired') }, future]}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="format" label={t('tmsInterviews.field.format')} rules={[{ required: true }]}>
          <Radio.Group options={TMS_INTERVIEW_FORMATS.map((f) => ({ value: f, label: t(`tmsInterview.format.${f}`) }))} />
        </Form.Item>
        {format === 'onsite' ? (
          <Form.Item
            name="place"
            label={t('tmsInterviews.field.place')}
            extra={t('tmsInterviews.help.place')}
            rules={[{ required: true, whitespace: true, message: t('tmsInterviews.error.placeRequired') }, { max: TMS_INTERVIEW_PLACE_MAX, message: t('tmsInterviews.error.tooLong', { max: TMS_INTERVIEW_PLACE_MAX }) }]}
          >
            <Input maxLength={TMS_INTERVIEW_PLACE_MAX + 1} />
          </Form.Item>
        ) : (
          <Form.Item
            name="link"
            label={t('tmsInterviews.field.link')}
            extra={t('tmsInterviews.help.link')}
            rules={[{ required: true, whitespace: true, message: t('tmsInterviews.error.linkRequired') }, { max: TMS_INTERVIEW_LINK_MAX, message: t('tmsInterviews.error.tooLong', { max: TMS_INTERVIEW_LINK_MAX }) }, httpsLink]}
          >
            <Input type="url" inputMode="url" maxLength={TMS_INTERVIEW_LINK_MAX + 1} />
          </Form.Item>
        )}
        <Form.Item name="notes" label={t('tmsInterviews.field.notes')} extra={t('tmsInterviews.help.notes')} rules={[{ max: TMS_INTERVIEW_NOTES_MAX, message: t('tmsInterviews.error.tooLong', { max: TMS_INTERVIEW_NOTES_MAX }) }]}>
          <Input.TextArea rows={3} maxLength={TMS_INTERVIEW_NOTES_MAX + 1} />
        </Form.Item>
        <Form.Item
          name="respondBy"
          label={t('tmsInterviews.field.respondBy')}
          extra={t('tmsInterviews.help.respondBy')}
          dependencies={['startsAt']}
          rules={[{ required: true, message: t('tmsInterviews.error.respondByRequired') }, future, beforeStart]}
        >
          <Input type="datetime-local" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
