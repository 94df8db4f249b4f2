/**
 * The menu tree of spec section 2. The server seeds its menu rows from this table; the web maps
 * each page's `component` to a lazily loaded page. Names are stable i18n keys under `menu.`.
 * Which of these a user sees is decided by the server (role and stage grants), never here.
 */
import { AREA_ROLE, type AdmissionArea } from './areas';
import { RoleKey } from './codes';

export interface MenuPageDef {
  name: string;
  path: string;
  component: string;
  hidden?: boolean;
  noCache?: boolean;
  /** Button permissions under this page, RuoYi `F` rows. */
  buttons?: readonly string[];
  /** Granted to an applicant only when this gate of the area's journey is open for them. */
  gate?: string;
}
/** What the web needs of any menu group, an applicant's or the back office's. */
export interface MenuGroupBase {
  name: string;
  path: string;
  icon: string;
  single?: boolean;
  children: readonly MenuPageDef[];
}

export interface MenuGroupDef extends MenuGroupBase {
  name: string;
  path: string;
  icon: string;
  /**
   * The journey the group belongs to: granted to the area's applicant role (AREA_ROLE) once the
   * area's pages exist, and shown only to applicants of that area.
   */
  area: AdmissionArea;
  /** A group that is a single page (the spec's /summerCampQualification/index). */
  single?: boolean;
  gate?: string;
  children: readonly MenuPageDef[];
}

