import { z } from 'zod';

/**
 * The doctoral admission cycle (issue #4). Each stage has an opening and closing time per
 * recruitment year in the doctor area's system configuration (`stage.<year>.<key>.opensAt` /
 * `.closesAt`, ISO dates); results are visible to applicants only once their release switch
 * (`release.<year>.<key>` = '1') is on (server/src/modules/admissions/cycle.ts keeps both).
 * A new cycle starts with nothing published.
 * The back office edits both; until then the demo seed and `npm run admin` set them.
 */
export const DOCTOR_STAGES = [
  'registration',
  'formSubmitted',
  'feePaid',
  'photoReview',
  'qualificationReview',
  'languageReview',
  'assessmentQualification',
  'ticketsReleased',
  'scoresReleased',
  'proposedAdmission',
  'admissionPaperwork',
] as const;
export type DoctorStage = (typeof DOCTOR_STAGES)[number];

/** What staff publish, each with its own switch. */
export const RELEASES = [
  'photoReview',
  'qualificationReview',
  'languageReview',
  'assessmentQualification',
  'languageTicket',
  'assessmentTicket',
  'languageScore',
  'materialScore',
  'assessmentScore',
  'finalScore',
  'proposedAdmission',
] as const;
export type Release = (typeof RELEASES)[number];

/** Review stages whose outcome is a pass or a fail with a reason (table review_decision). */
export const REVIEW_STAGES = ['photoReview', 'qualificationReview', 'languageReview', 'assessmentQualification', 'proposedAdmission'] as const;
export type ReviewStage = (typeof REVIEW_STAGES)[number];
export const REVIEW_OUTCOMES = ['pass', 'fail'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

export const TICKET_KINDS = ['language', 'assessment'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
export const ticketRelease = (kind: TicketKind): Release => (kind === 'language' ? 'languageTicket' : 'assessmentTicket');

export const SCORE_KINDS = ['language', 'material', 'assessment', 'final'] as const;
export type ScoreKind = (typeof SCORE_KINDS)[number];
export const scoreRelease = (kind: ScoreKind): Release => `${kind}Score` as Release;

/**
 * Menu gates: a doctoral menu group or page with a gate is granted to an applicant only when the
 * server finds the gate open for them (their own data plus the release switches). Held in the menu
 * rows (column stage_gate), evaluated by the server; the web only shows what it is sent.
 */
export const MENU_GATES = [
  'formSubmitted',
  'languageTicket',
  'assessmentTicket',
  'anyTicket',
  'languageScore',
  'materialScore',
  'assessmentScore',
  'finalScore',
  'anyScore',
  'admitted',
] as const;
export type MenuGate = (typeof MENU_GATES)[number];

/** Where an applicant stands on one stage of the timeline. */
export const STAGE_STATES = ['done', 'current', 'upcoming', 'failed', 'notReached'] as const;
export type StageState = (typeof STAGE_STATES)[number];

/**
 * The next thing the applicant should do; `route` is a menu path the web can open. `notPassed`:
 * a published review was failed, and `route` is that stage's result page.
 */
export const NEXT_ACTIONS = [
  'fillForm',
  'fixReturnedForm',
  'uploadMaterials',
  'replacePhoto',
  'payFee',
  'submitForm',
  'waitForReview',
  'notPassed',
  'printLanguageTicket',
  'printAssessmentTicket',
  'checkScores',
  'fillAdmissionInfo',
  'registrationClosed',
  'nothing',
] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];

export const journeyStageView = z.object({
  stage: z.enum(DOCTOR_STAGES),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  state: z.enum(STAGE_STATES),
});
export type JourneyStageView = z.infer<typeof journeyStageView>;

/** POST /mucgrs-service/doctor/journey: the dashboard timeline of the signed-in doctoral applicant. */
export interface JourneyView {
  stages: JourneyStageView[];
  current: DoctorStage;
  next: { action: NextAction; route: string | null; deadline: string | null };
}
