import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CampQualificationView } from '@gradus/contract/summer-camp/qualification';
import { useUniversityTime } from '@/lib/university-time';
import { ProgressCard, useReviewSteps, type ProgressStep } from '@/lib/ui/ReviewProgress';
import { CAMP_QUALIFICATION_PATH } from '../links';

/**
 * The application's way so far, as the server tells it: submitted, the school's review, the
 * graduate school's (the shared steps), then the camp place.
 */
export function CampProgress({ view }: { view: CampQualificationView }) {
  const { t } = useTranslation();
  const { moment } = useUniversityTime();
  const { application, place } = view;
  const steps = useReviewSteps(application);

  let camp: ProgressStep;
  if (place?.status === 'offered') camp = { status: 'process', content: place.confirmBy ? t('campInfo.state.offered', { deadline: moment(place.confirmBy) }) : t('campQualification.status.offered.title') };
  else if (place?.status === 'confirmed') camp = { status: 'finish', content: t('campInfo.state.confirmed') };
  else if (place?.status === 'declined') camp = { status: 'error', content: t('campInfo.state.declined') };
  else if (place?.status === 'expired') camp = { status: 'error', content: t('campInfo.state.expired') };
  else if (place?.status === 'waitlisted') camp = { status: 'process', content: place.waitlistPosition ? t('campInfo.state.waitlisted', { position: place.waitlistPosition }) : t('campInfo.state.waitlistedPlain') };
  else if (application.state === 'eligible') camp = { status: 'process', content: t('campInfo.state.awaitingOffer') };
  else camp = { status: 'wait', content: t('campInfo.state.notYet') };

  return (
    <ProgressCard title={t('campInfo.progress.title')} items={[...steps, { key: 'place', title: t('campInfo.step.place'), ...camp }]}>
      <p className="info-page__hint">
        <Link to={CAMP_QUALIFICATION_PATH}>{t('campQualification.link.qualification')}</Link>
      </p>
    </ProgressCard>
  );
}
