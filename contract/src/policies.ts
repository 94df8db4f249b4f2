/**
 * Who may do what: pure rules over the actor (roles, scope), the action and its target's state.
 * The server asks `can` after loading the target and before doing anything; the web never
 * re-derives these, it reads the abilities the server sent (menus, permission strings). Every
 * rule is a small named predicate, and the table of role x action is tested (policies.test.ts).
 *
 * Staff scope, after osis-admission: a permission is role AND scope AND the record's state.
 * - admissions office (zs_admin): every area and department;
 * - department secretary (zs_dept): applications whose chosen programme belongs to their departments;
 * - internal expert (zs_reviewer): applications assigned to them, never one naming them as supervisor;
 * - external expert (no account, a mailed link): the one assignment the link names;
 * - system administrator (zs_sysadmin): users, roles, configuration, the audit trail and sessions; no applicant's record.
 * Publishing results is a permission of its own (`results.publish`), never implied by a role.
 */
import { DEPARTMENT_REVIEW_STAGE } from './api/staff';
import { departmentReviews, type AdmissionArea } from './areas';
import { RoleKey, type StaffPermission } from './codes';

export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'applicant'; userId: number; area: AdmissionArea | null; recruitYear: string | null; roles: readonly string[] }
  | {
      kind: 'staff';
      userId: number;
      /** The active role decides what the account can do right now (spec 4: role switch). */
      activeRole: string;
      roles: readonly string[];
      /** Departments a secretary looks after; empty for everyone else. */
      departmentIds: readonly number[];
      permissions: readonly StaffPermission[];
      /**
       * The password is a one-time one someone else chose (a new account, a reset): until the
       * account chooses its own, it may do nothing else (so whoever read it out cannot act with it).
       */
      passwordChangeDue?: boolean;
    }
  /**
   * An external expert on the session their mailed link opened (after the identity step): their
   * assignments in the link's area and year, nothing else.
   */
  | {
      kind: 'externalExpert';
      expertUserId: number;
      area: AdmissionArea;
      recruitYear: string;
      /** The applicants assigned to them in the link's stage: another stage's files stay shut. */
      applicantUserIds: readonly number[];
    };

/** What the server knows of an application when deciding whether staff may touch it. */
export interface ApplicationTarget {
  applicantUserId: number;
  area: AdmissionArea;
  recruitYear: string;
  /** From the applicant's intended programme; null before they chose one. */
  departmentId: number | null;
  /** The staff account of the supervisor the applicant chose, if that supervisor has one. */
  supervisorUserId: number | null;
  /** Internal experts assigned to review this application. */
  assignedExpertIds: readonly number[];
}

export interface FileTarget {
  ownerUserId: number | null;
  isPublic: boolean;
  /**
   * One of the application's materials (what reviewers read); otherwise evidence about the account
   * itself (the ID scan sent with a password reset), which only the admissions office may see.
   */
  material: boolean;
  /** The owner's application, loaded for staff readers only (null for an applicant's own view). */
  application: ApplicationTarget | null;
}

