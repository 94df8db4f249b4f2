import { TMS_AREA } from '@gradus/contract/areas';
import { AreaReview } from '../components/review/AreaReview';

/**
 * staff/tmsReview: the recommended-exempt (tuimian) applications (issue #11), the school of the chosen
 * programme's review then the graduate school's. A tuimian application has one programme and a fee.
 */
export default function TmsReviewPage() {
  return <AreaReview area={TMS_AREA} texts={{ titleKey: 'menu.staff.tmsApplications', leadKey: 'review.tms.lead' }} withFee />;
}
