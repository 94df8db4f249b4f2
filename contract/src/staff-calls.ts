/**
 * Which back-office page each staff call belongs to (issue #10, roles' menus and buttons). The
 * policy (policies.ts) says what a role may ever do; the system administrator narrows it per role
 * by granting or denying its pages and buttons (the RuoYi M/C/F rows of menus.ts). A denied page
 * is a real control, not a hidden menu: the server refuses every call of it, as it refuses a call
 * whose button is denied. A call used by several pages is allowed while any of them is granted.
 *
 * Every staff call the server registers is listed here (the server refuses to start otherwise),
 * so nobody adds a call without deciding whose page it is.
 */
import { StaffButton } from './menus';

/** A page or hidden page of the back office, by its component (menus.ts). */
const DASHBOARD = 'staff/dashboard';
const APPLICATIONS = 'staff/applications';
const FILE = 'staff/applicationFile';
const PHOTOS = 'staff/photoReview';
const QUALIFICATION = 'staff/qualificationReview';
const MY_REVIEWS = 'staff/expertReviews';
const SCORING = 'staff/scoring';
const REVIEW_SETUP = 'staff/reviewSetup';
const RANKING = 'staff/ranking';
const INTERVIEWS = 'staff/interviews';
const MY_INTERVIEWS = 'staff/myInterviews';
const CYCLE = 'staff/cycle';
const EXAMS = 'staff/exams';
const RELEASES = 'staff/releases';
const SCORES = 'staff/scores';
const RECHECKS = 'staff/rechecks';
const CAMPS = 'staff/camps';
const CAMP_REVIEW = 'staff/campReview';
const TMS_REVIEW = 'staff/tmsReview';
const TMS_INTERVIEWS = 'staff/tmsInterviews';
const CAMP_ADMISSION = 'staff/campAdmission';
const OFFLINE_PAYMENTS = 'staff/offlinePayments';
const NOTES = 'staff/notes';
const PUBLICITY = 'staff/publicity';
const ACCOUNTS = 'staff/accounts';
const ONLINE = 'staff/online';
const LOGS = 'staff/logs';
const JOBS = 'staff/jobs';
const CONFIG = 'staff/config';
export const ROLES_PAGE = 'staff/roles';

export interface StaffCallRule {
  /** The pages that make this call: one of them must be granted to the caller's active role. */
  pages: readonly string[];
  /** A button of those pages the call also needs (the export, a batch, the full ID number, an import). */
  button?: StaffButton;
}

/** Lookups every back-office page reads (programmes, departments, years): no page of their own. */
export const SHARED_STAFF_CALLS: readonly string[] = ['applications/options', 'applications/catalogue'];

const of = (pages: readonly string[], button?: StaffButton): StaffCallRule => (button ? { pages, button } : { pages });
const each = (calls: readonly string[], rule: StaffCallRule) => Object.fromEntries(calls.map((c) => [c, rule]));