export type Action =
  // Anyone, signed in or not: the sign-in screens, the login page's facts, gateway callbacks.
  | { kind: 'portal.public' }
  // Anyone signed in, about their own account.
  | { kind: 'session.own' }
  | { kind: 'password.change' }
  | { kind: 'role.switch'; roleKey: string }
  | { kind: 'config.read' }
  | { kind: 'file.read'; file: FileTarget }
  // An applicant's self-service calls of one area: always their own records.
  | { kind: 'application.self'; area: AdmissionArea }
  | { kind: 'payment.self'; area: AdmissionArea; order: { ownerUserId: number; area: string } }
  // Staff listing applications: which rows come back is the actor's applicationScope.
  | { kind: 'application.list' }
  /** The work queues of those who run files (photos waiting, forms to decide): the office and the secretaries, each in their scope. */
  | { kind: 'review.queue' }
  /** The expert review's rules, sheets, assignments, closing and ranked lists: the admissions office. */
  | { kind: 'review.manage' }
  /** An expert's own review list. */
  | { kind: 'review.mine' }
  // An external expert's own review session: what the link opened (their list, their declaration).
  | { kind: 'reviewLink.session' }
  /** Scoring one application in an expert review: its assigned experts (never its named supervisor), or by link. */
  | { kind: 'review.score'; application: ApplicationTarget }
  // Staff on one application.
  | { kind: 'application.read'; application: ApplicationTarget }
  | { kind: 'application.return'; application: ApplicationTarget }
  /** The full ID number, shown masked everywhere else. */
  | { kind: 'application.revealId'; application: ApplicationTarget }
  | { kind: 'photo.review'; application: ApplicationTarget }
  /** Inviting a tuimian applicant to the interview (复试) and recording its result: the school running it, or the office. */
  | { kind: 'tmsInterview.manage'; application: ApplicationTarget }
  /** Record the offer sent in the national recommended-exemption system: the office sends it there. */
  | { kind: 'tmsOffer.record'; application: ApplicationTarget }
  /**
   * An eligibility decision. Where the school reviews first (departmentReviews), the school's stage is
   * the office's or the department's, and the graduate school's decision after it is the office's alone.
   */
  | { kind: 'review.decide'; application: ApplicationTarget; stage: string }
  | { kind: 'ticket.assign'; application: ApplicationTarget }
  | { kind: 'score.record'; application: ApplicationTarget }
  /** A cycle's scores of an area: the grid, the Excel files, full marks, the final score's weights and computing it. The admissions office. */
  | { kind: 'score.manage'; area: AdmissionArea }
  /** Score re-checks of an area: answering them and setting their windows. The admissions office. */
  | { kind: 'score.recheck'; area: AdmissionArea }
  | { kind: 'admission.post'; application: ApplicationTarget }
  | { kind: 'payment.inspect'; application: ApplicationTarget }
  | { kind: 'payment.record'; application: ApplicationTarget }
  /** The bank-transfer receipts applicants uploaded, waiting and decided (each row then by `payment.inspect`). */
  | { kind: 'payment.offlineQueue' }
  // Interview sessions (the comprehensive assessment, the foreign-language review).
  /** Setting sessions up and reading their results: the admissions office. */
  | { kind: 'interview.manage' }
  /** Exam sessions, their rooms and seats, and printing their tickets: the admissions office. */
  | { kind: 'exam.manage' }
  /** A member's own list of the sessions they sit on. */
  | { kind: 'interview.mine' }
  /** Reading and scoring one session: a member of its panel. */
  | { kind: 'interview.score'; session: InterviewSessionTarget }
  /** Locking the session once every score is in: the panel's secretary. */
  | { kind: 'interview.lock'; session: InterviewSessionTarget }
  /** The session's printed record: its panel and the office. */
  | { kind: 'interview.record'; session: InterviewSessionTarget }
  // Staff on a whole cycle or the portal.
  | { kind: 'payment.reconcile' }
  | { kind: 'cycle.configure'; area: AdmissionArea }
  /** The recruitment years: which is current, and starting the next: the admissions office. */
  | { kind: 'cycle.years' }
  /** The year's summer camps: their dates, places per programme and windows. The admissions office. */
  | { kind: 'camps.configure' }
  /** Camp admission: offering campers places per programme and keeping the waiting lists. The admissions office. */
  | { kind: 'camps.admit' }
  | { kind: 'results.publish'; area: AdmissionArea }
  /** The working-day calendar and the proposed-admission lists' preview and history: the admissions office (publishing is `results.publish`). */
  | { kind: 'publicity.manage' }
  | { kind: 'portal.configure' }
  /** The notes applicants read on their dashboard, per area: content the admissions office writes. */
  | { kind: 'notes.edit' }
  /** Staff accounts, and who is online (with a forced sign-out). */
  | { kind: 'staff.manage' }
  /** Which pages and buttons each staff role gets, within what this policy allows it. */
  | { kind: 'roles.manage' }
  /** The audit trail and the sign-in log, and checking the trail's hash chain. */
  | { kind: 'audit.read' };

export type ActionKind = Action['kind'];

// --- The predicates every rule is made of ---

type StaffActor = Extract<Actor, { kind: 'staff' }>;
const staff = (a: Actor): a is StaffActor => a.kind === 'staff';
const acting = (a: Actor, role: string): boolean => staff(a) && a.activeRole === role;

