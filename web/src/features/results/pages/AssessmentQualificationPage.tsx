import { ReviewResultPage } from '../components/ReviewResultPage';

/** partInfo/index6: whether the applicant is admitted to the comprehensive assessment. */
export default function AssessmentQualificationPage() {
  return <ReviewResultPage stage="assessmentQualification" />;
}
