import { ReviewResultPage } from '../components/ReviewResultPage';

/** partInfo/index5: the foreign-language review result. */
export default function LanguageReviewPage() {
  return <ReviewResultPage stage="languageReview" />;
}