export const isStaff = (a: Actor): boolean => staff(a);
export const isAdmissionsOffice = (a: Actor): boolean => acting(a, RoleKey.ADMIN);
export const isSystemAdministrator = (a: Actor): boolean => acting(a, RoleKey.SYSADMIN);
export const holds = (a: Actor, permission: StaffPermission): boolean => staff(a) && a.permissions.includes(permission);

/** A secretary whose departments include the programme the applicant chose. */
export const inDepartmentScope = (a: Actor, app: ApplicationTarget): boolean =>
  acting(a, RoleKey.DEPT) && app.departmentId !== null && (a as StaffActor).departmentIds.includes(app.departmentId);

/** Never the supervisor the applicant named: computed from data, whatever the assignment says. */
export const isConflicted = (a: Actor, app: ApplicationTarget): boolean => staff(a) && app.supervisorUserId === a.userId;

export const isAssignedExpert = (a: Actor, app: ApplicationTarget): boolean =>
  acting(a, RoleKey.REVIEWER) && app.assignedExpertIds.includes((a as StaffActor).userId) && !isConflicted(a, app);

/** An external expert's link opens the applications assigned to them in its cycle and stage, never one naming them as supervisor. */
export const isLinkedExpert = (a: Actor, app: ApplicationTarget): boolean =>
  a.kind === 'externalExpert' &&
  a.area === app.area &&
  a.recruitYear === app.recruitYear &&
  a.applicantUserIds.includes(app.applicantUserId) &&
  app.supervisorUserId !== a.expertUserId;

/** Those who run the application's file through the office: the office itself or its department. */
const manages = (a: Actor, app: ApplicationTarget): boolean => isAdmissionsOffice(a) || inDepartmentScope(a, app);
const readsApplication = (a: Actor, app: ApplicationTarget): boolean => manages(a, app) || isAssignedExpert(a, app) || isLinkedExpert(a, app);
/**
 * The applications a staff list shows, as a query can apply it: the very predicates of
 * `application.read`, so a list never shows a row its file page would refuse (tested as a table).
 * External experts have no list: their link opens their assignment.
 */
export type ApplicationScope =
  | { kind: 'every' }
  | { kind: 'departments'; departmentIds: readonly number[] }
  /** Assigned to this expert, less the applications naming them as supervisor. */
  | { kind: 'assigned'; expertUserId: number }
  | { kind: 'none' };

export function applicationScope(a: Actor): ApplicationScope {
  if (isAdmissionsOffice(a)) return { kind: 'every' };
  if (!staff(a)) return { kind: 'none' };
  if (a.activeRole === RoleKey.DEPT) return { kind: 'departments', departmentIds: a.departmentIds };
  if (a.activeRole === RoleKey.REVIEWER) return { kind: 'assigned', expertUserId: a.userId };
  return { kind: 'none' };
}

/** Whether a scope covers an application: what the list query computes in SQL. */
export function inApplicationScope(scope: ApplicationScope, app: ApplicationTarget): boolean {
  switch (scope.kind) {
    case 'every':
      return true;
    case 'departments':
      return app.departmentId !== null && scope.departmentIds.includes(app.departmentId);
    case 'assigned':
      return app.assignedExpertIds.includes(scope.expertUserId) && app.supervisorUserId !== scope.expertUserId;
    case 'none':
      return false;
  }
}

/** What the server knows of an interview session when deciding who may score or lock it. */
export interface InterviewSessionTarget {
  area: AdmissionArea;
  recruitYear: string;
  panelUserIds: readonly number[];
  secretaryUserId: number;
}

/**
 * Who sits on a panel as the caller: an internal expert acting as one now, or an external member
 * on the review session their link opened (in the session's own cycle).
 */
function panelSeatOf(a: Actor, session: InterviewSessionTarget): number | null {
  if (acting(a, RoleKey.REVIEWER)) return (a as StaffActor).userId;
  if (a.kind === 'externalExpert' && a.area === session.area && a.recruitYear === session.recruitYear) return a.expertUserId;
  return null;
}

/** On the session's panel: an internal expert acting as one now, or an external member by link. */
export const isPanelMember = (a: Actor, session: InterviewSessionTarget): boolean => {
  const seat = panelSeatOf(a, session);
  return seat !== null && session.panelUserIds.includes(seat);
};
/** The panel member who keeps the record. */
export const isPanelSecretary = (a: Actor, session: InterviewSessionTarget): boolean => isPanelMember(a, session) && session.secretaryUserId === panelSeatOf(a, session);

