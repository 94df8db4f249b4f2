import { DOCTOR_AREA, RoleKey, TMS_AREA } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../src/lib/passwords';
import { hashToken, newToken } from '../src/lib/tokens';
import { applicationFeeOrder } from '../src/modules/payment/service';
import { createStaff, setStaffScope } from '../src/modules/user/repo';
import { buildTestApp, call, DEMO_PASSWORD, signIn, type Reply, type TestApp } from './harness';

/**
 * The route x role matrix (issue #8): every route the live app registers, called as every kind of
 * caller. A route without a row below fails the suite, so nobody adds a call without deciding who
 * may use it; a reply that carries applicant A's data to anyone not entitled to it fails too.
 *
 * A is 王磊 (proposed for admission, School of Computer Science: form, materials, paid order,
 * tickets, scores, admission paperwork); B is another doctoral applicant; the camper is a
 * summer-camp applicant (another area); the tuimian caller a recommended-exempt applicant (a third).
 */
const CALLERS = [
  'anonymous',
  'applicantA',
  'applicantB',
  'otherArea',
  'tuimian',
  'office',
  'secretaryIn',
  'secretaryOut',
  'expertAssigned',
  'expertOut',
  'sysadmin',
  'disabled',
  'linkedA',
  'linkedOut',
] as const;
type Caller = (typeof CALLERS)[number];

/**
 * Who may call a route:
 * - public: no session needed (sign-in screens, gateway callbacks, ticket verification);
 * - signedIn: any live session, about the caller's own account;
 * - doctoral: a doctoral applicant, about their own records only;
 * - camper: a summer-camp applicant, about their own records only;
 * - tuimian: a recommended-exempt applicant, about their own records only;
 * - applicationOfA: reads A's record: A, and staff whose role and scope cover A's application;
 * - staffList: any staff role with a scope (the rows are the scope's);
 * - staffOfA: the back office's view of A's file: staff whose scope covers A (A's assigned expert too);
 * - runsFileOfA: acts on A's file: the office and the secretary of A's school;
 * - officeFileOfA: acts on A's file, the admissions office alone (what it did in the national system);
 * - reviewQueue: the office's and the secretaries' work queues (rows by scope);
 * - reviewManage: the expert review's rules, sheets, assignments and ranked lists: the office;
 * - expert: an expert's own review list; scoresOfA: scoring A (the office, A's assigned expert);
 *   expertOfB: what only B's assigned expert may do on B's file.
 * - interviewManage: setting interview sessions up and reading them: the office; panelOfA: the demo's
 *   assessment session, which seats A: its panel (the reviewer, its secretary); recordOfA: its record,
 *   the panel and the office.
 * - linkSession: an external expert's review session (their link, identity step passed, declaration made);
 *   linkOfA: A's file by link: the external expert assigned to A; linkOfB: what only B's linked expert may do on B's file.
 *   linkedA is the external expert assigned to A and B; linkedOut one assigned to nobody; linkPanel: an
 *   interview session by link, which only an interview link of its panel opens (none of the callers).
 * - staffManage: the system administrator's staff accounts, who is online and the forced sign-out, and the
 *   roles' pages and buttons;
 *   auditRead: the audit trail and the sign-in log, the system administrator's too.
 * - portalConfigure: every area's configuration values, the system administrator's; notesEdit: the
 *   notes applicants read on their dashboard, the admissions office's.
 * - releaseRead: where a cycle's results stand and their preview, the admissions office's;
 *   publish: planning, confirming, cancelling and withdrawing a release, the publish permission's
 *   (the demo office holds it, nobody else here).
 * - scoresManage: a cycle's scores (the grid, the Excel template and import, full marks, weights, final scores),
 *   the admissions office's.
 * - recheckManage: score re-checks (the requests, answering them, their windows), the admissions office's.
 * - paymentsManage: the bank-transfer receipts applicants uploaded, listed, confirmed and rejected: the admissions office's.
 * - examManage: exam sessions, their seats and ticket printings: the admissions office's.
 * - cycleManage: the cycle's timeline (stage windows) and the recruitment years: the admissions office's.
 * - campsConfigure: the year's summer camps (dates, places per programme, windows) and camp admission: the admissions office's.
 * - publicityManage: the working-day calendar and the proposed-admission lists' preview and history, the
 *   admissions office's; publicityPublish: publishing a list, the publish permission's (the demo's office holds it).
 * `entitled` lists who may see A's data in the reply (A always may).
 */
type Answer = number | 'file';
type Access =
  | 'public'
  | 'signedIn'
  | 'passwordChange'
  | 'doctoral'
  | 'camper'
  | 'tuimian'
  | 'applicationOfA'
  | 'orderOfA'
  | 'staffList'
  | 'staffOfA'
  | 'runsFileOfA'
  | 'officeFileOfA'
  | 'reviewQueue'
  | 'reviewManage'
  | 'expert'
  | 'scoresOfA'
  | 'expertOfB'
  | 'interviewManage'
  | 'panelOfA'
  | 'recordOfA'
  | 'linkSession'
  | 'linkOfA'
  | 'linkOfB'
  | 'linkPanel'
  | 'portalConfigure'
  | 'notesEdit'
  | 'publicityManage'
  | 'publicityPublish'
  | 'releaseRead'
  | 'publish'
  | 'scoresManage'
  | 'recheckManage'
  | 'paymentsManage'
  | 'examManage'
  | 'cycleManage'
  | 'campsConfigure'
  | 'staffManage'
  | 'auditRead';

interface Fixtures {
  materialIdOfA: number;
  filePathOfA: string;
  orderNoOfA: string;
  /** The demo tuimian applicant's (王芳's) unpaid fee order. */
  orderNoOfTuimian: string;
  verifyCodeOfA: string;
  formVersionOfA: number;
  applicationIdOfA: number;
  applicationIdOfB: number;
  photoIdOfA: number;
  programmeIdOfA: number;
  userIdOfA: number;
  /** The demo's assessment session, A's. */
  sessionOfA: number;
  /** An exam session of A's year nobody is seated in. */
  examSession: number;
}

interface Row {
  access: Access;
  body?: (f: Fixtures, caller: Caller) => unknown;
  /** What of A's the route shows by design to whoever holds its key (the ticket's QR code). */
  reveals?: readonly Secret[];
  /**
   * What an allowed caller gets: by default success (code 0); 'file' for a file or PDF; a code where
   * the record's own rules answer (a submitted form is locked, B was not admitted), so a policy that
   * wrongly refused an allowed caller would show as a wrong code here.
   */
  answers?: Answer | Partial<Record<Caller, Answer>>;
  /** Fills the route's path parameters. */
  url?: (f: Fixtures) => string;
  /** Callers whose reply must carry A's number: a list that answered nobody would otherwise pass. */
  shows?: readonly Caller[];
}

const NOTICE = { noticeRecipient: '王磊', noticeMobile: '13800138006', noticeProvince: '北京市', noticeCity: '北京市', noticeAddress: '海淀区中关村南大街27号', noticePostcode: '100081' };