export const MENU_TREE: readonly MenuGroupDef[] = [
  {
    name: 'menu.doctorRegister.fill',
    area: 'doctor',
    path: '/doctorRegister',
    icon: 'registration',
    children: [
      { name: 'menu.doctorRegister.apply', path: 'doctorRegisterApply', component: 'doctorRegister/apply' },
      { name: 'menu.doctorRegister.fileManage', path: 'fileManage', component: 'doctorRegister/fileManage' },
    ],
  },
  {
    name: 'menu.doctorRegister.electronicData',
    area: 'doctor',
    gate: 'formSubmitted',
    path: '/doctorRegister',
    icon: 'archives',
    children: [{ name: 'menu.doctorRegister.fileManage2', path: 'fileManage2', component: 'doctorRegister/fileManage2' }],
  },
  {
    name: 'menu.recommendedStudent',
    area: 'tms',
    path: '/recommendedStudent',
    icon: 'recommended',
    children: [
      { name: 'menu.recommendedStudent.apply', path: 'recommendedStudentApply', component: 'recommendedStudent/apply' },
      { name: 'menu.recommendedStudent.uploadFile', path: 'tmsUploadFile', component: 'recommendedStudent/uploadFile' },
    ],
  },
  {
    name: 'menu.summerCampRegister',
    area: 'summerCamp',
    path: '/summerCampRegister',
    icon: 'summerCamp',
    children: [
      { name: 'menu.summerCampRegister.apply', path: 'summerCampApply', component: 'summerCamp/apply' },
      { name: 'menu.summerCampRegister.uploadFile', path: 'summerCampUploadFile', component: 'summerCamp/uploadFile' },
    ],
  },
  {
    name: 'menu.summerCampQualification',
    area: 'summerCamp',
    path: '/summerCampQualification',
    icon: 'admissions',
    single: true,
    children: [
      { name: 'menu.summerCampQualification', path: 'index', component: 'summerCamp/qualification', noCache: true },
    ],
  },
  {
    name: 'menu.summerCampRegisterInfo',
    area: 'summerCamp',
    path: '/summerCampRegisterInfo',
    icon: 'scoreQuery',
    children: [
      {
        name: 'menu.summerCampRegisterInfo.query',
        path: 'summerCampRegisterInfoQuery',
        component: 'summerCamp/registerInfoQuery',
      },
    ],
  },
  {
    name: 'menu.payManage',
    area: 'doctor',
    path: '/payManage',
    icon: 'agreement',
    children: [{ name: 'menu.payManage.pay', path: 'pay', component: 'payment/pay' }],
  },
  {
    name: 'menu.partInfo',
    area: 'doctor',
    gate: 'formSubmitted',
    path: '/partInfo',
    icon: 'enrolment',
    children: [
      { name: 'menu.partInfo.showPartInfo', path: 'showPartInfo', component: 'partInfo/applicationForm' },
      { name: 'menu.partInfo.payInfo', path: 'payInfo', component: 'partInfo/payment' },
      { name: 'menu.partInfo.photoExamine', path: 'photoExamine', component: 'partInfo/photoReview' },
      { name: 'menu.partInfo.qualificationReview', path: 'index4', component: 'partInfo/qualificationReview' },
      { name: 'menu.partInfo.languageReview', path: 'index5', component: 'partInfo/languageReview' },
      { name: 'menu.partInfo.assessmentQualification', path: 'index6', component: 'partInfo/assessmentQualification' },
      { name: 'menu.partInfo.proposedAdmission', path: 'index7', component: 'partInfo/proposedAdmission' },
    ],
  },
  {
    name: 'menu.print',
    area: 'doctor',
    gate: 'anyTicket',
    path: '/print',
    icon: 'callingApplication',
    children: [
      { name: 'menu.print.languageTicket', path: 'index8', component: 'print/languageTicket', gate: 'languageTicket' },
      { name: 'menu.print.assessmentTicket', path: 'index9', component: 'print/assessmentTicket', gate: 'assessmentTicket' },
    ],
  },
  {
    name: 'menu.scoreQuery',
    area: 'doctor',
    gate: 'anyScore',
    path: '/scoreQuery',
    icon: 'scoreQuery',
    children: [
      { name: 'menu.scoreQuery.language', path: 'showEnScore', component: 'scoreQuery/languageScore', gate: 'languageScore' },
      { name: 'menu.scoreQuery.material', path: 'showMaterialScore', component: 'scoreQuery/materialScore', gate: 'materialScore' },
      { name: 'menu.scoreQuery.assessment', path: 'showAssessmentScore', component: 'scoreQuery/assessmentScore', gate: 'assessmentScore' },
      { name: 'menu.scoreQuery.final', path: 'showFinalScore', component: 'scoreQuery/finalScore', gate: 'finalScore' },
    ],
  },
  {
    name: 'menu.admission',
    area: 'doctor',
    gate: 'admitted',
    path: '/Admission',
    icon: 'enrolment',
    children: [
      { name: 'menu.admission.information', path: 'admissionInformation', component: 'admission/archiveTransfer' },
      { name: 'menu.admission.notice', path: 'noticeInformation', component: 'admission/noticeMailing' },
      {
        name: 'menu.admission.informationChange',
        path: 'admissionInformationChange',
        component: 'admission/paperLetterMailing',
        hidden: true,
      },
    ],
  },
  {
    name: 'menu.recommendedStudentInfoQuery',
    area: 'tms',
    path: '/recommendedStudentInfoQuery',
    icon: 'serviceGuide',
    children: [
      {
        name: 'menu.recommendedStudentInfoQuery.partInfo',
        path: 'recommendedStudentShowPartInfo',
        component: 'recommendedStudent/showPartInfo',
      },
      {
        name: 'menu.recommendedStudentInfoQuery.exInfo',
        path: 'recommendedStudentShowExInfo',
        component: 'recommendedStudent/showExInfo',
      },
      {
        name: 'menu.recommendedStudentInfoQuery.payInfo',
        path: 'recommendedStudentShowPayInfo',
        component: 'recommendedStudent/showPayInfo',
      },
    ],
  },
];

/**
 * The areas whose journey exists, server and web alike: the server registers exactly these
 * journeys (a test holds it to that) and the web maps exactly their pages (a test there too).
 */
export const IMPLEMENTED_AREAS: readonly AdmissionArea[] = ['doctor', 'summerCamp', 'tms'];

/**
 * Pages of an implemented area still being built: not granted, so their menu group stays out of
 * the menu until the page exists, rather than showing a "coming soon" page. None today: every page
 * of the implemented areas exists.
 */
export const COMPONENTS_TO_COME: readonly string[] = [];

/**
 * Where an applicant's page lives (`/group/page`), from the menu tree, so a link, or the gateway's way
 * back to the fee page, cannot drift from the route.
 */
