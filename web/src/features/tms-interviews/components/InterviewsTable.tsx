import { Button, Grid, Space, Table, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TmsInterviewOutcome, TmsInterviewRow, TmsInvitationState, TmsInvitationView } from '@gradus/contract/tuimian/interview';
import type { TmsNationalOfferState } from '@gradus/contract/tuimian/national-offer';
import { useLocalName } from '@/lib/local-name';
import { useUniversityTime } from '@/lib/university-time';
import { who } from './who';

const STATE_COLOURS: Record<TmsInvitationState, string> = { awaitingAnswer: 'blue', accepted: 'green', declined: 'default', lapsed: 'orange' };
const RESULT_COLOURS: Record<TmsInterviewOutcome, string> = { pass: 'green', fail: 'red' };
const OFFER_COLOURS: Record<TmsNationalOfferState, string> = { sent: 'blue', accepted: 'green', declined: 'default', lapsed: 'orange' };

interface Props {
  rows: TmsInterviewRow[];
  released: boolean;
  busy: boolean;
  onInvite: (row: TmsInterviewRow) => void;
  onWithdraw: (row: TmsInterviewRow) => void;
  onResult: (row: TmsInterviewRow, outcome: TmsInterviewOutcome) => void;
  /** Whether the admissions office is looking: it alone records its offers in the national system. */
  office: boolean;
  onOffer: (row: TmsInterviewRow) => void;
}

/** When, how and where, in one cell: times in Beijing time (the page says so once). */
function Invitation({ invitation }: { invitation: TmsInvitationView }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  return (
    <div className="tms-interviews__cell">
      <span>{time.plain(invitation.startsAt)}</span>
      <span>
        {t(`tmsInterview.format.${invitation.format}`)}
        {': '}
        {invitation.format === 'onsite' ? (
          invitation.place
        ) : (
          <a href={invitation.link} target="_blank" rel="noopener noreferrer">
            {invitation.link}
            <span className="tms-interviews__hidden"> ({t('tmsInterview.newTab')})</span>
          </a>
        )}
      </span>
    </div>
  );
}

/**
 * The eligible applicants with their invitations. What each row offers follows the server's rules:
 * an invitation can be sent or changed, or withdrawn, until a result is recorded; a result is
 * recorded (or replaced) for an accepted invitation until the office releases the results.
 */