const EXPECTED: Record<string, Row> = {
  // Sign-in screens and the login page: no session.
  'POST /api/v1/client/RandomImage': { access: 'public', body: () => ({}) },
  'POST /api/v1/client/recruitRegister': { access: 'public', body: () => ({}) },
  'POST /api/v1/client/loginRecruit': { access: 'public', body: () => ({}) },
  'POST /api/v1/client/masterLogin': { access: 'public', body: () => ({}) },
  'POST /api/v1/client/forgetPasswordSearch': { access: 'public', body: () => ({}) },
  'POST /api/v1/client/resetByQuestion': { access: 'public', body: () => ({}) },
  'POST /api/v1/client/resetByEmail': { access: 'public', body: () => ({}) },
  'POST /api/v1/client/resetByEmailConfirm': { access: 'public', body: () => ({}) },
  'POST /api/v1/client/portalInfo': { access: 'public', body: () => ({}) },
  // The payment gateway's callback and the sandbox gateway's own pages: signed, not sessions.
  'POST /api/v1/payment/notify/:provider': { access: 'public', url: () => '/api/v1/payment/notify/sandbox', body: () => ({}) },
  'GET /sandbox-gateway/checkout': { access: 'public', url: () => '/sandbox-gateway/checkout?trade=unknown' },
  'POST /sandbox-gateway/pay': { access: 'public', body: () => ({}) },
  'POST /sandbox-gateway/trade/create': { access: 'public', body: () => ({}) },
  'POST /sandbox-gateway/query': { access: 'public', body: () => ({}) },
  // The QR code's page: a genuine code shows the ticket with the name masked, to anyone.
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  'GET /metrics': { access: 'public' },
  'GET /verify/ticket/:code': { access: 'public', url: (f) => `/verify/ticket/${f.verifyCodeOfA}?format=json`, reveals: ['ticketNo'] },

  // The signed-in user's own account.
  'POST /mucgrs-service/system/user/getUserInfo': { access: 'signedIn' },
  // Each caller switches to the role it is in: held, so allowed (holding a role is tested in user.test.ts).
  'POST /mucgrs-service/system/user/switchRole': { access: 'signedIn', body: (_f, caller) => ({ roleKey: ROLE_OF[caller] }) },
  // Not for summer-camp/master applicants (spec 6); a wrong old password changes nothing for the rest.
  'POST /api/v1/client/changePasswd': { access: 'passwordChange', body: () => ({ oldPassword: 'wrong-password-1', newPassword: 'Another-Pass-2027' }), answers: 1005 },
  'POST /mucgrs-service/grsjy/systemConfig/detail': { access: 'signedIn', body: () => ({}) },
  // Logout is called last for each caller (it ends the session the other calls use).
  'GET /api/v1/client/logout': { access: 'signedIn' },

  // A's own file: A, and staff whose scope covers A's application.
  'POST /mucgrs-service/system/files/getFileByte': { access: 'applicationOfA', body: (f) => ({ filePath: f.filePathOfA }), answers: 'file' },
  // A's order, named by number: A only.
  // A paid long ago: nothing left to pay.
  'POST /mucgrs-service/doctor/payment/checkout': { access: 'orderOfA', body: (f) => ({ orderNo: f.orderNoOfA }), answers: 409 },
  'POST /mucgrs-service/doctor/payment/query': { access: 'orderOfA', body: (f) => ({ orderNo: f.orderNoOfA }) },
  'POST /mucgrs-service/doctor/payment/receipt': { access: 'orderOfA', body: (f) => ({ orderNo: f.orderNoOfA }), answers: 'file' },

  // The doctoral applicant's self-service calls: always the caller's own records.
  'POST /mucgrs-service/doctor/journey': { access: 'doctoral', body: () => ({}) },
  'POST /mucgrs-service/doctor/form/catalogue': { access: 'doctoral', body: () => ({}) },
  'POST /mucgrs-service/doctor/form/detail': { access: 'doctoral', body: () => ({}) },
  // Both have submitted: their forms are locked.
  'POST /mucgrs-service/doctor/form/saveDraft': { access: 'doctoral', body: (f) => ({ version: f.formVersionOfA, sections: {} }), answers: 409 },
  'POST /mucgrs-service/doctor/form/submit': { access: 'doctoral', body: (f) => ({ version: f.formVersionOfA }), answers: 409 },
  'POST /mucgrs-service/doctor/form/summaryPdf': { access: 'doctoral', body: () => ({}), answers: 'file' },
  'POST /mucgrs-service/doctor/materials/list': { access: 'doctoral', body: () => ({ phase: 'application' }) },
  // A JSON body where a file is expected: the upload's own message.
  'POST /mucgrs-service/doctor/materials/upload': { access: 'doctoral', body: () => ({}), answers: 400 },
  // A's own material is locked once submitted; B naming A's material finds nothing, and A's file stays.
  'POST /mucgrs-service/doctor/materials/delete': { access: 'doctoral', body: (f) => ({ fileId: f.materialIdOfA }), answers: { applicantA: 403, applicantB: 404 } },
  'POST /mucgrs-service/doctor/materials/photoReview': { access: 'doctoral', body: () => ({}) },
  'POST /mucgrs-service/doctor/payment/order': { access: 'doctoral', body: () => ({}) },
  // The camper's self-service calls: always the caller's own records. No camp is set up here: an empty
  // draft saves (version 1), and submitting the version read before it is stale.
  'POST /mucgrs-service/summerCamp/form/catalogue': { access: 'camper', body: () => ({}) },
  'POST /mucgrs-service/summerCamp/form/detail': { access: 'camper', body: () => ({}) },
  'POST /mucgrs-service/summerCamp/form/saveDraft': { access: 'camper', body: () => ({ version: 0, sections: {} }) },
  'POST /mucgrs-service/summerCamp/form/submit': { access: 'camper', body: () => ({ version: 0 }), answers: 409 },
  'POST /mucgrs-service/summerCamp/materials/list': { access: 'camper', body: () => ({ phase: 'application' }) },
  // A JSON body where a file is expected: the upload's own message.
  'POST /mucgrs-service/summerCamp/materials/upload': { access: 'camper', body: () => ({}), answers: 400 },
  // A's material is not the camper's: nothing found, and A's file stays.
  'POST /mucgrs-service/summerCamp/materials/delete': { access: 'camper', body: (f) => ({ fileId: f.materialIdOfA }), answers: 404 },
  // The recommended-exempt applicant's self-service calls: always the caller's own records. An
  // empty draft saves (version 1), and submitting the version read before it is stale.
  'POST /mucgrs-service/tms/form/catalogue': { access: 'tuimian', body: () => ({}) },
  'POST /mucgrs-service/tms/form/detail': { access: 'tuimian', body: () => ({}) },
  'POST /mucgrs-service/tms/form/saveDraft': { access: 'tuimian', body: () => ({ version: 0, sections: {} }) },
  'POST /mucgrs-service/tms/form/submit': { access: 'tuimian', body: () => ({ version: 0 }), answers: 409 },
  'POST /mucgrs-service/tms/materials/list': { access: 'tuimian', body: () => ({ phase: 'application' }) },
  'POST /mucgrs-service/tms/materials/upload': { access: 'tuimian', body: () => ({}), answers: 400 },
  // A's material is not the applicant's: nothing found, and A's file stays.
  'POST /mucgrs-service/tms/materials/delete': { access: 'tuimian', body: (f) => ({ fileId: f.materialIdOfA }), answers: 404 },
  'POST /mucgrs-service/tms/application/progress': { access: 'tuimian', body: () => ({}) },
  // The tuimian fee, the payment core's calls under the tms prefix: the applicant's own order only
  // (A's doctoral order named here reads as unknown to everyone). Unpaid: no receipt yet.
  'POST /mucgrs-service/tms/payment/order': { access: 'tuimian', body: () => ({}) },
  'POST /mucgrs-service/tms/payment/orders': { access: 'tuimian', body: () => ({}) },
  'POST /mucgrs-service/tms/payment/checkout': { access: 'tuimian', body: (f) => ({ orderNo: f.orderNoOfTuimian }) },
  'POST /mucgrs-service/tms/payment/query': { access: 'tuimian', body: (f) => ({ orderNo: f.orderNoOfTuimian }) },
  'POST /mucgrs-service/tms/payment/receipt': { access: 'tuimian', body: (f) => ({ orderNo: f.orderNoOfTuimian }), answers: 409 },
  // 王芳 has no interview invitation (the demo's invited applicant is another).
  'POST /mucgrs-service/tms/interview/detail': { access: 'tuimian', body: () => ({}) },
  'POST /mucgrs-service/tms/interview/answer': { access: 'tuimian', body: () => ({ version: 1, answer: 'accept' }), answers: 404 },
  // The schools' tuimian interviews: the list in the caller's scope; an action names an application,
  // run by its school and the office. A's is a doctoral application: no tuimian interview there.
  'POST /mucgrs-service/staff/tmsInterviews/list': { access: 'reviewQueue', body: () => ({}) },
  'POST /mucgrs-service/staff/tmsInterviews/invite': {
    access: 'runsFileOfA',
    body: (f) => ({ applicationId: f.applicationIdOfA, startsAt: '2027-04-02T14:00:00+08:00', format: 'onsite', place: 'Room 412', respondBy: '2027-03-30T17:00:00+08:00' }),
    answers: 404,
  },
  'POST /mucgrs-service/staff/tmsInterviews/withdraw': { access: 'runsFileOfA', body: (f) => ({ applicationId: f.applicationIdOfA, reason: 'Matrix' }), answers: 404 },
  'POST /mucgrs-service/staff/tmsInterviews/result': { access: 'runsFileOfA', body: (f) => ({ applicationId: f.applicationIdOfA, outcome: 'pass' }), answers: 404 },
  // The offer sent in the national recommended-exemption system: the office sends it there and records it here.
  'POST /mucgrs-service/staff/tmsInterviews/offer': {
    access: 'officeFileOfA',
    body: (f) => ({ applicationId: f.applicationIdOfA, state: 'sent', sentAt: '2026-10-20T09:00:00+08:00' }),
    answers: 404,
  },
  // Bank transfer is for Hong Kong, Macao and Taiwan applicants.
  'POST /mucgrs-service/tms/payment/offline': { access: 'tuimian', body: () => ({}), answers: 403 },
  'POST /mucgrs-service/tms/payment/offlineUpload': { access: 'tuimian', body: () => ({}), answers: 403 },
  // The demo camper (李娜) has just registered: no place to answer, no notice to print.
  'POST /mucgrs-service/summerCamp/qualification/detail': { access: 'camper', body: () => ({}) },
  'POST /mucgrs-service/summerCamp/qualification/confirm': { access: 'camper', body: () => ({ version: 1 }), answers: 404 },
  'POST /mucgrs-service/summerCamp/qualification/decline': { access: 'camper', body: () => ({ version: 1 }), answers: 404 },
  'POST /mucgrs-service/summerCamp/qualification/undoDecline': { access: 'camper', body: () => ({ version: 1 }), answers: 404 },
  'POST /mucgrs-service/summerCamp/qualification/noticePdf': { access: 'camper', body: () => ({}), answers: 409 },
  'POST /mucgrs-service/doctor/payment/orders': { access: 'doctoral', body: () => ({}) },
  // Paying by bank transfer is for Hong Kong, Macao and Taiwan applicants: A and B (mainland) are told so, whatever they send.
  'POST /mucgrs-service/doctor/payment/offline': { access: 'doctoral', body: () => ({}), answers: 403 },
  'POST /mucgrs-service/doctor/payment/offlineUpload': { access: 'doctoral', body: () => ({}), answers: 403 },
  'POST /mucgrs-service/doctor/results/review': { access: 'doctoral', body: () => ({ stage: 'proposedAdmission' }) },
  'POST /mucgrs-service/doctor/results/ticket': { access: 'doctoral', body: () => ({ kind: 'language' }) },
  // B holds no ticket.
  'POST /mucgrs-service/doctor/results/ticketPdf': { access: 'doctoral', body: () => ({ kind: 'language' }), answers: { applicantA: 'file', applicantB: 404 } },
  'POST /mucgrs-service/doctor/results/score': { access: 'doctoral', body: () => ({ kind: 'final' }) },
  // Score re-checks: the applicant's own. A asked for a re-check of the assessment in the demo, so asking again is
  // refused (409); B has no such score (404); nothing changes.
  'POST /mucgrs-service/doctor/results/recheck': { access: 'doctoral', body: () => ({ kind: 'assessment' }) },
  'POST /mucgrs-service/doctor/results/requestRecheck': { access: 'doctoral', body: () => ({ kind: 'assessment', reason: 'matrix' }), answers: { applicantA: 409, applicantB: 404 } },
  // Admission paperwork is for the admitted: A, not B; A has not given the archive details the letter needs.
  'POST /mucgrs-service/doctor/admission/detail': { access: 'doctoral', body: () => ({ kind: 'notice' }), answers: { applicantB: 403 } },
  'POST /mucgrs-service/doctor/admission/save': { access: 'doctoral', body: () => ({ kind: 'notice', data: NOTICE }), answers: { applicantB: 403 } },
  'POST /mucgrs-service/doctor/admission/letterPdf': { access: 'doctoral', body: () => ({}), answers: { applicantA: 404, applicantB: 403 } },

  // The back office's list: any staff role with a scope; the rows are the scope's (A's only to those entitled).
  'POST /mucgrs-service/staff/applications/list': { access: 'staffList', body: () => ({ q: '王磊' }), shows: ['office', 'secretaryIn', 'expertAssigned'] },
  'POST /mucgrs-service/staff/applications/export': { access: 'staffList', body: () => ({ q: '王磊' }), answers: 'file' },
  'POST /mucgrs-service/staff/applications/options': { access: 'staffList', body: () => ({}) },
  'POST /mucgrs-service/staff/applications/catalogue': { access: 'staffList', body: () => ({}) },
  // The dashboard's counts are the caller's scope's; it names no applicant.
  'POST /mucgrs-service/staff/dashboard': { access: 'staffList', body: () => ({}) },
  // A's file: staff whose scope covers A; the others are told it does not exist.
  'POST /mucgrs-service/staff/applications/file': { access: 'staffOfA', body: (f) => ({ applicationId: f.applicationIdOfA }), shows: ['office', 'secretaryIn', 'expertAssigned'] },
  'POST /mucgrs-service/staff/applications/revealIdNumber': { access: 'runsFileOfA', body: (f) => ({ applicationId: f.applicationIdOfA, reason: 'Checking the identity by phone' }) },
  // Experts review A's file: the policy lets those who run it through, the frozen decision answers.
  'POST /mucgrs-service/staff/applications/decide': { access: 'runsFileOfA', body: (f) => ({ applicationId: f.applicationIdOfA, outcome: 'pass' }), answers: 409 },
  // A is decided: the record's rule refuses the return after the policy let the caller through, and A's form stays submitted.
  'POST /mucgrs-service/staff/applications/return': {
    access: 'runsFileOfA',
    body: (f) => ({ applicationId: f.applicationIdOfA, sections: ['contact'], reason: 'Phone unreachable', until: '2000-01-01T00:00:00+08:00' }),
    answers: 409,
  },
  // Batches on the list's selection: the call for those who run files somewhere; each application then by the single call's rule.
  // A is frozen and decided: refused by item for those who run A's file; another school's secretary is told only that it is not found.
  'POST /mucgrs-service/staff/applications/batchDecide': { access: 'reviewQueue', body: (f) => ({ applicationIds: [f.applicationIdOfA], outcome: 'pass' }) },
  'POST /mucgrs-service/staff/applications/batchReturn': {
    access: 'reviewQueue',
    body: (f) => ({ applicationIds: [f.applicationIdOfA], sections: ['contact'], reason: 'Phone unreachable', until: '2000-01-01T00:00:00+08:00' }),
  },
  // A is no expert: refused by item once the policy let the office through.
  'POST /mucgrs-service/staff/review/batchAssign': { access: 'reviewManage', body: (f) => ({ stage: 'materialReview', applicationIds: [f.applicationIdOfA], expertUserId: f.userIdOfA }) },
  // The expert review: the office runs it; bodies chosen so that nothing of A changes (an empty programme, a stale version).
  'POST /mucgrs-service/staff/review/settings': { access: 'reviewManage', body: () => ({ stage: 'materialReview' }) },
  'POST /mucgrs-service/staff/review/saveSettings': { access: 'reviewManage', body: () => ({ stage: 'materialReview', method: 'mean', minExperts: 2, expertsPerApplication: 3, maxLoad: 40 }) },
  'POST /mucgrs-service/staff/review/close': { access: 'reviewManage', body: () => ({ stage: 'materialReview', closed: false }) },
  'POST /mucgrs-service/staff/review/sheet': { access: 'reviewManage', body: (f) => ({ stage: 'materialReview', programmeId: f.programmeIdOfA }) },
  'POST /mucgrs-service/staff/review/saveSheet': {
    access: 'reviewManage',
    body: (f) => ({ stage: 'materialReview', programmeId: f.programmeIdOfA, version: 99, items: [{ key: 'research', nameZh: '科研', nameEn: 'Research', max: '100', weight: '1' }] }),
    answers: 409,
  },
  'POST /mucgrs-service/staff/review/assignments': { access: 'reviewManage', body: (f) => ({ stage: 'materialReview', programmeId: f.programmeIdOfA }), shows: ['office'] },
  'POST /mucgrs-service/staff/review/autoAssign': { access: 'reviewManage', body: () => ({ stage: 'materialReview', programmeId: 987654, seed: 7 }) },
  // A is no expert: the assignment's own rule answers once the policy let the office through.
  'POST /mucgrs-service/staff/review/assign': { access: 'reviewManage', body: (f) => ({ stage: 'materialReview', applicationId: f.applicationIdOfA, expertUserId: f.userIdOfA }), answers: 400 },
  'POST /mucgrs-service/staff/review/unassign': { access: 'reviewManage', body: (f) => ({ stage: 'materialReview', applicationId: f.applicationIdOfA, expertUserId: 987654 }) },
  'POST /mucgrs-service/staff/review/ranking': { access: 'reviewManage', body: (f) => ({ stage: 'materialReview', programmeId: f.programmeIdOfA }), shows: ['office'] },
  // The review is open: the cut-off waits for final scores.
  'POST /mucgrs-service/staff/review/qualify': { access: 'reviewManage', body: () => ({ stage: 'materialReview', programmeId: 987654, cutoff: '60' }), answers: 409 },
  // An expert's own list: any expert (A's assigned one finds A).
  'POST /mucgrs-service/staff/review/mine': { access: 'expert', body: () => ({ stage: 'materialReview' }), shows: ['expertAssigned'] },
  // Scoring A: the office and A's assigned expert; a version nobody holds (the expert is told), the office must give a reason.
  'POST /mucgrs-service/staff/review/scoring': { access: 'scoresOfA', body: (f) => ({ stage: 'materialReview', applicationId: f.applicationIdOfA }), shows: ['office', 'expertAssigned'] },
  'POST /mucgrs-service/staff/review/saveScore': {
    access: 'scoresOfA',
    body: (f) => ({ stage: 'materialReview', applicationId: f.applicationIdOfA, scores: {}, submit: false, version: 99 }),
    answers: { office: 400, expertAssigned: 409 },
  },
  // Declared on B, whom the same expert also reviews: A's assignment stays for the rows after this one.
  'POST /mucgrs-service/staff/review/declareConflict': { access: 'expertOfB', body: (f) => ({ stage: 'materialReview', applicationId: f.applicationIdOfB, reason: 'My former student' }) },
  // External experts and their links: the office's (an expert nobody recorded: the link is not sent).
  'POST /mucgrs-service/staff/review/externalExperts': { access: 'reviewManage', body: () => ({ stage: 'materialReview' }) },
  'POST /mucgrs-service/staff/review/saveExternalExpert': { access: 'reviewManage', body: () => ({ name: 'Ana Ruiz', affiliation: 'Universidad de Granada', email: 'ana.ruiz@ugr.test' }) },
  'POST /mucgrs-service/staff/review/sendLink': { access: 'reviewManage', body: () => ({ stage: 'materialReview', expertUserId: 987654 }), answers: 404 },
  // The link's first steps take its token, not a session.
  'POST /mucgrs-service/review-link/open': { access: 'public', body: () => ({ token: 'A'.repeat(43) }) },
  'POST /mucgrs-service/review-link/sendCode': { access: 'public', body: () => ({ token: 'A'.repeat(43) }) },
  'POST /mucgrs-service/review-link/verify': { access: 'public', body: () => ({ token: 'A'.repeat(43), code: '123456' }) },
  // The review session: its own expert's (A's linked expert finds A); A's file only for A's linked expert.
  'POST /mucgrs-service/review-link/session': { access: 'linkSession' },
  'POST /mucgrs-service/review-link/declare': { access: 'linkSession', body: () => ({ noConflict: true }) },
  'POST /mucgrs-service/review-link/mine': { access: 'linkSession', shows: ['linkedA'] },
  'POST /mucgrs-service/review-link/file': { access: 'linkOfA', body: (f) => ({ applicationId: f.applicationIdOfA }), shows: ['linkedA'] },
  'POST /mucgrs-service/review-link/scoring': { access: 'linkOfA', body: (f) => ({ applicationId: f.applicationIdOfA }), shows: ['linkedA'] },
  'POST /mucgrs-service/review-link/saveScore': { access: 'linkOfA', body: (f) => ({ applicationId: f.applicationIdOfA, scores: {}, submit: false, version: 99 }), answers: 409 },
  'POST /mucgrs-service/review-link/getFileByte': { access: 'linkOfA', body: (f) => ({ filePath: f.filePathOfA }), answers: 'file' },
  // Declared on B, whom the same linked expert also reviews: A's assignment stays.
  'POST /mucgrs-service/review-link/declareConflict': { access: 'linkOfB', body: (f) => ({ applicationId: f.applicationIdOfB, reason: 'A former colleague' }) },
  // An interview panel by link: the linked experts' links are the material review's, so A's session is
  // none of theirs (an interview link's own success is review-link.test.ts's).
  'POST /mucgrs-service/review-link/interview/mine': { access: 'linkSession' },
  'POST /mucgrs-service/review-link/interview/panel': { access: 'linkPanel', body: (f) => ({ sessionId: f.sessionOfA }) },
  'POST /mucgrs-service/review-link/interview/saveScore': { access: 'linkPanel', body: (f) => ({ sessionId: f.sessionOfA, applicationId: f.applicationIdOfA, scores: {}, submit: false, version: 99 }) },
  'POST /mucgrs-service/review-link/interview/lock': { access: 'linkPanel', body: (f) => ({ sessionId: f.sessionOfA }) },
  'POST /mucgrs-service/review-link/interview/record': { access: 'linkPanel', body: (f) => ({ sessionId: f.sessionOfA }) },
  // Interview sessions: the office sets them up (bodies that change nothing: a stale version); A's panel scores, its secretary locks.
  'POST /mucgrs-service/staff/interview/sessions': { access: 'interviewManage', body: () => ({}) },
  'POST /mucgrs-service/staff/interview/candidates': { access: 'interviewManage', body: (f) => ({ kind: 'assessment', programmeId: f.programmeIdOfA }), shows: ['office'] },
  'POST /mucgrs-service/staff/interview/session': { access: 'interviewManage', body: (f) => ({ sessionId: f.sessionOfA }), shows: ['office'] },
  'POST /mucgrs-service/staff/interview/save': {
    access: 'interviewManage',
    body: (f) => ({ id: f.sessionOfA, kind: 'assessment', programmeId: f.programmeIdOfA, startsAt: '2027-03-20T14:00:00+08:00', room: 'R1', panel: [f.userIdOfA], secretaryUserId: f.userIdOfA, applicants: [f.applicationIdOfA], version: 99 }),
    answers: 409,
  },
  'POST /mucgrs-service/staff/interview/delete': { access: 'interviewManage', body: (f) => ({ sessionId: f.sessionOfA, version: 99 }), answers: 409 },
  'POST /mucgrs-service/staff/interview/mine': { access: 'expert', body: () => ({}) },
  'POST /mucgrs-service/staff/interview/panel': { access: 'panelOfA', body: (f) => ({ sessionId: f.sessionOfA }), shows: ['expertAssigned'] },
  'POST /mucgrs-service/staff/interview/saveScore': { access: 'panelOfA', body: (f) => ({ sessionId: f.sessionOfA, applicationId: f.applicationIdOfA, scores: {}, submit: false, version: 99 }), answers: 409 },
  // Not every score is in: the lock's own rule answers its secretary.
  'POST /mucgrs-service/staff/interview/lock': { access: 'panelOfA', body: (f) => ({ sessionId: f.sessionOfA }), answers: 409 },
  'POST /mucgrs-service/staff/interview/record': { access: 'recordOfA', body: (f) => ({ sessionId: f.sessionOfA }), answers: 409 },
  'POST /mucgrs-service/staff/photos/next': { access: 'reviewQueue', body: () => ({}) },
  // A's photo was approved long ago: the policy lets those who run A's file through, the photo's own state answers.
  'POST /mucgrs-service/staff/photos/review': { access: 'runsFileOfA', body: (f) => ({ materialId: f.photoIdOfA, outcome: 'approved' }), answers: 409 },

  // Staff accounts: the system administrator's. The account named does not exist, so the record's
  // own rule answers an allowed caller (nothing of the demo's accounts changes under other rows).
  'POST /mucgrs-service/staff/accounts/list': { access: 'staffManage', body: () => ({}) },
  'POST /mucgrs-service/staff/accounts/options': { access: 'staffManage', body: () => ({}) },
  'POST /mucgrs-service/staff/accounts/create': { access: 'staffManage', body: () => ({ loginName: 'matrix-staff', name: 'Matrix', roleKeys: [RoleKey.REVIEWER] }) },
  'POST /mucgrs-service/staff/accounts/update': { access: 'staffManage', body: () => ({ userId: 999_999, name: 'Matrix', roleKeys: [RoleKey.REVIEWER] }), answers: 404 },
  'POST /mucgrs-service/staff/accounts/disable': { access: 'staffManage', body: () => ({ userId: 999_999, reason: 'matrix' }), answers: 404 },
  'POST /mucgrs-service/staff/accounts/enable': { access: 'staffManage', body: () => ({ userId: 999_999 }), answers: 404 },
  'POST /mucgrs-service/staff/accounts/resetPassword': { access: 'staffManage', body: () => ({ userId: 999_999 }), answers: 404 },
  'POST /mucgrs-service/staff/accounts/requests': { access: 'staffManage', body: () => ({}) },
  'POST /mucgrs-service/staff/accounts/confirm': { access: 'staffManage', body: () => ({ requestId: 999_999 }), answers: 404 },
  'POST /mucgrs-service/staff/accounts/decline': { access: 'staffManage', body: () => ({ requestId: 999_999, reason: 'matrix' }), answers: 404 },
  // Roles' pages and buttons: the system administrator's too. The save would take the Roles page from
  // the system administrator, which is refused: no role's grants change under the other rows.
  'POST /mucgrs-service/staff/roles/list': { access: 'staffManage', body: () => ({}) },
  'POST /mucgrs-service/staff/roles/save': { access: 'staffManage', body: () => ({ roleKey: RoleKey.SYSADMIN, granted: [], version: '' }), answers: 400 },

  // Logs and sessions: the system administrator's. By design they name who acted, who signed in and
  // who is online, applicants too (A's name and number), and what staff set (the ticket or order
  // number they recorded); never an ID number, a password, a token or a file's place.
  'POST /mucgrs-service/staff/jobs/overview': { access: 'auditRead', body: () => ({}) },
  'POST /mucgrs-service/staff/logs/audit': { access: 'auditRead', body: () => ({ pageSize: 100 }), reveals: ['name', 'number', 'ticketNo', 'orderNo'] },
  'POST /mucgrs-service/staff/logs/verify': { access: 'auditRead', body: () => ({}) },
  'POST /mucgrs-service/staff/logs/signIns': { access: 'auditRead', body: () => ({ pageSize: 100 }), reveals: ['name', 'number'] },
  'POST /mucgrs-service/staff/sessions/online': { access: 'staffManage', body: () => ({ pageSize: 100 }), reveals: ['name', 'number'] },
  // The session named does not exist, so nobody's session ends under the other rows.
  'POST /mucgrs-service/staff/sessions/signOut': { access: 'staffManage', body: () => ({ sessionId: 999_999, reason: 'matrix' }), answers: 404 },

  // Configuration: the system administrator's; the notes applicants read: the admissions office's. The
  // bodies change nothing: a value read before the last change (409), notes of an area unchanged since 2020.
  'POST /mucgrs-service/staff/config/list': { access: 'portalConfigure', body: () => ({}) },
  'POST /mucgrs-service/staff/config/update': { access: 'portalConfigure', body: () => ({ area: DOCTOR_AREA, key: 'applicationFee', value: '1.00', seenAt: '2020-01-01T00:00:00.000Z' }), answers: 409 },
  'POST /mucgrs-service/staff/notes/list': { access: 'notesEdit', body: () => ({}) },
  'POST /mucgrs-service/staff/notes/update': { access: 'notesEdit', body: () => ({ area: DOCTOR_AREA, html: '<p>matrix</p>', seenAt: '2020-01-01T00:00:00.000Z' }), answers: 409 },

  // The working-day calendar and the proposed-admission lists (公示). The bodies change nothing: a
  // holiday on a Saturday, a day with no entry, a list whose period would have begun in 2020. The public
  // call shows no list (none is published here).
  'POST /mucgrs-service/staff/calendar/list': { access: 'publicityManage', body: () => ({ year: '2027' }) },
  'POST /mucgrs-service/staff/calendar/save': { access: 'publicityManage', body: () => ({ date: '2027-10-02', kind: 'holiday', name: 'matrix' }), answers: 400 },
  'POST /mucgrs-service/staff/calendar/remove': { access: 'publicityManage', body: () => ({ date: '2027-10-08' }), answers: 404 },
  'POST /mucgrs-service/staff/calendar/count': { access: 'publicityManage', body: () => ({ startDate: '2027-10-08', workingDays: 10 }) },
  'POST /mucgrs-service/staff/publicity/list': { access: 'publicityManage', body: () => ({}) },
  'POST /mucgrs-service/staff/publicity/preview': {
    access: 'publicityManage',
    body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', scoreKinds: ['final'], startDate: '2099-01-05', workingDays: 10, amends: null, note: '' }),
    shows: ['office'],
  },
  'POST /mucgrs-service/staff/publicity/publish': {
    access: 'publicityPublish',
    body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', scoreKinds: ['final'], startDate: '2020-01-06', workingDays: 10, amends: null, note: '' }),
    answers: 400,
  },
  'POST /api/v1/client/publicity': { access: 'public', body: () => ({}) },
  'POST /mucgrs-service/staff/exams/sessions': { access: 'examManage', body: () => ({}) },
  'POST /mucgrs-service/staff/exams/save': {
    access: 'examManage',
    body: () => ({ id: 999_999, kind: 'language', subject: 'Matrix', startsAt: '2027-04-02T09:00:00+08:00', endsAt: '2027-04-02T11:00:00+08:00', venue: 'Matrix hall', rooms: [{ name: 'M9', capacity: 1 }], version: 1 }),
    answers: 404,
  },
  'POST /mucgrs-service/staff/exams/delete': { access: 'examManage', body: (f) => ({ sessionId: f.examSession, version: 99 }), answers: 409 },
  'POST /mucgrs-service/staff/exams/seats': { access: 'examManage', body: (f) => ({ sessionId: f.examSession }) },
  // Seating would seat the demo's qualified applicants: a session that does not exist keeps the demo as it is.
  'POST /mucgrs-service/staff/exams/assignSeats': { access: 'examManage', body: () => ({ sessionId: 999_999 }), answers: 404 },
  'POST /mucgrs-service/staff/exams/move': { access: 'examManage', body: (f) => ({ sessionId: f.examSession, ticketNo: 'NOPE', roomId: 1, seat: 1 }), answers: 404 },
  'POST /mucgrs-service/staff/exams/unseat': { access: 'examManage', body: (f) => ({ sessionId: f.examSession, ticketNo: 'NOPE' }), answers: 404 },
  'POST /mucgrs-service/staff/exams/print': { access: 'examManage', body: (f) => ({ sessionId: f.examSession }), answers: 409 },
  'POST /mucgrs-service/staff/exams/batch': { access: 'examManage', body: () => ({ batchId: 999_999 }), answers: 404 },
  'POST /mucgrs-service/staff/exams/zip': { access: 'examManage', body: () => ({ batchId: 999_999 }), answers: 404 },
  'POST /mucgrs-service/staff/cycle/years': { access: 'cycleManage', body: () => ({}) },
  // Not the next year: refused, and the demo keeps its current year.
  'POST /mucgrs-service/staff/cycle/startYear': { access: 'cycleManage', body: () => ({ year: '2099' }), answers: 409 },
  'POST /mucgrs-service/staff/cycle/timeline': { access: 'cycleManage', body: () => ({ area: DOCTOR_AREA }) },
  'POST /mucgrs-service/staff/cycle/saveWindow': { access: 'cycleManage', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', stage: 'matrixStage', opensAt: null, closesAt: null }), answers: 404 },
  // Summer camps: a camp that does not exist is neither changed nor deleted (404), so nothing is created under the other rows.
  'POST /mucgrs-service/staff/camps/list': { access: 'campsConfigure', body: () => ({}) },
  'POST /mucgrs-service/staff/camps/save': {
    access: 'campsConfigure',
    body: (f) => ({
      id: 999_999,
      version: 1,
      recruitYear: '2027',
      nameZh: '矩阵',
      nameEn: 'Matrix',
      departmentId: null,
      startsOn: '2027-07-10',
      endsOn: '2027-07-14',
      mode: 'online',
      applyOpensAt: '2027-05-01T09:00:00+08:00',
      applyClosesAt: '2027-06-01T17:00:00+08:00',
      confirmClosesAt: '2027-06-20T17:00:00+08:00',
      waitlistConfirmHours: 48,
      ratesCampers: true,
      declineUndoable: false,
      programmes: [{ programmeId: f.programmeIdOfA, capacity: 10 }],
    }),
    answers: 404,
  },
  'POST /mucgrs-service/staff/camps/delete': { access: 'campsConfigure', body: () => ({ id: 999_999, version: 1 }), answers: 404 },
  // Camp admission (the office's, as the camps are): a programme no camp recruits for is 404, so no place is offered under the other rows.
  'POST /mucgrs-service/staff/campAdmission/board': { access: 'campsConfigure', body: () => ({ programmeId: 999_999 }), answers: 404 },
  'POST /mucgrs-service/staff/campAdmission/admit': { access: 'campsConfigure', body: () => ({ programmeId: 999_999, applicationIds: [999_999] }), answers: 404 },
  'POST /mucgrs-service/staff/campAdmission/waitlist': { access: 'campsConfigure', body: () => ({ programmeId: 999_999, applicationIds: [999_999] }), answers: 404 },
  'POST /mucgrs-service/staff/campAdmission/withdraw': { access: 'campsConfigure', body: () => ({ programmeId: 999_999, applicationId: 999_999 }), answers: 404 },
  'POST /mucgrs-service/staff/campAdmission/recordResults': { access: 'campsConfigure', body: () => ({ programmeId: 999_999, results: [{ applicationId: 999_999, attendance: 'absent', rating: null }] }), answers: 404 },
  'POST /mucgrs-service/staff/releases/list': { access: 'releaseRead', body: () => ({ area: DOCTOR_AREA }) },
  'POST /mucgrs-service/staff/releases/preview': { access: 'releaseRead', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', release: 'finalScore' }) },
  // An unknown result: the permission is judged first, and nothing of the demo's releases changes.
  'POST /mucgrs-service/staff/releases/viewAs': { access: 'releaseRead', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', release: 'qualificationReview', applicantNumber: '2027100002' }), shows: ['office'] },
  'POST /mucgrs-service/staff/releases/plan': { access: 'publish', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', release: 'matrixResult' }), answers: 404 },
  'POST /mucgrs-service/staff/releases/confirm': { access: 'publish', body: () => ({ planId: 999_999 }), answers: 404 },
  'POST /mucgrs-service/staff/releases/cancel': { access: 'publish', body: () => ({ planId: 999_999, reason: 'matrix' }), answers: 404 },
  'POST /mucgrs-service/staff/releases/withdraw': { access: 'publish', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', release: 'matrixResult', reason: 'matrix' }), answers: 404 },
  // Scores (the grid, Excel, weights, final scores): the admissions office's. The bodies change nothing of
  // A: the language score A already has, full marks below it (409), a programme that does not exist.
  'POST /mucgrs-service/staff/scores/grid': { access: 'scoresManage', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', kind: 'language', q: '王磊' }), shows: ['office'] },
  'POST /mucgrs-service/staff/scores/save': { access: 'scoresManage', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', kind: 'language', number: '2027100002', score: '78.5' }), shows: ['office'] },
  'POST /mucgrs-service/staff/scores/history': { access: 'scoresManage', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', number: '2027100002' }), shows: ['office'] },
  'POST /mucgrs-service/staff/scores/scale': { access: 'scoresManage', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', kind: 'language', maxScore: '50' }), answers: 409 },
  'POST /mucgrs-service/staff/scores/template': { access: 'scoresManage', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', kind: 'language' }), answers: 'file' },
  // A JSON body where a file is expected: the upload's own message (the cycle is in the query, judged first).
  'POST /mucgrs-service/staff/scores/import': { access: 'scoresManage', url: () => `/mucgrs-service/staff/scores/import?area=${DOCTOR_AREA}&recruitYear=2027&kind=language&dryRun=true`, body: () => ({}), answers: 400 },
  'POST /mucgrs-service/staff/scores/weights': { access: 'scoresManage', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027' }) },
  'POST /mucgrs-service/staff/scores/saveWeights': { access: 'scoresManage', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', programmeId: 987654, weights: [] }), answers: 404 },
  // Score re-checks: the admissions office's. A request that does not exist (404); a window of a year nobody applies in.
  'POST /mucgrs-service/staff/rechecks/list': { access: 'recheckManage', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027' }), shows: ['office'] },
  'POST /mucgrs-service/staff/rechecks/answer': { access: 'recheckManage', body: () => ({ area: DOCTOR_AREA, id: 999_999, outcome: 'unchanged', answer: 'matrix' }), answers: 404 },
  'POST /mucgrs-service/staff/rechecks/window': {
    access: 'recheckManage',
    body: () => ({ area: DOCTOR_AREA, recruitYear: '2099', kind: 'language', opensAt: '2099-01-01T00:00:00+08:00', closesAt: '2099-01-10T00:00:00+08:00' }),
  },
  // Bank-transfer receipts: the office's (no receipt of that number: nothing is decided under the other rows).
  'POST /mucgrs-service/staff/payments/receipts': { access: 'paymentsManage', body: () => ({}) },
  'POST /mucgrs-service/staff/payments/confirm': { access: 'paymentsManage', body: () => ({ receiptId: 999_999 }), answers: 404 },
  'POST /mucgrs-service/staff/payments/reject': { access: 'paymentsManage', body: () => ({ receiptId: 999_999, reason: 'matrix' }), answers: 404 },
  'POST /mucgrs-service/staff/scores/computeFinal': { access: 'scoresManage', body: () => ({ area: DOCTOR_AREA, recruitYear: '2027', programmeId: 987654 }) },
};

/** Who may act on each kind of route; everyone else is refused (401 without a live session, else 403/404). */
const ALLOWED: Record<Access, readonly Caller[]> = {
  public: CALLERS,
  signedIn: ['applicantA', 'applicantB', 'otherArea', 'tuimian', 'office', 'secretaryIn', 'secretaryOut', 'expertAssigned', 'expertOut', 'sysadmin'],
  passwordChange: ['applicantA', 'applicantB', 'office', 'secretaryIn', 'secretaryOut', 'expertAssigned', 'expertOut', 'sysadmin'],
  doctoral: ['applicantA', 'applicantB'],
  camper: ['otherArea'],
  tuimian: ['tuimian'],
  applicationOfA: ['applicantA', 'office', 'secretaryIn', 'expertAssigned'],
  orderOfA: ['applicantA'],
  staffList: ['office', 'secretaryIn', 'secretaryOut', 'expertAssigned', 'expertOut'],
  staffOfA: ['office', 'secretaryIn', 'expertAssigned'],
  runsFileOfA: ['office', 'secretaryIn'],
  officeFileOfA: ['office'],
  reviewQueue: ['office', 'secretaryIn', 'secretaryOut'],
  reviewManage: ['office'],
  expert: ['expertAssigned', 'expertOut'],
  scoresOfA: ['office', 'expertAssigned'],
  expertOfB: ['expertAssigned'],
  interviewManage: ['office'],
  panelOfA: ['expertAssigned'],
  recordOfA: ['office', 'expertAssigned'],
  linkSession: ['linkedA', 'linkedOut'],
  linkOfA: ['linkedA'],
  staffManage: ['sysadmin'],
  auditRead: ['sysadmin'],
  portalConfigure: ['sysadmin'],
  notesEdit: ['office'],
  publicityManage: ['office'],
  publicityPublish: ['office'],
  releaseRead: ['office'],
  publish: ['office'],
  examManage: ['office'],
  cycleManage: ['office'],
  campsConfigure: ['office'],
  scoresManage: ['office'],
  recheckManage: ['office'],
  paymentsManage: ['office'],
  linkOfB: ['linkedA'],
  linkPanel: [],
};
/** Callers holding an external expert's review session instead of a portal session. */
const LINKED: readonly Caller[] = ['linkedA', 'linkedOut'];
const linkRoute = (access: Access) => access === 'linkSession' || access === 'linkOfA' || access === 'linkOfB' || access === 'linkPanel';
/** The role each caller is in. */
const ROLE_OF: Record<Caller, string> = {
  anonymous: RoleKey.DOCTOR,
  applicantA: RoleKey.DOCTOR,
  applicantB: RoleKey.DOCTOR,
  otherArea: RoleKey.MASTER,
  tuimian: RoleKey.MASTER,
  office: RoleKey.ADMIN,
  secretaryIn: RoleKey.DEPT,
  secretaryOut: RoleKey.DEPT,
  expertAssigned: RoleKey.REVIEWER,
  expertOut: RoleKey.REVIEWER,
  sysadmin: RoleKey.SYSADMIN,
  disabled: RoleKey.DOCTOR,
  linkedA: RoleKey.REVIEWER,
  linkedOut: RoleKey.REVIEWER,
};

type Secret = 'name' | 'number' | 'orderNo' | 'filePath' | 'storageKey' | 'ticketNo';

/** Who may see A's data in a reply. */
const ENTITLED: readonly Caller[] = ['applicantA', 'office', 'secretaryIn', 'expertAssigned', 'linkedA'];

let t: TestApp;
let fixtures: Fixtures;
const tokens: Partial<Record<Caller, string>> = {};
/** What of A's must not reach anyone else. */
let secretsOfA: Record<Secret, string>;
/** The policy's own refusal: an allowed caller may meet the record's rules (a locked form), never this. */
const POLICY_REFUSAL = 'You do not have permission to do this.';

async function staffAccount(login: string, role: string, departments: string[] = []): Promise<void> {
  const db = t.app.ctx.db;
  const id = await createStaff(db, t.clock.now(), { loginName: login, name: login, passwordHash: await hashSecret(DEMO_PASSWORD), roleKeys: [role] });
  await setStaffScope(db, id, { departmentCodes: departments, permissions: [] });
}

async function staffToken(login: string): Promise<string> {
  const r = await call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', {
    body: { loginName: login, password: DEMO_PASSWORD, uuid: (await call<{ uuid: string }>(t.app, '/api/v1/client/RandomImage', { body: {} })).data.uuid, code: '2468' },
  });
  if (r.code !== 0) throw new Error(`sign-in of ${login}: ${r.msg}`);
  return r.data.token;
}

beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
  const db = t.app.ctx.db;
  const a = await db.selectFrom('app_user').select(['id', 'name', 'applicant_number', 'recruit_year']).where('applicant_number', '=', '2027100002').executeTakeFirstOrThrow();
  const material = await db
    .selectFrom('application_material as m')
    .innerJoin('stored_file as f', 'f.id', 'm.stored_file_id')
    .select(['m.id', 'f.file_path', 'f.storage_key'])
    .where('m.user_id', '=', a.id)
    .orderBy('m.id')
    .executeTakeFirstOrThrow();
  const order = await db.selectFrom('payment_order').select('order_no').where('user_id', '=', a.id).executeTakeFirstOrThrow();
  const ticket = await db.selectFrom('exam_ticket').select(['verify_code', 'ticket_no']).where('user_id', '=', a.id).where('kind', '=', 'language').executeTakeFirstOrThrow();
  const form = await db.selectFrom('application_form').select(['id', 'version', 'programme_id']).where('user_id', '=', a.id).executeTakeFirstOrThrow();
  const b = await db.selectFrom('app_user').select('id').where('applicant_number', '=', '2027200001').executeTakeFirstOrThrow();
  const formOfB = await db.selectFrom('application_form').select('id').where('user_id', '=', b.id).executeTakeFirstOrThrow();
  const photo = await db.selectFrom('application_material').select('id').where('user_id', '=', a.id).where('category', '=', 'idPhoto').executeTakeFirstOrThrow();
  const session = await db.selectFrom('interview_slot').select('session_id').where('applicant_user_id', '=', a.id).executeTakeFirstOrThrow();
  const examSession = await db
    .insertInto('exam_session')
    .values({ area: DOCTOR_AREA, recruit_year: a.recruit_year!, kind: 'assessment', subject: 'Matrix', starts_at: Date.UTC(2027, 3, 1, 1), ends_at: Date.UTC(2027, 3, 1, 3), venue: 'Matrix hall', notes: '', created_by: null, created_at: t.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('exam_room').values({ session_id: examSession.id, name: 'M1', capacity: 10, position: 0 }).execute();
  fixtures = {
    materialIdOfA: material.id,
    filePathOfA: material.file_path,
    orderNoOfA: order.order_no,
    orderNoOfTuimian: (await applicationFeeOrder(db, t.clock.now(), { ...(await userOf('2027500001')), area: TMS_AREA })).order_no,
    verifyCodeOfA: ticket.verify_code,
    formVersionOfA: form.version,
    applicationIdOfA: form.id,
    applicationIdOfB: formOfB.id,
    photoIdOfA: photo.id,
    programmeIdOfA: form.programme_id!,
    userIdOfA: a.id,
    sessionOfA: session.session_id,
    examSession: examSession.id,
  };
  secretsOfA = { name: a.name, number: a.applicant_number!, orderNo: order.order_no, filePath: material.file_path, storageKey: material.storage_key, ticketNo: ticket.ticket_no };

  // Staff in and out of A's scope: A chose a programme of the School of Computer Science.
  // The demo's secretary of the School of Economics is out of A's scope.
  await staffAccount('expert-unassigned', RoleKey.REVIEWER);
  const reviewer = await db.selectFrom('app_user').select('id').where('login_name', '=', 'reviewer').executeTakeFirstOrThrow();
  await db
    .insertInto('expert_assignment')
    .values([a.id, b.id].map((applicant) => ({ expert_user_id: reviewer.id, applicant_user_id: applicant, recruit_year: a.recruit_year!, area: DOCTOR_AREA, stage: 'materialReview', assigned_by: null, assigned_at: t.clock.now() })))
    .execute();

  tokens.applicantA = await signInNumber('2027100002');
  tokens.applicantB = await signInNumber('2027200001');
  tokens.otherArea = await signIn(t.app, 'camper');
  tokens.tuimian = await signIn(t.app, 'tuimian');
  tokens.office = await signIn(t.app, 'admin');
  tokens.secretaryIn = await staffToken('secretary');
  tokens.secretaryOut = await staffToken('secretary-econ');
  tokens.expertAssigned = await signIn(t.app, 'reviewer');
  tokens.expertOut = await staffToken('expert-unassigned');
  tokens.sysadmin = await staffToken('sysadmin');
  // External experts on their review sessions (identity step passed, declaration made): one assigned to A and B, one to nobody.
  for (const [caller, name, applicants] of [['linkedA', 'Linked A', [a.id, b.id]], ['linkedOut', 'Linked Out', []]] as const) {
    const expert = await db
      .insertInto('app_user')
      .values({ kind: 'external', name, email: `${caller}@matrix.test`, password_hash: '!', avatar: '', introduction: '', status: 'active', created_at: t.clock.now(), updated_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const applicant of applicants) {
      await db.insertInto('expert_assignment').values({ expert_user_id: expert.id, applicant_user_id: applicant, recruit_year: a.recruit_year!, area: DOCTOR_AREA, stage: 'materialReview', assigned_by: null, assigned_at: t.clock.now() }).execute();
    }
    const reviewToken = newToken();
    await db
      .insertInto('review_link')
      .values({
        expert_user_id: expert.id,
        area: DOCTOR_AREA,
        recruit_year: a.recruit_year!,
        stage: 'materialReview',
        token_hash: hashToken(newToken()),
        expires_at: t.clock.now() + 24 * 60 * 60_000,
        verified_at: t.clock.now(),
        session_hash: hashToken(reviewToken),
        declared_at: t.clock.now(),
        created_by: null,
        created_at: t.clock.now(),
      })
      .execute();
    tokens[caller] = reviewToken;
  }
  // A live session whose account is then disabled: refused at once.
  tokens.disabled = await signInNumber('2027400001');
  await db.updateTable('app_user').set({ status: 'disabled' }).where('applicant_number', '=', '2027400001').execute();
});
afterAll(async () => t.close());

async function userOf(number: string): Promise<{ userId: number; recruitYear: string }> {
  const u = await t.app.ctx.db.selectFrom('app_user').select(['id', 'recruit_year']).where('applicant_number', '=', number).executeTakeFirstOrThrow();
  return { userId: u.id, recruitYear: u.recruit_year! };
}

async function signInNumber(number: string): Promise<string> {
  const r = await call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', {
    body: { userRegisterType: Number(number[4]), registerNo: number, password: DEMO_PASSWORD, uuid: (await call<{ uuid: string }>(t.app, '/api/v1/client/RandomImage', { body: {} })).data.uuid, code: '2468' },
  });
  if (r.code !== 0) throw new Error(`sign-in of ${number}: ${r.msg}`);
  return r.data.token;
}

const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('the route x role matrix', () => {
  it('has a row for every route the app registers, and no row for a route it does not', () => {
    const live = t.app.registeredRoutes.map(keyOf).sort();
    expect(live.filter((k) => !(k in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((k) => !live.includes(k))).toEqual([]);
  });

  const routes = Object.keys(EXPECTED).sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
  for (const key of routes) {
    it(`${key}: only those allowed act, and nobody else sees A's data`, async () => {
      const row = EXPECTED[key]!;
      const [method, path] = key.split(' ') as ['GET' | 'POST', string];
      for (const caller of CALLERS) {
        const body = row.body?.(fixtures, caller);
        const reply: Reply = await call(t.app, row.url?.(fixtures) ?? path, { method, token: tokens[caller], lang: 'en', ...(body !== undefined ? { body } : {}) });
        const what = `${key} as ${caller} -> HTTP ${reply.status}, code ${reply.code}: ${reply.msg}`;
        const allowed = ALLOWED[row.access].includes(caller);
        if (!allowed) {
          // A live session of its own tree is refused by policy (403/404); no session there (a review
          // session on the portal's routes, a portal session on the link's) is a lost session (401).
          const live = linkRoute(row.access) ? LINKED.includes(caller) : caller !== 'anonymous' && caller !== 'disabled' && !LINKED.includes(caller);
          expect(live ? [403, 404] : [401], what).toContain(reply.code);
          expect(reply.data, what).toBeUndefined();
        } else if (row.access !== 'public') {
          const want = (typeof row.answers === 'object' ? row.answers[caller] : row.answers) ?? 0;
          if (want === 'file') {
            expect(reply.status, what).toBe(200);
            expect(String(reply.raw.headers['content-type']), what).not.toContain('json');
          } else {
            expect(reply.code, what).toBe(want);
          }
          expect(reply.msg, what).not.toBe(POLICY_REFUSAL);
          if (row.shows?.includes(caller)) expect(reply.raw.body, `${what} should list A`).toContain(secretsOfA.number);
        }
        if (!ENTITLED.includes(caller)) {
          const text = reply.raw.body;
          for (const [name, value] of Object.entries(secretsOfA)) {
            if (!row.reveals?.includes(name as Secret)) expect(text.includes(value), `${what} carries A's ${name}`).toBe(false);
          }
        }
      }
    });
  }

  it("keeps the ID scan of A's password reset from reviewers: account evidence is the admissions office's alone", async () => {
    const db = t.app.ctx.db;
    const material = await db.selectFrom('stored_file').selectAll().where('file_path', '=', fixtures.filePathOfA).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = material;
    const scanPath = '/zsData/resetIdScan/matrix-scan.pdf';
    const bytes = await t.app.ctx.storage.saveBuffer(Buffer.from('%PDF-1.4 scan'));
    await db.insertInto('stored_file').values({ ...copy, file_path: scanPath, category: 'resetIdScan', storage_key: bytes.storageKey, size_bytes: bytes.size, sha256: bytes.sha256 }).execute();
    // The matrix logged everyone out last: fresh sessions.
    const fresh = { office: await signIn(t.app, 'admin'), secretaryIn: await staffToken('secretary'), expertAssigned: await signIn(t.app, 'reviewer'), sysadmin: await staffToken('sysadmin'), applicantB: await signInNumber('2027200001') };
    const read = (caller: keyof typeof fresh) => call(t.app, '/mucgrs-service/system/files/getFileByte', { token: fresh[caller], lang: 'en', body: { filePath: scanPath } });
    expect((await read('office')).status).toBe(200);
    for (const caller of ['secretaryIn', 'expertAssigned', 'applicantB', 'sysadmin'] as const) {
      const reply = await read(caller);
      expect(reply.code, caller).toBe(404);
      expect(reply.msg, caller).toBe('The file does not exist or you cannot open it.');
    }
    await db.deleteFrom('stored_file').where('file_path', '=', scanPath).execute();
  });

  it("left A's records as they were: B's delete found nothing to delete", async () => {
    const material = await t.app.ctx.db.selectFrom('application_material').select('id').where('id', '=', fixtures.materialIdOfA).executeTakeFirst();
    expect(material).toBeDefined();
    const order = await t.app.ctx.db.selectFrom('payment_order').select('status').where('order_no', '=', fixtures.orderNoOfA).executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
  });
});
