import { useState } from 'react';
import { Button, Space } from 'antd';
import { CheckOutlined, CloseOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useDecideQualification } from '../../api/review';
import { FailDialog } from './FailDialog';
import { ReturnDialog } from './ReturnDialog';

interface Props {
  applicationId: number;
  /** The applicant's name and number, as the dialogs and messages name them. */
  who: string;
  canDecide: boolean;
  canReturn: boolean;
  /** Only a submitted form is judged or returned; anything else shows why not. */
  submitted: boolean;
  compact?: boolean;
}

/** Eligible, not eligible (with a reason) or back to the applicant for correction: one row of buttons. */
export function ReviewActions({ applicationId, who, canDecide, canReturn, submitted, compact = false }: Props) {
  const { t } = useTranslation();
  const decide = useDecideQualification();
  const [dialog, setDialog] = useState<'fail' | 'return' | null>(null);
  if (!canDecide && !canReturn) return null;
  const size = compact ? 'small' : 'middle';

  const pass = async () => {
    try {
      await decide.mutateAsync({ applicationId, outcome: 'pass' });
      feedback.message.success(t('review.pass.done', { who }));
    } catch (err) {
      feedback.message.error(err instanceof ReplyError ? err.message : t('review.failed'));
    }
  };
  const closed = (what: 'fail' | 'return') => (done: boolean) => {
    setDialog(null);
    if (done) feedback.message.success(t(what === 'fail' ? 'review.fail.done' : 'review.return.done', { who }));
  };

  return (
    <Space wrap size={compact ? 4 : 8}>
      {canDecide && (
        <>
          <Button size={size} type="primary" icon={<CheckOutlined aria-hidden />} disabled={!submitted} loading={decide.isPending} onClick={() => void pass()}>
            {t('review.pass.action')}
          </Button>
          <Button size={size} danger icon={<CloseOutlined aria-hidden />} disabled={!submitted} onClick={() => setDialog('fail')}>
            {t('review.fail.action')}
          </Button>
        </>
      )}
      {canReturn && (
        <Button size={size} icon={<RollbackOutlined aria-hidden />} disabled={!submitted} onClick={() => setDialog('return')}>
          {t('review.return.action')}
        </Button>
      )}
      <FailDialog applicationId={applicationId} who={who} open={dialog === 'fail'} onClose={closed('fail')} />
      <ReturnDialog applicationId={applicationId} who={who} open={dialog === 'return'} onClose={closed('return')} />
    </Space>
  );
}
