import { useState } from 'react';
import { Alert, Button, Progress, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExternalExpertView } from '@gradus/contract/api/review-link';
import type { InterviewKind, InterviewSessionSummary } from '@gradus/contract/api/staff-interview';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { printRecord, useDeleteSession, useExternalExperts, useSendPanelLink, useSessions } from '../api/interview';
import { SessionDialog } from '../components/SessionDialog';
import { SessionResults } from '../components/SessionResults';
import { SheetsPanel } from '../components/SheetsPanel';
import { useLocalName } from '@/lib/local-name';
import { useViewer } from '@/lib/viewer';
import '../interview.css';

/**
 * staff/interviews: the office's interview sessions of the year, comprehensive assessment and
 * foreign-language review alike: when and where, the panel and its secretary, how far the scoring
 * is, and each session's results (every member's total and the combined score) once scored. The
 * office creates and edits sessions here; the record prints once the secretary has locked one.
 */
export default function InterviewSessionsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const sessions = useSessions(viewer);
  const time = useUniversityTime();
  const localName = useLocalName();
  const remove = useDeleteSession();
  const [editing, setEditing] = useState<InterviewSessionSummary | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'sheets' ? 'sheets' : 'sessions';
  const rows = sessions.data?.sessions ?? [];
  const externalOf = useExternalMembers(viewer);
  const send = useSendPanelLink();

  // The link is for the session's stage: it opens every session of that stage the expert sits on.
  const mailLink = (kind: InterviewKind, expert: ExternalExpertView) =>
    feedback.modal.confirm({
      title: t('interview.mailTitle', { name: expert.name }),
      content: t('interview.mailExplain', { email: expert.email }),
      okText: t('interview.mailLink'),
      cancelText: t('interview.cancel'),
      onOk: async () => {
        try {
          const sent = await send.mutateAsync({ stage: kind, expertUserId: expert.userId });
          feedback.message.success(t('interview.mailSent', { email: sent.sentTo }));
        } catch (err) {
          setError(err instanceof ReplyError ? err.message : t('interview.failed'));
        }
      },
    });

  const confirmDelete = (s: InterviewSessionSummary) =>
    feedback.modal.confirm({
      title: t('interview.deleteTitle', { room: s.room }),
      okText: t('interview.delete'),
      cancelText: t('interview.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync({ sessionId: s.id, version: s.version });
        } catch (err) {
          setError(err instanceof ReplyError ? err.message : t('interview.failed'));
        }
      },
    });

  const columns: TableColumnsType<InterviewSessionSummary> = [
    { key: 'when', title: t('interview.when'), render: (_, s) => time.plain(s.startsAt) },
    { key: 'kind', title: t('interview.kind'), render: (_, s) => <Tag color={s.kind === 'assessment' ? 'blue' : 'purple'}>{t(`interview.kind.${s.kind}`)}</Tag> },
    { key: 'programme', title: t('interview.programme'), render: (_, s) => localName(s.programme) },
    { key: 'room', title: t('interview.room'), dataIndex: 'room' },
    {
      key: 'panel',
      title: t('interview.panel'),
      render: (_, s) =>
        s.panel
          .map((m) => {
            const name = externalOf(s.kind, m.userId) ? t('interview.externalMember', { name: m.name }) : m.name;
            return m.secretary ? t('interview.secretaryName', { name }) : name;
          })
          .join(t('interview.listSeparator')),
    },
    { key: 'applicants', title: t('interview.applicants'), dataIndex: 'applicantCount' },
    {
      key: 'progress',
      title: t('interview.progress'),
      render: (_, s) => (
        <div className="interview__progress">
          <span>{t('interview.submittedOf', { done: s.submitted, total: s.expected })}</span>
          <Progress percent={s.expected ? Math.round((s.submitted / s.expected) * 100) : 0} showInfo={false} size="small" aria-hidden />
        </div>
      ),
    },
    {
      key: 'state',
      title: t('interview.state'),
      render: (_, s) => (s.lockedAt ? <Tag color="green">{t('interview.lockedBy', { name: s.lockedBy ?? '' })}</Tag> : <Tag>{t('interview.open')}</Tag>),
    },
    {
      key: 'actions',
      title: t('interview.actions'),
      render: (_, s) => (
        <Space wrap size={4}>
          {!s.lockedAt && (
            <Button size="small" onClick={() => setEditing(s)} aria-label={t('interview.editNamed', { room: s.room })}>
              {t('interview.edit')}
            </Button>
          )}
          {s.lockedAt && (
            <Button size="small" onClick={() => void printRecord(s.id).catch(() => undefined)} aria-label={t('interview.printNamed', { room: s.room })}>
              {t('interview.print')}
            </Button>
          )}
          {s.panel.map((m) => {
            const expert = externalOf(s.kind, m.userId);
            // Short on screen, named in full for a screen reader: the name starts with what is shown.
            return expert && !s.lockedAt ? (
              <Button key={m.userId} size="small" icon={<MailOutlined aria-hidden />} onClick={() => mailLink(s.kind, expert)} aria-label={t('interview.mailLinkNamed', { name: m.name })}>
                {t('interview.mailLink')}
              </Button>
            ) : null;
          })}
          {!s.lockedAt && s.submitted === 0 && (
            <Button size="small" danger onClick={() => confirmDelete(s)} aria-label={t('interview.deleteNamed', { room: s.room })}>
              {t('interview.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="page interview">
      <div className="interview__head">
        <div>
          <h1 className="page__title">{t('menu.staff.interviews')}</h1>
          <p className="page__lead">{t('interview.lead')}</p>
        </div>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('interview.new')}
        </Button>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (p) => {
              if (key === 'sheets') p.set('tab', 'sheets');
              else p.delete('tab');
              return p;
            },
            { replace: true },
          )
        }
        items={[
          {
            key: 'sessions',
            label: t('interview.tab.sessions'),
            children: (
              <>
                {error && <Alert className="interview__notice" type="error" showIcon closable onClose={() => setError(null)} title={error} />}
                <p className="interview__zone">{t('interview.beijingTimes')}</p>
                <Table<InterviewSessionSummary>
                  rowKey="id"
                  columns={columns}
                  dataSource={rows}
                  loading={sessions.isFetching}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: t('interview.none') }}
                  expandable={{ expandedRowRender: (s) => <SessionResults sessionId={s.id} />, rowExpandable: (s) => s.applicantCount > 0 }}
                />
              </>
            ),
          },
          { key: 'sheets', label: t('interview.tab.sheets'), children: <SheetsPanel /> },
        ]}
      />
      {editing && <SessionDialog session={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** The external experts of each stage, by account: a panel member among them scores by a mailed link. */
function useExternalMembers(viewer: string): (kind: InterviewKind, userId: number) => ExternalExpertView | undefined {
  const assessment = useExternalExperts(viewer, 'assessment');
  const language = useExternalExperts(viewer, 'language');
  return (kind, userId) => (kind === 'assessment' ? assessment : language).data?.find((e) => e.userId === userId);
}
