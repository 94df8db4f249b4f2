import { Card, Descriptions, Tag, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TmsInvitationState, TmsInvitationView } from '@gradus/contract/tuimian/interview';
import { useUniversityTime } from '@/lib/university-time';
import { AnswerButtons } from './AnswerButtons';
import { Countdown } from '@/lib/ui/Countdown';

const STATE_COLOURS: Record<TmsInvitationState, string> = { awaitingAnswer: 'blue', accepted: 'green', declined: 'default', lapsed: 'orange' };

interface Props {
  invitation: TmsInvitationView;
  programme: string | null;
  /** Whether the office released the interview results (an accepted interviewee then reads theirs above). */
  released: boolean;
  /** The server's clock minus the device's when the interview was read: the countdown counts by the server's. */
  offset: number;
  onProblem: (message: string | null) => void;
  onElapsed: () => void;
}

/** Where the interview is: the place on site, or the meeting's link online (a real link, in a new tab). */
function Venue({ invitation }: { invitation: TmsInvitationView }) {
  const { t } = useTranslation();
  if (invitation.format === 'onsite') return <span className="tms-interview__text">{invitation.place}</span>;
  return (
    <a className="tms-interview__text" href={invitation.link} target="_blank" rel="noopener noreferrer">
      {invitation.link}
      <span className="tms-interview__hidden"> ({t('tmsInterview.newTab')})</span>
    </a>
  );
}

/**
 * The invitation as the applicant reads it: when (Beijing time, said with every time), how and where,
 * the school's notes, the answer date; then where it stands in words and, while it waits, the time
 * left and the two answers.
 */
export function InvitationCard({ invitation, programme, released, offset, onProblem, onElapsed }: Props) {
  const { t } = useTranslation();
  const { moment } = useUniversityTime();
  const { state } = invitation;
  const items: DescriptionsProps['items'] = [
    ...(programme ? [{ key: 'programme', label: t('tmsInterview.field.programme'), children: programme }] : []),
    { key: 'startsAt', label: t('tmsInterview.field.startsAt'), children: moment(invitation.startsAt) },
    { key: 'format', label: t('tmsInterview.field.format'), children: t(`tmsInterview.format.${invitation.format}`) },
    { key: 'venue', label: t(invitation.format === 'onsite' ? 'tmsInterview.field.place' : 'tmsInterview.field.link'), children: <Venue invitation={invitation} /> },
    ...(invitation.notes ? [{ key: 'notes', label: t('tmsInterview.field.notes'), children: <span className="tms-interview__notes">{invitation.notes}</span> }] : []),
    { key: 'respondBy', label: t('tmsInterview.field.respondBy'), children: moment(invitation.respondBy) },
    { key: 'state', label: t('tmsInterview.field.state'), children: <Tag color={STATE_COLOURS[state]}>{t(`tmsInterview.state.${state}`)}</Tag> },
  ];

  const answeredAt = invitation.answeredAt ? moment(invitation.answeredAt) : '';
  const explanation: Record<TmsInvitationState, string> = {
    awaitingAnswer: t('tmsInterview.explain.awaitingAnswer', { deadline: moment(invitation.respondBy) }),
    accepted: t(released ? 'tmsInterview.explain.acceptedReleased' : 'tmsInterview.explain.accepted', { time: answeredAt }),
    declined: t('tmsInterview.explain.declined', { time: answeredAt }),
    lapsed: t('tmsInterview.explain.lapsed', { deadline: moment(invitation.respondBy) }),
  };

  return (
    <Card className="tms-interview__card" title={<h2 className="info-page__heading">{t('tmsInterview.invitation.title')}</h2>}>
      <Descriptions column={1} size="small" bordered items={items} />
      <p className="tms-interview__explain">{explanation[state]}</p>
      {state === 'awaitingAnswer' && (
        <>
          <Countdown key={`${invitation.respondBy}/${offset}`} className="tms-interview__timer" deadline={invitation.respondBy} offset={offset} onElapsed={onElapsed} />
          <AnswerButtons invitation={invitation} onProblem={onProblem} />
        </>
      )}
    </Card>
  );
}
