import { useState } from 'react';
import { Alert, Button, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExamSessionSummary } from '@gradus/contract/api/staff-exams';
import { TICKET_KINDS } from '@gradus/contract/doctor/journey';
import { download } from '@/lib/download';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { QueryState } from '@/lib/ui/QueryState';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { downloadTickets, useAssignSeats, useDeleteSession, useExamSessions, usePrintTickets } from '../api/exams';
import { ExamSessionDialog } from '../components/ExamSessionDialog';
import { SeatingPlan } from '../components/SeatingPlan';
import { TicketsCell } from '../components/TicketsCell';
import '../staff-exams.css';

/**
 * staff/exams: the year's exam sittings (the foreign-language exam, the comprehensive assessment).
 * The office sets one up with its rooms, seats the qualified applicants in one click (by
 * programme, then number), opens a row for the seating plan to move someone by hand, and prints
 * the whole session's tickets in the background: the progress shows here, the zip downloads when
 * done. Applicants see their ticket only once tickets are released (Releases page).
 */
export default function ExamsPage() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const sessions = useExamSessions(viewer);
  const time = useUniversityTime();
  const assign = useAssignSeats();
  const print = usePrintTickets();
  const remove = useDeleteSession();
  const [editing, setEditing] = useState<ExamSessionSummary | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const count = (n: number) => n.toLocaleString(i18n.language);
  const qualified = sessions.data?.qualified;

  const act = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('exams.failed'));
    }
  };
  const seat = (s: ExamSessionSummary) =>
    act(async () => {
      const done = await assign.mutateAsync({ sessionId: s.id });
      if (done.unseated > 0) feedback.message.warning(t('exams.seatedSome', { seated: count(done.seated), unseated: count(done.unseated) }));
      else feedback.message.success(t('exams.seatedAll', { seated: count(done.seated) }));
    });
  const printTickets = (s: ExamSessionSummary) =>
    act(async () => {
      const batch = await print.mutateAsync({ sessionId: s.id });
      feedback.message.info(t('exams.printStarted', { total: count(batch.total) }));
    });
  const save = (s: ExamSessionSummary) =>
    act(async () => {
      const { blob, fileName } = await downloadTickets(s.batch!.id);
      download.save(blob, fileName);
    });
  const confirmDelete = (s: ExamSessionSummary) =>
    feedback.modal.confirm({
      title: t('exams.deleteTitle', { subject: s.subject }),
      okText: t('exams.delete'),
      okButtonProps: { danger: true },
      cancelText: t('exams.cancel'),
      onOk: () => act(() => remove.mutateAsync({ sessionId: s.id, version: s.version }).then(() => undefined)),
    });

  const columns: TableColumnsType<ExamSessionSummary> = [
    { key: 'when', title: t('exams.when'), render: (_, s) => `${time.plain(s.startsAt)} – ${time.clock(s.endsAt)}` },
    { key: 'kind', title: t('exams.kind'), render: (_, s) => <Tag color={s.kind === 'assessment' ? 'blue' : 'purple'}>{t(`exams.kind.${s.kind}`)}</Tag> },
    { key: 'subject', title: t('exams.subject'), dataIndex: 'subject' },
    { key: 'venue', title: t('exams.venue'), dataIndex: 'venue' },
    { key: 'rooms', title: t('exams.rooms'), render: (_, s) => s.rooms.map((r) => t('exams.roomFill', { name: r.name, seated: r.seated, capacity: r.capacity })).join(t('exams.listSeparator')) },
    { key: 'seated', title: t('exams.seated'), render: (_, s) => t('exams.seatedOf', { seated: count(s.seated), capacity: count(s.capacity) }) },
    { key: 'tickets', title: t('exams.tickets'), render: (_, s) => <TicketsCell session={s} onDownload={() => void save(s)} /> },
    {
      key: 'actions',
      title: t('exams.actions'),
      render: (_, s) => {
        const running = s.batch?.state === 'running';
        const waiting = qualified?.[s.kind].unseated ?? 0;
        return (
          <Space wrap size={4}>
            <Button size="small" onClick={() => setEditing(s)} aria-label={t('exams.editNamed', { subject: s.subject })}>
              {t('exams.edit')}
            </Button>
            <Button size="small" disabled={waiting === 0 || s.seated >= s.capacity} onClick={() => void seat(s)} aria-label={t('exams.seatNamed', { subject: s.subject })}>
              {t('exams.seat')}
            </Button>
            <Button size="small" disabled={running || s.seated === 0} onClick={() => void printTickets(s)} aria-label={t('exams.printNamed', { subject: s.subject })}>
              {t('exams.print')}
            </Button>
            {s.seated === 0 && (
              <Button size="small" danger onClick={() => confirmDelete(s)} aria-label={t('exams.deleteNamed', { subject: s.subject })}>
                {t('exams.delete')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="page exams">
      <div className="exams__head">
        <div>
          <h1 className="page__title">{t('menu.staff.exams')}</h1>
          <p className="page__lead">{t('exams.lead')}</p>
        </div>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('exams.new')}
        </Button>
      </div>
      <QueryState query={sessions} texts={{ loading: t('exams.loading'), refused: t('exams.refused'), loadFailed: t('exams.loadFailed') }}>
        {(data) => (
          <>
            <ul className="exams__qualified" aria-label={t('exams.qualifiedTitle', { year: data.recruitYear })}>
              {TICKET_KINDS.map((kind) => (
                <li key={kind}>
                  <strong>{t(`exams.kind.${kind}`)}</strong>: {t('exams.qualifiedCount', { total: count(data.qualified[kind].total), unseated: count(data.qualified[kind].unseated) })}
                </li>
              ))}
            </ul>
            {error && <Alert className="exams__notice" type="error" showIcon closable onClose={() => setError(null)} title={error} />}
            <p className="exams__zone">{t('exams.beijingTimes')}</p>
            {data.sessions.length === 0 ? (
              <p className="exams__muted">{t('exams.none')}</p>
            ) : (
              <Table<ExamSessionSummary>
                rowKey="id"
                columns={columns}
                dataSource={data.sessions}
                pagination={false}
                scroll={{ x: 'max-content' }}
                expandable={{ expandedRowRender: (s) => <SeatingPlan session={s} />, rowExpandable: (s) => s.seated > 0 }}
              />
            )}
          </>
        )}
      </QueryState>
      {editing && <ExamSessionDialog session={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
