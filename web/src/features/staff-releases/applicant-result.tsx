import { createContext, useContext, type ReactNode } from 'react';
import type { ResultAsReleased } from '@gradus/contract/api/staff-releases';

/**
 * How an applicant's page shows a result belongs to the results feature; this feature only asks
 * for it. The app composes the two (app/StaffReleasesPage.tsx) and hands the drawing in here, so
 * "view as applicant" shows the applicant's very page without one feature importing another.
 */
type Render = (result: ResultAsReleased) => ReactNode;
const ApplicantResult = createContext<Render | null>(null);

export function ApplicantResultProvider({ render, children }: { render: Render; children: ReactNode }) {
  return <ApplicantResult.Provider value={render}>{children}</ApplicantResult.Provider>;
}

/** Null when the app did not provide the drawing: "view as applicant" is then not offered. */
export const useApplicantResult = (): Render | null => useContext(ApplicantResult);
