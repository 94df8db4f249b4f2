import { useState } from 'react';
import { Alert, Button, Form, InputNumber, Modal, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExamSeatRow, ExamSessionSummary } from '@gradus/contract/api/staff-exams';
import { feedback } from '@/lib/feedback';
import { useLocalName } from '@/lib/local-name';
import { ReplyError } from '@/lib/request';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { useViewer } from '@/lib/viewer';
import { useMoveSeat, useSeatingPlan, useUnseat } from '../api/exams';

/**
 * A session's seating plan, room by room and seat by seat, as the door list reads: who sits where,
 * their programme, and whether they still qualify (a holder who no longer does gets no ticket).
 * One applicant moves to a free seat, or gives theirs up, from here.
 */
export function SeatingPlan({ session }: { session: ExamSessionSummary }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const localName = useLocalName();
  const plan = useSeatingPlan(viewer, session.id);
  const unseat = useUnseat();
  const [moving, setMoving] = useState<ExamSeatRow | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirmUnseat = (row: ExamSeatRow) =>
    feedback.modal.confirm({
      title: t('exams.unseatTitle', { name: row.name, number: row.applicantNumber }),
      content: t('exams.unseatExplain'),
      okText: t('exams.unseat'),
      okButtonProps: { danger: true },
      cancelText: t('exams.cancel'),
      onOk: async () => {
        try {
          await unseat.mutateAsync({ sessionId: session.id, ticketNo: row.ticketNo });
          feedback.message.success(t('exams.unseated', { name: row.name }));
        } catch (err) {
          setError(err instanceof ReplyError ? err.message : t('exams.failed'));
        }
      },
    });

  const columns: TableColumnsType<ExamSeatRow> = [
    { key: 'room', title: t('exams.room'), dataIndex: 'room' },
    { key: 'seat', title: t('exams.seatColumn'), dataIndex: 'seat' },
    { key: 'number', title: t('exams.applicantNumber'), dataIndex: 'applicantNumber' },
    { key: 'name', title: t('exams.name'), dataIndex: 'name' },
    { key: 'programme', title: t('exams.programme'), render: (_, r) => (r.programme.code ? `${localName(r.programme)} ${r.programme.code}` : '—') },
    { key: 'ticket', title: t('exams.ticketNo'), dataIndex: 'ticketNo' },
    { key: 'qualified', title: t('exams.standing'), render: (_, r) => (r.qualified ? <Tag color="green">{t('exams.qualified')}</Tag> : <Tag color="red">{t('exams.notQualified')}</Tag>) },
    {
      key: 'actions',
      title: t('exams.actions'),
      render: (_, r) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setMoving(r)} aria-label={t('exams.moveNamed', { name: r.name })}>
            {t('exams.move')}
          </Button>
          <Button size="small" danger onClick={() => confirmUnseat(r)} aria-label={t('exams.unseatNamed', { name: r.name })}>
            {t('exams.unseat')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="exams__plan">
      {error && <Alert className="exams__notice" type="error" showIcon closable onClose={() => setError(null)} title={error} />}
      <Table<ExamSeatRow>
        rowKey="ticketNo"
        size="small"
        columns={columns}
        dataSource={plan.data?.rows ?? []}
        loading={plan.isFetching}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <span className="exams__muted">{t('exams.nobodySeated')}</span> }}
        aria-label={t('exams.planOf', { subject: session.subject })}
      />
      {moving && <MoveDialog session={session} row={moving} taken={plan.data?.rows ?? []} onClose={() => setMoving(null)} />}
    </div>
  );
}

interface MoveFields {
  roomId: number;
  seat: number;
}

/** Another seat for one applicant: a room of the session and a seat number within its capacity; the server refuses a taken one and names its holder. */
function MoveDialog({ session, row, taken, onClose }: { session: ExamSessionSummary; row: ExamSeatRow; taken: ExamSeatRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MoveFields>();
  const move = useMoveSeat();
  const roomId = Form.useWatch('roomId', form) ?? row.roomId;
  const room = session.rooms.find((r) => r.id === roomId);
  const free = room ? Array.from({ length: room.capacity }, (_, i) => i + 1).filter((n) => !taken.some((x) => x.roomId === room.id && Number(x.seat) === n)) : [];
  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await move.mutateAsync({ sessionId: session.id, ticketNo: row.ticketNo, roomId: fields.roomId, seat: fields.seat });
    feedback.message.success(t('exams.moved', { name: row.name }));
    onClose();
  });
  return (
    <Modal open title={t('exams.moveTitle', { name: row.name, room: row.room, seat: row.seat })} onCancel={onClose} onOk={() => void submit()} okText={t('exams.move')} cancelText={t('exams.cancel')} confirmLoading={move.isPending} destroyOnHidden>
      <Form<MoveFields> form={form} layout="vertical" initialValues={{ roomId: row.roomId }} onValuesChange={(changed: Partial<MoveFields>) => 'roomId' in changed && form.setFieldValue('seat', undefined)}>
        <Form.Item name="roomId" label={t('exams.room')} rules={[{ required: true }]}>
          <Select options={session.rooms.map((r) => ({ value: r.id, label: t('exams.roomFill', { name: r.name, seated: r.seated, capacity: r.capacity }) }))} />
        </Form.Item>
        <Form.Item name="seat" label={t('exams.seatColumn')} extra={room ? t('exams.freeSeats', { free: free.length }) : undefined} rules={[{ required: true, message: t('exams.seatRequired') }]}>
          <InputNumber min={1} max={room?.capacity ?? 1} precision={0} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