/** Keyed by the call's path under /mucgrs-service/staff/. */
export const STAFF_CALL_PAGES: Readonly<Record<string, StaffCallRule>> = {
  dashboard: of([DASHBOARD]),
  'applications/list': of([APPLICATIONS, QUALIFICATION, CAMP_REVIEW, TMS_REVIEW]),
  'applications/export': of([APPLICATIONS], StaffButton.EXPORT),
  ...each(['applications/batchDecide', 'applications/batchReturn', 'review/batchAssign'], of([APPLICATIONS], StaffButton.BATCH)),
  // The file is read on its own page and beside the scoring sheet.
  'applications/file': of([FILE, SCORING]),
  'applications/revealIdNumber': of([FILE], StaffButton.REVEAL_ID),
  ...each(['applications/decide', 'applications/return'], of([FILE, QUALIFICATION, CAMP_REVIEW, TMS_REVIEW])),
  ...each(['photos/next', 'photos/review'], of([PHOTOS])),
  // The expert review's rules and sheets serve the interview stages too.
  ...each(['review/settings', 'review/saveSettings', 'review/sheet', 'review/saveSheet', 'review/externalExperts', 'review/saveExternalExpert', 'review/sendLink'], of([REVIEW_SETUP, INTERVIEWS])),
  ...each(['review/assignments', 'review/autoAssign', 'review/assign', 'review/unassign'], of([REVIEW_SETUP])),
  ...each(['review/close', 'review/ranking', 'review/qualify'], of([REVIEW_SETUP, RANKING])),
  'review/mine': of([MY_REVIEWS]),
  ...each(['review/scoring', 'review/saveScore', 'review/declareConflict'], of([SCORING])),
  ...each(['interview/sessions', 'interview/candidates', 'interview/session', 'interview/save', 'interview/delete'], of([INTERVIEWS])),
  ...each(['tmsInterviews/list', 'tmsInterviews/invite', 'tmsInterviews/withdraw', 'tmsInterviews/result', 'tmsInterviews/offer'], of([TMS_INTERVIEWS])),
  ...each(['interview/mine', 'interview/panel', 'interview/saveScore', 'interview/lock'], of([MY_INTERVIEWS])),
  'interview/record': of([INTERVIEWS, MY_INTERVIEWS]),
  ...each(['cycle/years', 'cycle/startYear', 'cycle/timeline', 'cycle/saveWindow'], of([CYCLE])),
  ...each(['exams/sessions', 'exams/save', 'exams/delete', 'exams/seats', 'exams/assignSeats', 'exams/move', 'exams/unseat', 'exams/print', 'exams/batch', 'exams/zip'], of([EXAMS])),
  ...each(['releases/list', 'releases/preview', 'releases/viewAs', 'releases/plan', 'releases/confirm', 'releases/cancel', 'releases/withdraw'], of([RELEASES])),
  ...each(['scores/grid', 'scores/save', 'scores/history', 'scores/scale', 'scores/weights', 'scores/saveWeights', 'scores/computeFinal', 'scores/template'], of([SCORES])),
  'scores/import': of([SCORES], StaffButton.SCORE_IMPORT),
  ...each(['rechecks/list', 'rechecks/answer', 'rechecks/window'], of([RECHECKS])),
  ...each(['camps/list', 'camps/save', 'camps/delete'], of([CAMPS])),
  ...each(['campAdmission/board', 'campAdmission/admit', 'campAdmission/waitlist', 'campAdmission/withdraw', 'campAdmission/recordResults'], of([CAMP_ADMISSION])),
  ...each(['payments/receipts', 'payments/confirm', 'payments/reject'], of([OFFLINE_PAYMENTS])),
  ...each(['notes/list', 'notes/update'], of([NOTES])),
  ...each(['calendar/list', 'calendar/save', 'calendar/remove', 'calendar/count', 'publicity/list', 'publicity/preview', 'publicity/publish'], of([PUBLICITY])),
  ...each(
    ['accounts/list', 'accounts/options', 'accounts/create', 'accounts/update', 'accounts/disable', 'accounts/enable', 'accounts/resetPassword', 'accounts/requests', 'accounts/confirm', 'accounts/decline'],
    of([ACCOUNTS]),
  ),
  ...each(['sessions/online', 'sessions/signOut'], of([ONLINE])),
  ...each(['logs/audit', 'logs/verify', 'logs/signIns'], of([LOGS])),
  ...each(['jobs/overview'], of([JOBS])),
  ...each(['config/list', 'config/update'], of([CONFIG])),
  ...each(['roles/list', 'roles/save'], of([ROLES_PAGE])),
};

export const STAFF_CALL_PREFIX = '/mucgrs-service/staff/';

/**
 * The rule of a call by its URL: null for a call outside the back office or a shared lookup;
 * undefined for a staff call nobody placed (the server refuses to register it).
 */
export function staffCallRule(url: string): StaffCallRule | null | undefined {
  if (!url.startsWith(STAFF_CALL_PREFIX)) return null;
  const call = url.slice(STAFF_CALL_PREFIX.length);
  if (SHARED_STAFF_CALLS.includes(call)) return null;
  return STAFF_CALL_PAGES[call];
}

/** Whether a role's granted pages and buttons let it make a call of this rule. */
export function grantsCall(rule: StaffCallRule, granted: { pages: ReadonlySet<string>; buttons: ReadonlySet<string> }): boolean {
  return rule.pages.some((p) => granted.pages.has(p)) && (!rule.button || granted.buttons.has(rule.button));
}
