import { ReviewResultPage } from '../components/ReviewResultPage';

/** partInfo/index7: the proposed-admission result. */
export default function ProposedAdmissionPage() {
  return <ReviewResultPage stage="proposedAdmission" />;
}
