import { SUMMER_CAMP_AREA } from '@gradus/contract/areas';
import { AreaReview } from '../components/review/AreaReview';

/** staff/campReview: the summer camp's applications (issue #11), the school's review then the graduate school's. A camp charges no fee. */
export default function CampReviewPage() {
  return (
    <AreaReview
      area={SUMMER_CAMP_AREA}
      texts={{ titleKey: 'menu.staff.campApplications', leadKey: 'review.camp.lead', programmeColumnKey: 'review.camp.column.firstChoice' }}
      withFee={false}
    />
  );
}