export function menuPagePath(component: string): string {
  for (const group of MENU_TREE) {
    const page = group.children.find((p) => p.component === component);
    if (page) return `${group.path}/${page.path}`;
  }
  throw new Error(`no page ${component}`);
}

/** Components that have a real page today; the server grants only these (issue #2). */
export const IMPLEMENTED_COMPONENTS: readonly string[] = MENU_TREE.filter((g) => IMPLEMENTED_AREAS.includes(g.area))
  .flatMap((g) => g.children.map((p) => p.component))
  .filter((c) => !COMPONENTS_TO_COME.includes(c));

/**
 * The back office's menus (issue #9): granted to the staff roles listed, whatever the area; which
 * records a page then shows is the actor's scope, decided by the server on every call. Only pages
 * that exist are listed here.
 */
export interface StaffMenuPageDef extends MenuPageDef {
  /** The roles of the group that get this page; all of them when absent. */
  roles?: readonly RoleKey[];
}

export interface StaffMenuGroupDef extends MenuGroupBase {
  roles: readonly RoleKey[];
  children: readonly StaffMenuPageDef[];
}

/**
 * The back office's button permissions (RuoYi `F` rows): each guards calls of its page
 * (staff-calls.ts), so a role denied one is refused those calls, not only shown no button.
 */
export const StaffButton = {
  EXPORT: 'staff:applications:export',
  BATCH: 'staff:applications:batch',
  REVEAL_ID: 'staff:applications:revealId',
  SCORE_IMPORT: 'staff:scores:import',
} as const;
export type StaffButton = (typeof StaffButton)[keyof typeof StaffButton];

/** Those who run files: the office and the departments' secretaries (experts review what they are given). */
const RUNS_FILES = [RoleKey.ADMIN, RoleKey.DEPT] as const;

