import type { ReactNode } from 'react';
import { HourglassOutlined } from '@ant-design/icons';
import { Descriptions, Result, Typography, type ResultProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CampQualificationView } from '@gradus/contract/summer-camp/qualification';
import { useUniversityTime } from '@/lib/university-time';
import { CAMP_FORM_PATH } from '../links';
import { PlaceActions } from './PlaceActions';

interface Props {
  view: CampQualificationView;
  offset: number;
  onProblem: (message: string | null) => void;
  onElapsed: () => void;
}

/** The two reviews as the camper reads them, while they are under way. */
function Reviews({ application }: { application: CampQualificationView['application'] }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      className="camp-qualification__reviews"
      column={1}
      size="small"
      bordered
      items={[
        { key: 'school', label: t('campQualification.review.school'), children: t(`campQualification.review.${application.schoolReview}`) },
        { key: 'office', label: t('campQualification.review.office'), children: t(`campQualification.review.${application.officeReview}`) },
      ]}
    />
  );
}

/**
 * Where the camper stands, in one sentence and what follows from it: their place (offered,
 * confirmed, declined, lapsed, waiting), or before any place, their application.
 */
export function QualificationStatus({ view, offset, onProblem, onElapsed }: Props) {
  const { t } = useTranslation();
  const { moment } = useUniversityTime();
  const { place, application } = view;
  const show = (status: ResultProps['status'], title: string, subTitle: ReactNode, body?: ReactNode, extra?: ReactNode, icon?: ReactNode) => (
    <Result className="camp-qualification__status" status={status} icon={icon} title={title} subTitle={subTitle} extra={extra}>
      {body}
    </Result>
  );

  if (place) {
    const actions = <PlaceActions view={view} place={place} offset={offset} onProblem={onProblem} onElapsed={onElapsed} />;
    switch (place.status) {
      case 'offered': {
        const open = place.canConfirm || place.canDecline;
        const hint = open && place.confirmBy ? t('campQualification.status.offered.hint', { deadline: moment(place.confirmBy) }) : t('campQualification.status.offered.closed');
        return show('info', t('campQualification.status.offered.title'), hint, actions);
      }
      case 'confirmed':
        return show('success', t('campQualification.status.confirmed.title'), t('campQualification.status.confirmed.hint'), actions);
      case 'declined': {
        const hint = place.canUndoDecline && place.undoUntil ? t('campQualification.status.declined.undoable', { deadline: moment(place.undoUntil) }) : t('campQualification.status.declined.final');
        return show('warning', t('campQualification.status.declined.title'), hint, actions);
      }
      case 'expired':
        return show('warning', t('campQualification.status.expired.title'), place.confirmBy ? t('campQualification.status.expired.hint', { deadline: moment(place.confirmBy) }) : t('campQualification.status.expired.hintPlain'));
      case 'waitlisted': {
        const position = place.waitlistPosition;
        const where = position === 1 ? t('campQualification.status.waitlisted.next') : position ? t('campQualification.status.waitlisted.position', { position }) : '';
        return show('info', t('campQualification.status.waitlisted.title'), `${where} ${t('campQualification.status.waitlisted.hint')}`.trim(), undefined, undefined, <HourglassOutlined aria-hidden />);
      }
    }
  }

  const formLink = (
    <Link className="camp-qualification__link" to={CAMP_FORM_PATH}>
      {t('campQualification.link.form')}
    </Link>
  );
  switch (application.state) {
    case 'notStarted':
      return show('info', t('campQualification.status.notStarted.title'), t('campQualification.status.notStarted.hint'), undefined, formLink);
    case 'draft':
      return show('info', t('campQualification.status.draft.title'), t('campQualification.status.draft.hint'), undefined, formLink);
    case 'returned':
      return show(
        'warning',
        t('campQualification.status.returned.title'),
        application.returnedUntil ? t('campQualification.status.returned.hint', { deadline: moment(application.returnedUntil) }) : t('campQualification.status.returned.hintPlain'),
        undefined,
        formLink,
      );
    case 'underReview':
      return show('info', t('campQualification.status.underReview.title'), t('campQualification.status.underReview.hint'), <Reviews application={application} />, undefined, <HourglassOutlined aria-hidden />);
    case 'ineligible':
      return show(
        'warning',
        t('campQualification.status.ineligible.title'),
        undefined,
        <div className="camp-qualification__reason">
          <Typography.Text strong>{t('campQualification.status.ineligible.reason')}</Typography.Text>
          <p className="camp-qualification__reason-text">{application.reason || t('campQualification.status.ineligible.noReason')}</p>
        </div>,
      );
    case 'eligible':
      return show('success', t('campQualification.status.eligible.title'), t('campQualification.status.eligible.hint'));
  }
}
