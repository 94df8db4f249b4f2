import {
  SIGN_IN_EVENTS,
  SIGN_IN_OUTCOMES,
  type AuditEvent,
  type AuditLogQuery,
  type AuditLogView,
  type LogAccount,
  type SignInLogQuery,
  type SignInLogView,
  type SignInOutcome,
} from '@gradus/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { AuditEventTable, Database, DB } from '../../db/database';

/** Beijing keeps no daylight saving: a calendar day there starts at 00:00+08:00. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00+08:00`);
const DAY_MS = 86_400_000;
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => sql<string>`${`%${literal(text.toLowerCase())}%`} escape '\\'`;
const startingWith = (text: string) => sql<string>`${`${literal(text)}%`} escape '\\'`;

const entries = (db: DB) => db.selectFrom('audit_event as e');
type Events = ReturnType<typeof entries>;
type Entry = ExpressionBuilder<Database & { e: AuditEventTable }, 'e'>;

/** Entries by an account whose login name, name or applicant number contains `text`. */
const byAccount = (eb: Entry, text: string) =>
  eb(
    'e.user_id',
    'in',
    eb
      .selectFrom('app_user as a')
      .select('a.id')
      .where((a) => a.or([a(a.fn('lower', ['a.login_name']), 'like', containing(text)), a(a.fn('lower', ['a.name']), 'like', containing(text)), a('a.applicant_number', 'like', containing(text))])),
  );

function withinDays(events: Events, query: { from?: string | undefined; to?: string | undefined }): Events {
  let q = events;
  if (query.from) q = q.where('e.at', '>=', dayStart(query.from));
  if (query.to) q = q.where('e.at', '<', dayStart(query.to) + DAY_MS);
  return q;
}

/** One page of matching entries newest first, with the acting account, and how many match in all. */
async function pageOf(events: Events, query: { pageNum: number; pageSize: number }) {
  const [count, rows] = await Promise.all([
    events.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    events
      .leftJoin('app_user as u', 'u.id', 'e.user_id')
      .select(['e.id', 'e.at', 'e.event', 'e.user_id', 'e.subject', 'e.ip', 'e.detail', 'u.id as account_id', 'u.kind', 'u.login_name', 'u.applicant_number', 'u.name'])
      .orderBy('e.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), rows };
}

type Joined = Awaited<ReturnType<typeof pageOf>>['rows'][number];

function accountOf(row: Joined): LogAccount | null {
  if (row.account_id === null || row.kind === null || row.name === null) return null;
  return { userId: row.account_id, kind: row.kind as LogAccount['kind'], loginName: row.login_name, applicantNumber: row.applicant_number, name: row.name };
}

/** What was set, as recorded; an entry whose detail no longer reads as JSON (see verify) shows none. */
/**
 * Events that record what was decided about an applicant: a decision, a score, a ticket, a photo's
 * reason. The system administrator reads who did what and when, not the applicant's record (no role
 * of theirs reads it, and before a release nothing of it may leave the server): of their detail only
 * what places the act is shown.
 */
const APPLICANT_RECORD_EVENTS: ReadonlySet<string> = new Set([
  'form.return',
  'photo.review',
  'review.decide',
  'review.withdraw',
  'camps.admit',
  'camps.waitlist',
  'camps.withdraw',
  'camps.confirm',
  'camps.decline',
  'camps.undoDecline',
  'camps.expire',
  'camps.promote',
  'ticket.assign',
  'score.record',
  'admission.post',
  'payment.record',
  'application.revealId',
  'application.batch',
  'review.correctScore',
  'review.qualify',
  'review.declareConflict',
  'review.assign',
  'review.unassign',
  'review.interviewSave',
]);
const PLACING_FIELDS: ReadonlySet<string> = new Set(['area', 'recruitYear', 'stage', 'kind', 'programmeId', 'session', 'sessionId']);

function detailOf(event: string, text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    if (!APPLICANT_RECORD_EVENTS.has(event)) return value as Record<string, unknown>;
    const placed = Object.entries(value).filter(([key]) => PLACING_FIELDS.has(key));
    return placed.length ? Object.fromEntries(placed) : null;
  } catch {
    return null;
  }
}

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** The audit trail, filtered, newest first. */
export async function auditLog(db: DB, query: AuditLogQuery): Promise<AuditLogView> {
  let events = entries(db);
  if (query.event) events = events.where('e.event', '=', query.event);
  if (query.actor) {
    const actor = query.actor;
    events = events.where((eb) => byAccount(eb, actor));
  }
  if (query.subject) events = events.where((eb) => eb(eb.fn('lower', ['e.subject']), 'like', containing(query.subject!)));
  const { total, rows } = await pageOf(withinDays(events, query), query);
  return {
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    rows: rows.map((r) => ({
      id: r.id,
      at: iso(r.at),
      // audit() writes no other kind of event.
      event: r.event as AuditEvent,
      actor: accountOf(r),
      subject: r.subject,
      ip: r.ip,
      detail: detailOf(r.event, r.detail),
    })),
  };
}

const OUTCOME_OF = new Map<string, SignInOutcome>(SIGN_IN_OUTCOMES.map((o) => [SIGN_IN_EVENTS[o], o]));

/** A sign-in's subject is `staff:<login name>` or `<register type>:<number>` (auth/login.ts). */
function triedOf(subject: string | null): { tried: string | null; registerType: number | null } {
  if (subject === null) return { tried: null, registerType: null };
  const staff = /^staff:(.*)$/.exec(subject);
  if (staff) return { tried: staff[1]!, registerType: null };
  const applicant = /^(\d+):(.*)$/.exec(subject);
  if (applicant) return { tried: applicant[2]!, registerType: Number(applicant[1]) };
  return { tried: subject, registerType: null };
}

/** Sign-ins, failures, throttled attempts and sign-outs, newest first: who signed in, from where, what failed. */
export async function signInLog(db: DB, query: SignInLogQuery): Promise<SignInLogView> {
  let events = entries(db);
  events = query.outcome ? events.where('e.event', '=', SIGN_IN_EVENTS[query.outcome]) : events.where('e.event', 'in', Object.values(SIGN_IN_EVENTS));
  if (query.account) {
    const account = query.account;
    events = events.where((eb) => eb.or([eb(eb.fn('lower', ['e.subject']), 'like', containing(account)), byAccount(eb, account)]));
  }
  if (query.ip) events = events.where('e.ip', 'like', startingWith(query.ip));
  const { total, rows } = await pageOf(withinDays(events, query), query);
  return {
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    rows: rows.map((r) => ({ id: r.id, at: iso(r.at), outcome: OUTCOME_OF.get(r.event)!, ...triedOf(r.subject), account: accountOf(r), ip: r.ip })),
  };
}
