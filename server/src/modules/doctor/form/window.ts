/** The doctoral form's submission window: the registration and form-submission stages of the applicant's cycle (application-form/window.ts). */
export { stageSubmissionWindow as submissionWindow } from '../../application-form/window';
