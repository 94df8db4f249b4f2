import { Progress, Table, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyInterviewSession } from '@gradus/contract/api/staff-interview';
import { useUniversityTime } from '@/lib/university-time';
import { useMySessions } from '../api/interview';
import { useLocalName } from '@/lib/local-name';
import { useViewer } from '@/lib/viewer';
import '../interview.css';

/**
 * staff/myInterviews: the sessions this expert sits on, when and where, how many of their scores
 * are in, and whether they keep the record; each opens the scoring screen (/scoresReview), made
 * for a tablet in the interview room.
 */
export default function MyInterviewsPage() {
  const { t } = useTranslation();
  const mine = useMySessions(useViewer());
  const time = useUniversityTime();
  const localName = useLocalName();
  const columns: TableColumnsType<MyInterviewSession> = [
    { key: 'when', title: t('interview.when'), render: (_, s) => time.plain(s.startsAt) },
    { key: 'kind', title: t('interview.kind'), render: (_, s) => <Tag color={s.kind === 'assessment' ? 'blue' : 'purple'}>{t(`interview.kind.${s.kind}`)}</Tag> },
    { key: 'programme', title: t('interview.programme'), render: (_, s) => localName(s.programme) },
    { key: 'room', title: t('interview.room'), dataIndex: 'room' },
    { key: 'role', title: t('interview.myRole'), render: (_, s) => (s.secretary ? t('interview.role.secretary') : t('interview.role.member')) },
    {
      key: 'progress',
      title: t('interview.myProgress'),
      render: (_, s) => (
        <div className="interview__progress">
          <span>{t('interview.submittedOf', { done: s.mySubmitted, total: s.applicantCount })}</span>
          <Progress percent={s.applicantCount ? Math.round((s.mySubmitted / s.applicantCount) * 100) : 0} showInfo={false} size="small" aria-hidden />
        </div>
      ),
    },
    { key: 'state', title: t('interview.state'), render: (_, s) => (s.lockedAt ? <Tag color="green">{t('interview.locked')}</Tag> : <Tag>{t('interview.open')}</Tag>) },
    {
      key: 'open',
      title: t('interview.actions'),
      render: (_, s) => (
        <Link to={`/scoresReview?session=${s.id}`}>
          {t(s.lockedAt ? 'interview.openRecord' : 'interview.openScoring')}
        </Link>
      ),
    },
  ];
  return (
    <div className="page interview">
      <h1 className="page__title">{t('menu.staff.myInterviews')}</h1>
      <p className="page__lead">{t('interview.myLead')}</p>
      <p className="interview__zone">{t('interview.beijingTimes')}</p>
      <Table<MyInterviewSession> rowKey="id" columns={columns} dataSource={mine.data?.sessions ?? []} loading={mine.isFetching} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('interview.noneMine') }} />
    </div>
  );
}