const signedIn = (a: Actor): boolean => a.kind === 'applicant' || a.kind === 'staff';

/** What an account may still do while its password is one someone else chose: sign out, read itself, choose its own. */
const UNTIL_PASSWORD_CHANGED: ReadonlySet<ActionKind> = new Set(['portal.public', 'session.own', 'password.change', 'config.read']);

/** An account that must choose its own password before anything else. */
export const awaitsPasswordChange = (a: Actor): boolean => staff(a) && a.passwordChangeDue === true;

export function can(actor: Actor, action: Action): boolean {
  if (awaitsPasswordChange(actor) && !UNTIL_PASSWORD_CHANGED.has(action.kind)) return false;
  switch (action.kind) {
    case 'portal.public':
      return true;
    case 'session.own':
    case 'config.read':
      return signedIn(actor);
    case 'password.change':
      // Not offered to summer-camp/master applicants (spec 6); the server refuses it too.
      return signedIn(actor) && !(actor.kind === 'applicant' && actor.roles[0] === RoleKey.MASTER);
    case 'role.switch':
      return (actor.kind === 'staff' || actor.kind === 'applicant') && actor.roles.includes(action.roleKey);
    case 'file.read': {
      const { file } = action;
      if (file.isPublic) return signedIn(actor);
      if (actor.kind === 'applicant') return file.ownerUserId === actor.userId;
      if (file.application === null) return false;
      return file.material ? readsApplication(actor, file.application) : isAdmissionsOffice(actor);
    }
    case 'application.self':
      return actor.kind === 'applicant' && actor.area === action.area && actor.recruitYear !== null;
    case 'payment.self':
      return actor.kind === 'applicant' && actor.area === action.area && action.order.area === action.area && actor.userId === action.order.ownerUserId;
    case 'application.list':
      return applicationScope(actor).kind !== 'none';
    case 'review.queue':
      return isAdmissionsOffice(actor) || acting(actor, RoleKey.DEPT);
    case 'review.manage':
      return isAdmissionsOffice(actor);
    case 'review.mine':
      return acting(actor, RoleKey.REVIEWER);
    case 'reviewLink.session':
      return actor.kind === 'externalExpert';
    case 'review.score':
      return isAssignedExpert(actor, action.application) || isLinkedExpert(actor, action.application);
    case 'application.read':
      return readsApplication(actor, action.application);
    case 'review.decide':
      if (!departmentReviews(action.application.area)) return action.stage !== DEPARTMENT_REVIEW_STAGE && manages(actor, action.application);
      return action.stage === DEPARTMENT_REVIEW_STAGE ? manages(actor, action.application) : isAdmissionsOffice(actor);
    case 'application.return':
    case 'application.revealId':
    case 'photo.review':
    case 'tmsInterview.manage':
      return manages(actor, action.application);
    case 'ticket.assign':
    case 'score.record':
    case 'admission.post':
    case 'tmsOffer.record':
    case 'payment.inspect':
    case 'payment.record':
      return isAdmissionsOffice(actor);
    case 'score.manage':
    case 'score.recheck':
    case 'payment.reconcile':
    case 'payment.offlineQueue':
    case 'cycle.configure':
    case 'cycle.years':
    case 'camps.configure':
    case 'camps.admit':
    case 'publicity.manage':
    case 'notes.edit':
      return isAdmissionsOffice(actor);
    case 'results.publish':
      return holds(actor, 'results.publish');
    case 'interview.manage':
    case 'exam.manage':
      return isAdmissionsOffice(actor);
    case 'interview.mine':
      return acting(actor, RoleKey.REVIEWER);
    case 'interview.score':
      return isPanelMember(actor, action.session);
    case 'interview.lock':
      return isPanelSecretary(actor, action.session);
    case 'interview.record':
      return isAdmissionsOffice(actor) || isPanelMember(actor, action.session);
    case 'portal.configure':
    case 'staff.manage':
    case 'roles.manage':
    case 'audit.read':
      return isSystemAdministrator(actor);
  }
}
