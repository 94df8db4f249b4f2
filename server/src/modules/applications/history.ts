import type { HistoryEntry, HistoryEvent } from '@gradus/contract';
import type { DB } from '../../db/database';
import type { LoadedApplication } from './target';

/** The staff events of the audit table that belong in a record's history, and how each reads. */
const STAFF_EVENTS: Record<string, HistoryEvent> = {
  'form.return': 'formReturned',
  'photo.review': 'photoReviewed',
  'review.decide': 'decided',
  'review.withdraw': 'decisionWithdrawn',
  'application.revealId': 'idRevealed',
  'review.correctScore': 'scoreCorrected',
  'review.declareConflict': 'conflictDeclared',
  'review.unassign': 'unassigned',
};

/** What of an audit row's detail the history shows: plain values, lists joined. */
const SHOWN = ['sections', 'reason', 'returnedUntil', 'outcome', 'stage', 'expert'] as const;

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/**
 * The record's history, newest first: what the applicant did (from their records: registering,
 * submitting, paying, uploading) and what staff did (from the audit table, which keeps every
 * decision, not only the latest). Staff events name the applicant by number, never by ID number.
 */
export async function fileHistory(db: DB, loaded: LoadedApplication): Promise<HistoryEntry[]> {
  const { target } = loaded;
  const cycle = { user: target.applicantUserId, year: target.recruitYear, area: target.area };
  const [account, form, orders, materials, assignments, audited] = await Promise.all([
    db.selectFrom('app_user').select('created_at').where('id', '=', cycle.user).executeTakeFirstOrThrow(),
    db.selectFrom('application_form').select('submitted_at').where('id', '=', loaded.applicationId).executeTakeFirstOrThrow(),
    db
      .selectFrom('payment_order')
      .select(['order_no', 'paid_at'])
      .where('user_id', '=', cycle.user)
      .where('recruit_year', '=', cycle.year)
      .where('area', '=', cycle.area)
      .where('status', '=', 'paid')
      .execute(),
    db
      .selectFrom('application_material as m')
      .innerJoin('stored_file as f', 'f.id', 'm.stored_file_id')
      .select(['m.category', 'm.created_at', 'f.original_name'])
      .where('m.user_id', '=', cycle.user)
      .where('m.recruit_year', '=', cycle.year)
      .where('m.area', '=', cycle.area)
      .execute(),
    db
      .selectFrom('expert_assignment as a')
      .innerJoin('app_user as e', 'e.id', 'a.expert_user_id')
      .leftJoin('app_user as by', 'by.id', 'a.assigned_by')
      .select(['a.assigned_at', 'a.stage', 'e.name as expert', 'by.name as by_name'])
      .where('a.applicant_user_id', '=', cycle.user)
      .where('a.recruit_year', '=', cycle.year)
      .where('a.area', '=', cycle.area)
      .execute(),
    loaded.applicantNumber
      ? db
          .selectFrom('audit_event as e')
          .leftJoin('app_user as by', 'by.id', 'e.user_id')
          .select(['e.at', 'e.event', 'e.detail', 'by.name as by_name'])
          .where('e.subject', '=', loaded.applicantNumber)
          .where('e.event', 'in', Object.keys(STAFF_EVENTS))
          .execute()
      : Promise.resolve([]),
  ]);
  const entries: HistoryEntry[] = [{ at: iso(account.created_at), event: 'registered', by: null, detail: {} }];
  if (form.submitted_at !== null) entries.push({ at: iso(form.submitted_at), event: 'formSubmitted', by: null, detail: {} });
  for (const o of orders) if (o.paid_at !== null) entries.push({ at: iso(o.paid_at), event: 'orderPaid', by: null, detail: { orderNo: o.order_no } });
  for (const m of materials) entries.push({ at: iso(m.created_at), event: 'materialUploaded', by: null, detail: { category: m.category, fileName: m.original_name } });
  for (const a of assignments) entries.push({ at: iso(a.assigned_at), event: 'assigned', by: a.by_name, detail: { expert: a.expert, stage: a.stage } });
  for (const e of audited) {
    const detail = shownDetail(e.detail);
    // An audit row of another cycle of the same applicant (a returning candidate) stays out.
    if (detail.recruitYear && detail.recruitYear !== cycle.year) continue;
    delete detail.recruitYear;
    entries.push({ at: iso(e.at), event: STAFF_EVENTS[e.event]!, by: e.by_name, detail });
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at));
}

function shownDetail(json: string | null): Record<string, string> {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = json ? (JSON.parse(json) as Record<string, unknown>) : {};
  } catch {
    // A malformed row shows as the event alone.
  }
  const shown: Record<string, string> = {};
  for (const key of [...SHOWN, 'recruitYear'] as const) {
    const value = parsed[key];
    if (value === null || value === undefined || value === '') continue;
    shown[key] = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  }
  return shown;
}
