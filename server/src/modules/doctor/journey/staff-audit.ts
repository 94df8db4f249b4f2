import type { DB } from '../../../db/database';
import { audit, type AuditEvent } from '../../audit/service';

/** Who acts: the staff account in the back office; null from the CLI (a shell on the server). */
export interface StaffActor {
  staffUserId: number | null;
}
export const CLI_ACTOR: StaffActor = { staffUserId: null };

/** What staff change in an applicant's cycle; each leaves an audit_event row. */
export type StaffAuditEvent = Extract<AuditEvent, `doctor.${string}`>;

/**
 * Staff actions on the doctoral cycle, in the shared audit table. `subject` is the applicant's
 * registration number (never an ID number); `detail` says what was set.
 */
export async function staffAudit(
  db: DB,
  now: number,
  event: StaffAuditEvent,
  actor: StaffActor,
  fields: { subject?: string | null; detail: Record<string, unknown> },
): Promise<void> {
  await audit(db, now, event, { userId: actor.staffUserId, subject: fields.subject ?? null, detail: fields.detail });
}
