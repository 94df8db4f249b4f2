import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROOM_CAPACITY_MAX, type ExamSessionSummary } from '@gradus/contract/api/staff-exams';
import type { TicketKind } from '@gradus/contract/doctor/journey';
import { feedback } from '@/lib/feedback';
import { afterRule } from '@/lib/form-rules';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { fromUniversityLocal, universityLocal } from '@/lib/university-time';
import { useSaveSession } from '../api/exams';

interface RoomField {
  id?: number;
  name: string;
  capacity: number;
}
interface Fields {
  kind: TicketKind;
  subject: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  notes?: string;
  rooms: RoomField[];
}

/**
 * A sitting set up or changed: which exam, its subject, when (Beijing time, whatever the
 * computer's zone) and where, the notes printed on every ticket, and the rooms in the order seats
 * are filled. A seated session's tickets follow its changes; the server refuses what would strand
 * someone (a room removed or shrunk below a taken seat) and says so here.
 */
export function ExamSessionDialog({ session, onClose }: { session: ExamSessionSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const save = useSaveSession();
  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await save.mutateAsync({
      ...(session ? { id: session.id } : {}),
      kind: fields.kind,
      subject: fields.subject.trim(),
      startsAt: fromUniversityLocal(fields.startsAt),
      endsAt: fromUniversityLocal(fields.endsAt),
      venue: fields.venue.trim(),
      notes: fields.notes?.trim() ?? '',
      rooms: fields.rooms.map((r) => ({ ...(r.id ? { id: r.id } : {}), name: r.name.trim(), capacity: r.capacity })),
      version: session?.version ?? 0,
    });
    feedback.message.success(t('exams.saved', { subject: fields.subject.trim() }));
    onClose();
  });

  return (
    <Modal
      open
      title={t(session ? 'exams.editTitle' : 'exams.newTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('exams.save')}
      cancelText={t('exams.cancel')}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={{
          kind: session?.kind ?? 'language',
          subject: session?.subject ?? '',
          startsAt: session ? universityLocal(session.startsAt) : '',
          endsAt: session ? universityLocal(session.endsAt) : '',
          venue: session?.venue ?? '',
          notes: session?.notes ?? '',
          rooms: session?.rooms.map((r) => ({ id: r.id, name: r.name, capacity: r.capacity })) ?? [{ name: '', capacity: 30 }],
        }}
      >
        <Form.Item name="kind" label={t('exams.kind')} rules={[{ required: true }]} extra={session && session.seated > 0 ? t('exams.kindLockedHelp') : undefined}>
          <Radio.Group
            optionType="button"
            disabled={Boolean(session && session.seated > 0)}
            options={[
              { value: 'language', label: t('exams.kind.language') },
              { value: 'assessment', label: t('exams.kind.assessment') },
            ]}
          />
        </Form.Item>
        <Form.Item name="subject" label={t('exams.subject')} rules={[{ required: true, whitespace: true, message: t('exams.subjectRequired') }, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Space wrap size={16} className="exam-dialog__row">
          <Form.Item name="startsAt" label={t('exams.startsAt')} rules={[{ required: true, message: t('exams.startsAtRequired') }]}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item
            name="endsAt"
            label={t('exams.endsAt')}
            dependencies={['startsAt']}
            rules={[
              { required: true, message: t('exams.endsAtRequired') },
              afterRule('startsAt', t('exams.endsBeforeStart')),
            ]}
          >
            <Input type="datetime-local" />
          </Form.Item>
        </Space>
        <p className="exam-dialog__zone">{t('exams.beijingTimes')}</p>
        <Form.Item name="venue" label={t('exams.venue')} rules={[{ required: true, whitespace: true, message: t('exams.venueRequired') }, { max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="notes" label={t('exams.notes')} extra={t('exams.notesHelp')} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <fieldset className="exam-dialog__rooms">
          <legend>{t('exams.rooms')}</legend>
          <p className="exam-dialog__help">{t('exams.roomsHelp')}</p>
          <Form.List name="rooms" rules={[{ validator: (_r, rooms: RoomField[]) => (rooms.length > 0 ? Promise.resolve() : Promise.reject(new Error(t('exams.roomsRequired')))) }]}>
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field, index) => (
                  <div key={field.key} className="exam-dialog__room">
                    <Form.Item name={[field.name, 'name']} label={t('exams.roomName', { n: index + 1 })} rules={[{ required: true, whitespace: true, message: t('exams.roomNameRequired') }, { max: 50 }]}>
                      <Input maxLength={50} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'capacity']} label={t('exams.capacityOf', { n: index + 1 })} rules={[{ required: true, message: t('exams.capacityRequired') }]}>
                      <InputNumber min={1} max={ROOM_CAPACITY_MAX} precision={0} />
                    </Form.Item>
                    <Button className="exam-dialog__remove" icon={<DeleteOutlined aria-hidden />} onClick={() => remove(field.name)} disabled={fields.length === 1} aria-label={t('exams.removeRoom', { n: index + 1 })} />
                  </div>
                ))}
                <Form.ErrorList errors={errors} />
                <div>
                  <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ name: '', capacity: 30 })}>
                    {t('exams.addRoom')}
                  </Button>
                </div>
              </>
            )}
          </Form.List>
        </fieldset>
      </Form>
      {error && <Alert className="exam-dialog__error" type="error" showIcon title={error} />}
    </Modal>
  );
}
