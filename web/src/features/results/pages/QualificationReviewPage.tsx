import { ReviewResultPage } from '../components/ReviewResultPage';

/** partInfo/index4: the application-qualification review result. */
export default function QualificationReviewPage() {
  return <ReviewResultPage stage="qualificationReview" />;
}
