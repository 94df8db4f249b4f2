/**
 * Logs and sessions (issue #10, "running the portal"): the audit trail, searchable and
 * tamper-evident (each entry carries the hash of the one before it), the sign-in log, and who is
 * online, with a forced sign-out. The logs are `audit.read`, the sessions `staff.manage`: the
 * system administrator's. Nothing here ever carries an ID number, a password, a token or a link:
 * the audit trail never stores them.
 */
import { z } from 'zod';
import { choice, requiredText, typeError, V } from './common';
import { recordIdField as id } from './staff-file';

/** Everything the audit trail records, in the order a filter offers them. */
export const AUDIT_EVENTS = [
  'register',
  'login.success',
  'login.failure',
  'login.throttled',
  'logout',
  'password.change',
  'password.reset.question',
  'password.reset.question.failure',
  'password.reset.email.requested',
  'password.reset.email.completed',
  'role.switch',
  'admin.create',
  // Staff acting on an applicant's cycle (the admin CLI or the back office), any area.
  'form.return',
  'photo.review',
  'review.decide',
  'review.withdraw',
  'ticket.assign',
  'score.record',
  // Scores in the back office: a file imported, full marks set, a programme's weights, final scores computed (each score's own change is a version).
  'score.import',
  'score.scale',
  'score.weights',
  'score.compute',
  // Score re-checks: an applicant asks, the office answers, the office sets a window.
  'score.recheckRequest',
  'score.recheckAnswer',
  'score.recheckWindow',
  'cycle.release',
  'cycle.stageWindow',
  // A new recruitment year started (and made the current one).
  'cycle.yearStart',
  // The year's summer camps: one defined or changed, one removed (before and after in the detail).
  'camps.save',
  'camps.delete',
  'camps.admit',
  'camps.waitlist',
  'camps.withdraw',
  // A camper's answer to a camp place (confirm, decline, undo a decline); an offer lapsed at its
  // deadline; a waiting-list camper offered the place so freed (by the portal, no staff account).
  'camps.confirm',
  'camps.decline',
  'camps.undoDecline',
  'camps.expire',
  'camps.promote',
  // A confirmed camper's camp result recorded or changed by the office.
  'camps.result',
  // The tuimian interview: an invitation sent or changed, taken back, answered by the applicant; a result recorded.
  'tmsInterview.invite',
  'tmsInterview.withdraw',
  'tmsInterview.answer',
  'tmsInterview.result',
  // The office's record of its offer in the national recommended-exemption system, and of the applicant's answer there.
  'tmsOffer.record',
  'admission.post',
  'payment.record',
  // A bank-transfer receipt: uploaded by the applicant, confirmed (the order settled) or rejected by the office.
  'payment.offlineSubmit',
  'payment.offlineConfirm',
  'payment.offlineReject',
  // Staff reading what is masked by default: the full ID number, with the reason they gave.
  'application.revealId',
  // A batch on the list's selection (each application's own change has its own row too).
  'application.batch',
  // Interview sessions: the office sets one up, changes or removes it; the panel's secretary locks it.
  'review.interviewSave',
  'review.interviewDelete',
  'review.interviewLock',
  // The expert review: an office correction of a score (with its reason), a declared conflict, a cut-off applied.
  'review.correctScore',
  'review.declareConflict',
  'review.qualify',
  // The office running the expert review: rules, sheets, closing, who reviews what (the seed included).
  'review.settings',
  'review.sheet',
  'review.close',
  'review.autoAssign',
  'review.assign',
  'review.unassign',
  // External experts: the office records them and mails their links; the expert passes the identity step and declares.
  'review.externalExpert',
  'review.linkSent',
  'reviewLink.codeSent',
  'reviewLink.codeWrong',
  'reviewLink.verified',
  'reviewLink.declared',
  // The system administrator's staff accounts (the reason of a disable in the detail).
  'account.create',
  'account.update',
  'account.disable',
  'account.enable',
  'account.resetPassword',
  // The two-person rule: a privileged change asked for, and declined or withdrawn (a confirmed one is logged as itself).
  'account.request',
  'account.requestDeclined',
  // A staff role's pages and buttons granted or denied on the Roles page (before and after in the detail).
  'roles.save',
  // Releases: planned by one publisher, confirmed by another, cancelled or withdrawn with a reason (the switch itself is cycle.release).
  'release.plan',
  'release.confirm',
  'release.cancel',
  'release.withdraw',
  // The system administrator ending someone's session (the reason in the detail).
  'session.forcedSignOut',
  // The configuration editor (old and new value, never a secret's) and the notes applicants read.
  'config.update',
  'notes.update',
  // The working-day calendar (a holiday or make-up day set or removed) and a proposed-admission list published.
  'calendar.save',
  'calendar.remove',
  'publicity.publish',
  // Exam sessions: set up or removed, seats given automatically, moved or given up, tickets printed.
  'ticket.sessionSave',
  'ticket.sessionDelete',
  'ticket.seatsAssign',
  'ticket.move',
  'ticket.unseat',
  'ticket.print',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

/** The sign-in log: how each of its events reads as an outcome. */
export const SIGN_IN_OUTCOMES = ['success', 'failure', 'throttled', 'signOut'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];
export const SIGN_IN_EVENTS: Record<SignInOutcome, AuditEvent> = {
  success: 'login.success',
  failure: 'login.failure',
  throttled: 'login.throttled',
  signOut: 'logout',
};

export const LOG_PAGE_SIZES = [20, 50, 100] as const;

/** A calendar day, YYYY-MM-DD, on the university's clock (Beijing time): `from` and `to` both count whole. */
const day = z
  .string({ error: typeError })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.format })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), { error: V.format });
