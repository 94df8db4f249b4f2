import ReleasesPage from '@/features/staff-releases/pages/ReleasesPage';
import { ApplicantResultProvider } from '@/features/staff-releases/applicant-result';
import { ResultAsReleasedView } from '@/features/results/components/ResultAsReleased';

/**
 * staff/releases, composed: the releases page offers "view as applicant" drawn by the applicant's
 * own result pages (features may not import each other; the app joins them).
 */
export default function StaffReleasesPage() {
  return (
    <ApplicantResultProvider render={(result) => <ResultAsReleasedView result={result} />}>
      <ReleasesPage />
    </ApplicantResultProvider>
  );
}
