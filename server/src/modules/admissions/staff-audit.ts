import type { DB } from '../../db/database';
import { audit, type AuditEvent } from '../audit/service';

/**
 * Who acts on an applicant's cycle: a staff account, in the back office or through `npm run
 * admin --as <login>`. Only the portal itself (the demo seed) acts as nobody.
 */
export interface StaffActor {
  staffUserId: number | null;
}
export const PORTAL_ACTOR: StaffActor = { staffUserId: null };

/** What staff change in an applicant's cycle; each leaves an audit_event row. */
export type StaffAuditEvent = Extract<AuditEvent, `${'application' | 'form' | 'photo' | 'review' | 'ticket' | 'score' | 'cycle' | 'camps' | 'tmsInterview' | 'tmsOffer' | 'admission' | 'payment'}.${string}`>;

/**
 * Staff actions in the shared audit table. `subject` is the applicant's number (never an ID
 * number); `detail` says what was set.
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
