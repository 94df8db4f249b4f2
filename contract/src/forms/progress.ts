/**
 * How far an application of an area whose chosen school reviews it first (DEPARTMENT_REVIEWED_AREAS:
 * the summer camp's, the recommended-exempt) has come: not started, a draft, returned for
 * correction, waiting for the reviews, found not eligible (with the reason), or eligible.
 */
export const APPLICATION_STATES = ['notStarted', 'draft', 'returned', 'underReview', 'ineligible', 'eligible'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** A review stage's decision as the applicant reads it. */
export type ApplicantReviewOutcome = 'pending' | 'pass' | 'fail';

export interface ApplicationProgressView {
  state: ApplicationState;
  submittedAt: string | null;
  /** A returned form's deadline. */
  returnedUntil: string | null;
  schoolReview: ApplicantReviewOutcome;
  officeReview: ApplicantReviewOutcome;
  /** The reason given with a fail (the graduate school's, else the school's). */
  reason: string | null;
}