export const STAFF_MENU_TREE: readonly StaffMenuGroupDef[] = [
  {
    name: 'menu.staff.review',
    path: '/admissions',
    icon: 'admissions',
    roles: [RoleKey.ADMIN, RoleKey.DEPT, RoleKey.REVIEWER],
    children: [
      // First, so the group opens on the morning's counts.
      { name: 'menu.staff.dashboard', path: 'dashboard', component: 'staff/dashboard' },
      // Buttons (F rows) a role can be denied on its own: exporting the list, acting on a selection.
      { name: 'menu.staff.applications', path: 'applications', component: 'staff/applications', buttons: [StaffButton.EXPORT, StaffButton.BATCH] },
      // Opened from a row of the list (?id=), never from the menu. Showing the full ID number is a button of its own.
      { name: 'menu.staff.file', path: 'file', component: 'staff/applicationFile', hidden: true, noCache: true, buttons: [StaffButton.REVEAL_ID] },
      { name: 'menu.staff.photos', path: 'photos', component: 'staff/photoReview', roles: RUNS_FILES },
      { name: 'menu.staff.qualification', path: 'qualification', component: 'staff/qualificationReview', roles: RUNS_FILES },
      // Summer-camp applications (issue #11): the school reviews them, then the graduate school decides.
      { name: 'menu.staff.campApplications', path: 'campApplications', component: 'staff/campReview', roles: RUNS_FILES },
      // Recommended-exempt (tuimian) applications: the same two steps, the school of the chosen programme first.
      { name: 'menu.staff.tmsApplications', path: 'tmsApplications', component: 'staff/tmsReview', roles: RUNS_FILES },
      // Their interview (复试): the school invites those the graduate school found eligible, then records the results.
      { name: 'menu.staff.tmsInterviews', path: 'tmsInterviews', component: 'staff/tmsInterviews', roles: RUNS_FILES },
      { name: 'menu.staff.myReviews', path: 'reviews', component: 'staff/expertReviews', roles: [RoleKey.REVIEWER] },
      // Opened from an expert's list or the ranked list (?id=), never from the menu.
      { name: 'menu.staff.scoring', path: 'score', component: 'staff/scoring', hidden: true, noCache: true, roles: [RoleKey.REVIEWER, RoleKey.ADMIN] },
      { name: 'menu.staff.reviewSetup', path: 'reviewSetup', component: 'staff/reviewSetup', roles: [RoleKey.ADMIN] },
      { name: 'menu.staff.ranking', path: 'ranking', component: 'staff/ranking', roles: [RoleKey.ADMIN] },
      // Interview sessions: the office sets them up; a panel member sees theirs and scores on /scoresReview.
      { name: 'menu.staff.interviews', path: 'interviews', component: 'staff/interviews', roles: [RoleKey.ADMIN] },
      { name: 'menu.staff.myInterviews', path: 'myInterviews', component: 'staff/myInterviews', roles: [RoleKey.REVIEWER] },
      // The year's timeline (stage windows, where each release stands) and the recruitment years.
      { name: 'menu.staff.cycle', path: 'cycle', component: 'staff/cycle', roles: [RoleKey.ADMIN] },
      // Exam sittings: rooms, seats and the tickets printed for them.
      { name: 'menu.staff.exams', path: 'exams', component: 'staff/exams', roles: [RoleKey.ADMIN] },
      // Releasing results: the office sees where each stands; the publish permission plans, confirms and withdraws.
      { name: 'menu.staff.releases', path: 'releases', component: 'staff/releases', roles: [RoleKey.ADMIN] },
      // Scores: entered in a grid or from Excel, every change kept; the final score's weights per programme.
      { name: 'menu.staff.scores', path: 'scores', component: 'staff/scores', roles: [RoleKey.ADMIN], buttons: [StaffButton.SCORE_IMPORT] },
      // Score re-checks (复核): the requests applicants made, answered here; the windows per kind.
      { name: 'menu.staff.rechecks', path: 'rechecks', component: 'staff/rechecks', roles: [RoleKey.ADMIN] },
      // Summer camps (issue #11): the year's camps, their dates, places per programme and windows.
      { name: 'menu.staff.camps', path: 'camps', component: 'staff/camps', roles: [RoleKey.ADMIN] },
      // Camp admission: places per programme up to capacity, and the ordered waiting lists.
      { name: 'menu.staff.campAdmission', path: 'campAdmission', component: 'staff/campAdmission', roles: [RoleKey.ADMIN] },
      // Fees paid by bank transfer (Hong Kong, Macao and Taiwan applicants): the receipts uploaded, confirmed or rejected here.
      { name: 'menu.staff.offlinePayments', path: 'offlinePayments', component: 'staff/offlinePayments', roles: [RoleKey.ADMIN] },
      // The notes applicants read on their dashboard: content the office writes (configuration holds them).
      { name: 'menu.staff.notes', path: 'notes', component: 'staff/notes', roles: [RoleKey.ADMIN] },
      // The public proposed-admission lists (公示) and the working-day calendar they are counted on.
      { name: 'menu.staff.publicity', path: 'publicity', component: 'staff/publicity', roles: [RoleKey.ADMIN] },
    ],
  },
  {
    // Running the portal (issue #10): the system administrator's.
    name: 'menu.staff.system',
    path: '/system',
    icon: 'system',
    roles: [RoleKey.SYSADMIN],
    children: [
      { name: 'menu.staff.accounts', path: 'accounts', component: 'staff/accounts' },
      { name: 'menu.staff.online', path: 'online', component: 'staff/online', noCache: true },
      { name: 'menu.staff.logs', path: 'logs', component: 'staff/logs' },
      // Background work (issue #12): ticket printings and release notices, as every instance recorded them.
      { name: 'menu.staff.jobs', path: 'jobs', component: 'staff/jobs', noCache: true },
      { name: 'menu.staff.config', path: 'config', component: 'staff/config' },
      // Which of these menus, pages and buttons each staff role gets (within what its policy allows).
      { name: 'menu.staff.roles', path: 'roles', component: 'staff/roles' },
    ],
  },
];

/** Every staff page component: all of them exist (the tree lists only pages that do). */
export const STAFF_COMPONENTS: readonly string[] = STAFF_MENU_TREE.flatMap((g) => g.children.map((p) => p.component));

/** The name (an i18n key) of a page's button row: `menu.staff.applications.export`. */
export const buttonMenuName = (page: MenuPageDef, perm: string): string => `${page.name}.${perm.split(':').pop()}`;

/** The applicant role a group is granted to. */
export const roleOfGroup = (group: MenuGroupDef): string => AREA_ROLE[group.area];
