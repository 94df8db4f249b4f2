import { useId, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DOCTOR_AREA, type AdmissionArea } from '@gradus/contract/areas';
import { QUALIFICATION_REVIEW_STAGE, type EligibilityStage } from '@gradus/contract/api/staff';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useDecideQualification } from '../../api/review';
import { FailDialog } from './FailDialog';
import { ReturnDialog } from './ReturnDialog';
import { reviewTexts } from './review-texts';

interface Props {
  applicationId: number;
  /** The applicant's name and number, as the dialogs and messages name them. */
  who: string;
  canDecide: boolean;
  canReturn: boolean;
  /** Only a submitted form is judged or returned; anything else shows why not. */
  submitted: boolean;
  /** Which review the buttons decide: the graduate school's unless the school's is named. */
  stage?: EligibilityStage;
  /** Whose form: a return offers that area's form's sections. */
  area?: AdmissionArea;
  /** Why the decision cannot be taken yet (the school has not passed it): the buttons stay, disabled, with this beside them. */
  waitingFor?: string;
  compact?: boolean;
}

/** Pass, fail (with a reason) or back to the applicant for correction: one row of buttons. */
export function ReviewActions({ applicationId, who, canDecide, canReturn, submitted, stage = QUALIFICATION_REVIEW_STAGE, area = DOCTOR_AREA, waitingFor, compact = false }: Props) {
  const { t } = useTranslation();
  const decide = useDecideQualification();
  const hintId = useId();
  const [dialog, setDialog] = useState<'fail' | 'return' | null>(null);
  if (!canDecide && !canReturn) return null;
  const size = compact ? 'small' : 'middle';
  const texts = reviewTexts(stage);
  const blocked = !submitted || Boolean(waitingFor);
  const described = waitingFor ? { 'aria-describedby': hintId } : {};

  const pass = async () => {
    try {
      await decide.mutateAsync({ applicationId, stage, outcome: 'pass' });
      feedback.message.success(t(`${texts}.pass.done`, { who }));
    } catch (err) {
      feedback.message.error(err instanceof ReplyError ? err.message : t('review.failed'));
    }
  };
  const closed = (what: 'fail' | 'return') => (done: boolean) => {
    setDialog(null);
    if (done) feedback.message.success(t(what === 'fail' ? `${texts}.fail.done` : 'review.return.done', { who }));
  };

  return (
    <Space wrap size={compact ? 4 : 8}>
      {canDecide && (
        <>
          <Button size={size} type="primary" icon={<CheckOutlined aria-hidden />} disabled={blocked} loading={decide.isPending} onClick={() => void pass()} {...described}>
            {t(`${texts}.pass.action`)}
          </Button>
          <Button size={size} danger icon={<CloseOutlined aria-hidden />} disabled={blocked} onClick={() => setDialog('fail')} {...described}>
            {t(`${texts}.fail.action`)}
          </Button>
          {waitingFor && (
            <Typography.Text id={hintId} type="secondary" className="review__waiting">
              {waitingFor}
            </Typography.Text>
          )}
        </>
      )}
      {canReturn && (
        <Button size={size} icon={<RollbackOutlined aria-hidden />} disabled={!submitted} onClick={() => setDialog('return')}>
          {t('review.return.action')}
        </Button>
      )}
      <FailDialog applicationId={applicationId} who={who} stage={stage} open={dialog === 'fail'} onClose={closed('fail')} />
      <ReturnDialog applicationId={applicationId} who={who} area={area} open={dialog === 'return'} onClose={closed('return')} />
    </Space>
  );
}