const part = (max: number) => z.string({ error: typeError }).trim().max(max, { error: V.tooLong });
const page = {
  pageNum: z.number({ error: typeError }).int({ error: V.invalidType }).min(1, { error: V.tooShort }).max(10_000, { error: V.tooLong }).default(1),
  pageSize: z
    .number({ error: typeError })
    .refine((n) => (LOG_PAGE_SIZES as readonly number[]).includes(n), { error: V.invalidChoice })
    .default(20),
};
const days = { from: day.optional(), to: day.optional() };
const inOrder = (q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'logs.toBeforeFrom' });
};

/** An account as the logs name it: a staff member by login name, an applicant by number, never by ID number. */
export interface LogAccount {
  userId: number;
  kind: 'staff' | 'applicant' | 'external';
  loginName: string | null;
  applicantNumber: string | null;
  name: string;
}

/** POST /mucgrs-service/staff/logs/audit: the audit trail, newest first. */
export const auditLogRequest = z
  .object({
    event: choice(AUDIT_EVENTS).optional(),
    /** Any part of the acting account's login name, name or applicant number. */
    actor: part(64).optional(),
    /** Any part of the subject: the login name or number an event concerns. */
    subject: part(100).optional(),
    ...days,
    ...page,
  })
  .strict()
  .superRefine(inOrder);
export type AuditLogRequest = z.input<typeof auditLogRequest>;
export type AuditLogQuery = z.output<typeof auditLogRequest>;

export interface AuditLogRow {
  id: number;
  at: string;
  event: AuditEvent;
  /** Who acted (for a failed sign-in, the account tried); null for the portal itself or an account since removed. */
  actor: LogAccount | null;
  /** The login name or number the event concerns (a sign-in's is `staff:<login>` or `<register type>:<number>`). */
  subject: string | null;
  ip: string | null;
  /**
   * What was set, as recorded; null when nothing was. For an act on an applicant's record (a
   * decision, a score, a ticket, a photo review) only what places it (area, year, stage, kind): the
   * outcome itself is the applicant's record, which the system administrator does not read.
   */
  detail: Record<string, unknown> | null;
}

export interface AuditLogView {
  total: number;
  pageNum: number;
  pageSize: number;
  rows: AuditLogRow[];
}

/** POST /mucgrs-service/staff/logs/verify: walks the whole chain. */
export const auditVerifyRequest = z.object({}).strict();
export interface AuditChainView {
  entries: number;
  intact: boolean;
  /** The first entry whose hash does not follow from its content and the entry before it. */
  firstBroken: { id: number; at: string; event: string } | null;
  /** The newest entry's hash: written down elsewhere, it shows later whether the newest entries were rewritten too. */
  newestHash: string | null;
}

/** POST /mucgrs-service/staff/logs/signIns: sign-ins, failures, throttled attempts and sign-outs, newest first. */
export const signInLogRequest = z
  .object({
    outcome: choice(SIGN_IN_OUTCOMES).optional(),
    /** Any part of the login name or number tried, or of the account's name. */
    account: part(64).optional(),
    /** The beginning of the address. */
    ip: part(64).optional(),
    ...days,
    ...page,
  })
  .strict()
  .superRefine(inOrder);
export type SignInLogRequest = z.input<typeof signInLogRequest>;
export type SignInLogQuery = z.output<typeof signInLogRequest>;

export interface SignInLogRow {
  id: number;
  at: string;
  outcome: SignInOutcome;
  /** What was typed: a staff login name or an applicant's number; null when not recorded. */
  tried: string | null;
  /** The register type a number was tried under; null for staff. */
  registerType: number | null;
  /** The account it names, when one exists (a failure on an unknown name has none). */
  account: LogAccount | null;
  ip: string | null;
}

export interface SignInLogView {
  total: number;
  pageNum: number;
  pageSize: number;
  rows: SignInLogRow[];
}

/** POST /mucgrs-service/staff/sessions/online: live sessions (not signed out, not expired), latest activity first. */
export const onlineSessionsRequest = z.object({ ...page }).strict();
export type OnlineSessionsRequest = z.input<typeof onlineSessionsRequest>;

export interface OnlineSessionRow {
  sessionId: number;
  user: LogAccount;
  /** The role the session acts in now. */
  role: string;
  startedAt: string;
  /** To the minute: a session's activity is written at most once a minute. */
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  /** The caller's own session: signed out with the Sign out button, not from here. */
  self: boolean;
}

export interface OnlineSessionsView {
  total: number;
  pageNum: number;
  pageSize: number;
  rows: OnlineSessionRow[];
}

/** POST /mucgrs-service/staff/sessions/signOut: ends that session at once; audited with the reason. */
export const forcedSignOutRequest = z.object({ sessionId: id, reason: requiredText(200) }).strict();
export type ForcedSignOutRequest = z.input<typeof forcedSignOutRequest>;
