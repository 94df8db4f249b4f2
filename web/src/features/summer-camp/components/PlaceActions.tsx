import type { ReactNode } from 'react';
import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampQualificationPlace, CampQualificationView } from '@gradus/contract/summer-camp/qualification';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { useConfirmCampPlace } from '../api/confirmPlace';
import { useDeclineCampPlace } from '../api/declinePlace';
import { useCampNoticePdf } from '../api/noticePdf';
import { useUndoCampDecline } from '../api/undoDecline';
import { Countdown } from '@/lib/ui/Countdown';

interface Props {
  view: CampQualificationView;
  place: CampQualificationPlace;
  /** The server's clock minus the device's when the view was read. */
  offset: number;
  /** A refusal's message (null to clear it): the page shows it above the place, which it reads again. */
  onProblem: (message: string | null) => void;
  onElapsed: () => void;
}

/**
 * What the camper can do with their place, exactly as the server's flags allow: answer an offer by
 * its deadline, give up a confirmed place, undo a decline, open the camp-entry notice. Giving a
 * place up asks first and says whether it can be taken back.
 */
export function PlaceActions({ view, place, offset, onProblem, onElapsed }: Props) {
  const { t } = useTranslation();
  const { moment } = useUniversityTime();
  const confirm = useConfirmCampPlace();
  const decline = useDeclineCampPlace();
  const undo = useUndoCampDecline();
  const notice = useCampNoticePdf();
  const busy = confirm.isPending || decline.isPending || undo.isPending;

  const answer = async (run: typeof confirm.mutateAsync, done: string) => {
    onProblem(null);
    try {
      await run({ version: place.version });
      feedback.message.success(done);
    } catch (err) {
      onProblem(err instanceof ReplyError && err.message ? err.message : t('campQualification.failed'));
    }
  };

  const askDecline = () => {
    const givingUp = place.status === 'confirmed';
    // Said by the camp's rule and the place's own deadline; the server decides again when it is asked.
    const undoable = (view.camp?.declineUndoable ?? false) && place.undoUntil !== null && Date.parse(place.undoUntil) > Date.now() + offset;
    const action = t(givingUp ? 'campQualification.action.giveUp' : 'campQualification.action.decline');
    feedback.modal.confirm({
      title: t(givingUp ? 'campQualification.dialog.giveUpTitle' : 'campQualification.dialog.declineTitle'),
      content: (
        <>
          <p>{t('campQualification.dialog.passesOn')}</p>
          <p>
            <strong>{undoable && place.undoUntil ? t('campQualification.dialog.undoable', { deadline: moment(place.undoUntil) }) : t('campQualification.dialog.final')}</strong>
          </p>
        </>
      ),
      okText: action,
      okButtonProps: { danger: true },
      cancelText: t('campQualification.dialog.keep'),
      // A slip of Enter keeps the place.
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => answer(decline.mutateAsync, t(givingUp ? 'campQualification.done.givenUp' : 'campQualification.done.declined')),
    });
  };

  const declineButton = place.canDecline && (
    <Button danger size="large" disabled={busy} loading={decline.isPending} onClick={askDecline}>
      {t(place.status === 'confirmed' ? 'campQualification.action.giveUp' : 'campQualification.action.decline')}
    </Button>
  );
  const hint = (text: ReactNode) => <p className="info-page__hint">{text}</p>;

  if (place.status === 'offered') {
    return (
      <>
        {place.confirmBy && (
          <div className="camp-qualification__deadline">
            <Typography.Text>
              <Typography.Text strong>{t('campQualification.deadline')}</Typography.Text> {moment(place.confirmBy)}
            </Typography.Text>
            {place.canConfirm && <Countdown key={`${place.confirmBy}/${offset}`} deadline={place.confirmBy} offset={offset} onElapsed={onElapsed} />}
          </div>
        )}
        <div className="camp-qualification__actions">
          {place.canConfirm && (
            <Button type="primary" size="large" disabled={busy} loading={confirm.isPending} onClick={() => void answer(confirm.mutateAsync, t('campQualification.done.confirmed'))}>
              {t('campQualification.action.confirm')}
            </Button>
          )}
          {declineButton}
        </div>
      </>
    );
  }
  if (place.status === 'confirmed') {
    return (
      <>
        <div className="camp-qualification__actions">
          <Button type="primary" size="large" icon={<FilePdfOutlined aria-hidden />} loading={notice.isPending} onClick={() => notice.mutate()}>
            {t('campQualification.action.notice')}
          </Button>
          {declineButton}
        </div>
        {hint(notice.data === 'saved' ? t('campQualification.notice.saved') : t('campQualification.notice.hint'))}
        {place.canDecline && hint(t('campQualification.giveUp.hint'))}
      </>
    );
  }
  if (place.status === 'declined' && place.canUndoDecline) {
    return (
      <>
        <div className="camp-qualification__actions">
          <Button type="primary" size="large" disabled={busy} loading={undo.isPending} onClick={() => void answer(undo.mutateAsync, t('campQualification.done.undone'))}>
            {t('campQualification.action.undo')}
          </Button>
        </div>
        {hint(t('campQualification.undo.hint'))}
      </>
    );
  }
  return null;
}
