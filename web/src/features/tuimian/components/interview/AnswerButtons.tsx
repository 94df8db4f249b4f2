import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TmsInterviewAnswer, TmsInvitationView } from '@gradus/contract/tuimian/interview';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { useAnswerTmsInterview } from '../../api/interview';

interface Props {
  invitation: TmsInvitationView;
  /** A refusal's message (null to clear it): the page shows it above the invitation, which it reads again. */
  onProblem: (message: string | null) => void;
}

/**
 * Accept or decline, each asked again in a dialog: an answer is given once and cannot be changed
 * here. The version of the invitation shown goes with it, so an invitation the school changed
 * meanwhile is refused rather than answered unread.
 */
export function AnswerButtons({ invitation, onProblem }: Props) {
  const { t } = useTranslation();
  const { moment } = useUniversityTime();
  const answer = useAnswerTmsInterview();

  const send = async (choice: TmsInterviewAnswer) => {
    onProblem(null);
    try {
      await answer.mutateAsync({ version: invitation.version, answer: choice });
      feedback.message.success(t(choice === 'accept' ? 'tmsInterview.done.accepted' : 'tmsInterview.done.declined'));
    } catch (err) {
      onProblem(err instanceof ReplyError && err.message ? err.message : t('tmsInterview.failed'));
    }
  };

  const ask = (choice: TmsInterviewAnswer) => {
    const accepting = choice === 'accept';
    feedback.modal.confirm({
      title: t(accepting ? 'tmsInterview.dialog.acceptTitle' : 'tmsInterview.dialog.declineTitle'),
      content: (
        <>
          <p>{accepting ? t('tmsInterview.dialog.acceptBody', { time: moment(invitation.startsAt) }) : t('tmsInterview.dialog.declineBody')}</p>
          <p>
            <strong>{t('tmsInterview.dialog.final')}</strong>
          </p>
        </>
      ),
      okText: t(accepting ? 'tmsInterview.action.accept' : 'tmsInterview.action.decline'),
      okButtonProps: { danger: !accepting },
      cancelText: t('tmsInterview.dialog.back'),
      // Declining cannot be undone: a slip of Enter goes back rather than declining.
      focusable: { autoFocusButton: accepting ? 'ok' : 'cancel' },
      onOk: () => send(choice),
    });
  };

  return (
    <div className="tms-interview__actions">
      <Button type="primary" size="large" disabled={answer.isPending} loading={answer.isPending && answer.variables?.answer === 'accept'} onClick={() => ask('accept')}>
        {t('tmsInterview.action.accept')}
      </Button>
      <Button danger size="large" disabled={answer.isPending} loading={answer.isPending && answer.variables?.answer === 'decline'} onClick={() => ask('decline')}>
        {t('tmsInterview.action.decline')}
      </Button>
    </div>
  );
}
