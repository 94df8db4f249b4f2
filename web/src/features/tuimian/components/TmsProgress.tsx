import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationProgressView } from '@gradus/contract/forms/progress';
import { ProgressCard, useReviewSteps } from '@/lib/ui/ReviewProgress';

/**
 * How far the application has come: submitted (or returned, with its correction deadline), the
 * chosen school's review, the graduate school's; a fail with the reason given for it.
 */
export function TmsProgress({ view }: { view: ApplicationProgressView }) {
  const { t } = useTranslation();
  const steps = useReviewSteps(view);
  const failed = view.state === 'ineligible' || view.schoolReview === 'fail' || view.officeReview === 'fail';
  return (
    <ProgressCard title={t('tms.info.progress')} items={steps}>
      {failed && (
        <Alert className="tuimian__reason" type="error" showIcon title={t('tms.info.failed')} description={view.reason ? t('tms.info.reason', { reason: view.reason }) : t('tms.info.noReason')} />
      )}
      {view.state === 'eligible' && <p className="info-page__hint">{t('tms.info.eligible')}</p>}
    </ProgressCard>
  );
}