export function InterviewsTable({ rows, released, busy, onInvite, onWithdraw, onResult, office, onOffer }: Props) {
  const { t } = useTranslation();
  const name = useLocalName();
  const time = useUniversityTime();
  // On a phone a fixed column would cover the width: the row scrolls as one, inside the table.
  const wide = Grid.useBreakpoint().md ?? true;

  const answer = (r: TmsInterviewRow) => {
    const inv = r.invitation;
    if (!inv) return <Tag>{t('tmsInterviews.notInvited')}</Tag>;
    return (
      <div className="tms-interviews__cell">
        <Tag color={STATE_COLOURS[inv.state]}>{t(`tmsInterview.state.${inv.state}`)}</Tag>
        {inv.state === 'awaitingAnswer' && <span>{t('tmsInterviews.respondBy', { time: time.plain(inv.respondBy) })}</span>}
        {inv.answeredAt && <span>{t('tmsInterviews.answeredAt', { time: time.plain(inv.answeredAt) })}</span>}
      </div>
    );
  };
  const result = (r: TmsInterviewRow) => (r.result ? <Tag color={RESULT_COLOURS[r.result]}>{t(`tmsInterviews.result.${r.result}`)}</Tag> : <span>{t('tmsInterviews.result.none')}</span>);

  /**
   * Only a pass leads to an offer. Its record and, for the office, the button to keep it lie in one
   * cell, apart from the interview's actions: the server takes it only once the results are released
   * (the applicant reads their pass before our offer), so until then the office reads why not yet.
   */
  const national = (r: TmsInterviewRow) => {
    if (r.result !== 'pass') return '—';
    const offer = r.nationalOffer;
    return (
      <div className="tms-interviews__cell">
        {offer ? <Tag color={OFFER_COLOURS[offer.state]}>{t(`tmsInterviews.offer.state.${offer.state}`)}</Tag> : <Tag>{t('tmsInterviews.offer.notRecorded')}</Tag>}
        {offer && <span>{t('tmsInterviews.offer.sentAt', { time: time.plain(offer.sentAt) })}</span>}
        {offer?.answeredAt && <span>{t('tmsInterviews.answeredAt', { time: time.plain(offer.answeredAt) })}</span>}
        {office &&
          (released ? (
            <Button size="small" disabled={busy} onClick={() => onOffer(r)} aria-label={t(offer ? 'tmsInterviews.action.updateOfferNamed' : 'tmsInterviews.action.recordOfferNamed', { name: who(r) })}>
              {t(offer ? 'tmsInterviews.action.updateOffer' : 'tmsInterviews.action.recordOffer')}
            </Button>
          ) : (
            <span className="tms-interviews__muted">{t('tmsInterviews.offer.afterRelease')}</span>
          ))}
      </div>
    );
  };

  const actions = (r: TmsInterviewRow) => {
    const inv = r.invitation;
    // Once a result is recorded the invitation stands as it was (the server refuses a change or a withdrawal).
    const open = r.result === null;
    const recordable = inv?.state === 'accepted' && !released;
    return (
      <Space wrap size={4}>
        {open && (
          <Button size="small" type={inv ? 'default' : 'primary'} disabled={busy} onClick={() => onInvite(r)} aria-label={t(inv ? 'tmsInterviews.action.changeNamed' : 'tmsInterviews.action.inviteNamed', { name: who(r) })}>
            {t(inv ? 'tmsInterviews.action.change' : 'tmsInterviews.action.invite')}
          </Button>
        )}
        {inv && open && (
          <Button size="small" danger disabled={busy} onClick={() => onWithdraw(r)} aria-label={t('tmsInterviews.action.withdrawNamed', { name: who(r) })}>
            {t('tmsInterviews.action.withdraw')}
          </Button>
        )}
        {recordable &&
          (['pass', 'fail'] as const).map((outcome) => (
            <Button
              key={outcome}
              size="small"
              disabled={busy}
              aria-pressed={r.result === outcome}
              onClick={() => onResult(r, outcome)}
              aria-label={t(`tmsInterviews.action.${outcome}Named`, { name: who(r) })}
            >
              {t(`tmsInterviews.action.${outcome}`)}
            </Button>
          ))}
      </Space>
    );
  };

  const columns: TableColumnsType<TmsInterviewRow> = [
    {
      key: 'applicant',
      title: t('tmsInterviews.column.applicant'),
      fixed: wide ? 'left' : undefined,
      render: (_, r) => (
        <div className="tms-interviews__cell">
          <span>{r.name}</span>
          <Link to={`/admissions/file?id=${r.applicationId}`}>{r.applicantNumber}</Link>
        </div>
      ),
    },
    { key: 'programme', title: t('tmsInterviews.column.programme'), render: (_, r) => name({ nameZh: r.programmeNameZh, nameEn: r.programmeNameEn }) || '—' },
    { key: 'degreeType', title: t('tmsInterviews.column.degreeType'), render: (_, r) => (r.degreeType ? t(`tms.degreeType.${r.degreeType}`, { defaultValue: r.degreeType }) : '—') },
    { key: 'invitation', title: t('tmsInterviews.column.invitation'), render: (_, r) => (r.invitation ? <Invitation invitation={r.invitation} /> : '—') },
    { key: 'answer', title: t('tmsInterviews.column.answer'), render: (_, r) => answer(r) },
    { key: 'result', title: t('tmsInterviews.column.result'), render: (_, r) => result(r) },
    { key: 'national', title: t('tmsInterviews.column.national'), render: (_, r) => national(r) },
    { key: 'actions', title: t('tmsInterviews.column.actions'), render: (_, r) => actions(r) },
  ];

  return (
    <Table<TmsInterviewRow>
      rowKey="applicationId"
      size="middle"
      className="tms-interviews__table"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('tmsInterviews.none') }}
    />
  );
}
