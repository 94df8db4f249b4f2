import type { DB } from '../../db/database';

export type AuditEvent =
  | 'register'
  | 'login.success'
  | 'login.failure'
  | 'login.throttled'
  | 'logout'
  | 'password.change'
  | 'password.reset.question'
  | 'password.reset.question.failure'
  | 'password.reset.email.requested'
  | 'password.reset.email.completed'
  | 'role.switch'
  | 'admin.create'
  // Staff acting on an applicant's cycle (the admin CLI now, the back office later), any area.
  | 'form.return'
  | 'photo.review'
  | 'review.decide'
  | 'ticket.assign'
  | 'score.record'
  | 'cycle.release'
  | 'cycle.stageWindow'
  | 'admission.post'
  | 'payment.record'
  // Staff reading what is masked by default: the full ID number, with the reason they gave.
  | 'application.revealId'
  // A batch on the list's selection (each application's own change has its own row too).
  | 'application.batch'
  // Interview sessions: the office sets one up, changes or removes it; the panel's secretary locks it.
  | 'review.interviewSave'
  | 'review.interviewDelete'
  | 'review.interviewLock'
  // The expert review: an office correction of a score (with its reason), a declared conflict, a cut-off applied.
  | 'review.correctScore'
  | 'review.declareConflict'
  | 'review.qualify'
  // The office running the expert review: rules, sheets, closing, who reviews what (the seed included).
  | 'review.settings'
  | 'review.sheet'
  | 'review.close'
  | 'review.autoAssign'
  | 'review.assign'
  | 'review.unassign'
  // External experts: the office records them and mails their links; the expert passes the identity step and declares.
  | 'review.externalExpert'
  | 'review.linkSent'
  | 'reviewLink.codeSent'
  | 'reviewLink.codeWrong'
  | 'reviewLink.verified'
  | 'reviewLink.declared'
  // The system administrator's staff accounts (the reason of a disable in the detail).
  | 'account.create'
  | 'account.update'
  | 'account.disable'
  | 'account.enable'
  | 'account.resetPassword';

/** Auth and staff events for the audit table. `subject` is the identifier tried, never a secret or ID number. */
export async function audit(
  db: DB,
  at: number,
  event: AuditEvent,
  fields: { userId?: number | null; subject?: string | null; ip?: string | null; detail?: Record<string, unknown> } = {},
): Promise<void> {
  await db
    .insertInto('audit_event')
    .values({
      at,
      event,
      user_id: fields.userId ?? null,
      subject: fields.subject ?? null,
      ip: fields.ip ?? null,
      detail: fields.detail ? JSON.stringify(fields.detail) : null,
    })
    .execute();
}
