import {
  DOCTOR_AREA,
  ID_PHOTO_CATEGORY,
  TICKET_PREREQUISITE,
  maskIdNumber,
  scoreDetailRow,
  scoreRelease,
  ticketRelease,
  type AdmissionTicketView,
  type ResultStage,
  type ReviewOutcome,
  type ReviewResultView,
  type ScoreDetailRow,
  type ScoreKind,
  type ScoreResultView,
  type TicketKind,
  type TicketResultView,
} from '@gradus/contract';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import { param, perDatabase, prepareQuery } from '../../../db/prepared';
import { cycleOf, releasedSet } from '../journey/releases';
import { fromHundredths } from './score-codec';

/**
 * What an applicant may read of their own results. Every read starts from the release switches
 * (as system-config/area-values.ts keeps them, dropped the moment one is written): nothing about an
 * unpublished stage, ticket or score leaves here, not even whether a record exists.
 */
interface Owner {
  userId: number;
  recruitYear: string;
  /** Whose cycle's releases count: gat for Hong Kong, Macao and Taiwan applicants. */
  registerType: number;
}

/** The two reads every applicant makes at a release, compiled once (db/prepared.ts). */
const resultQueries = perDatabase((db: DB) => ({
  decision: prepareQuery(db, (d) =>
    d
      .selectFrom('review_decision')
      .select(['outcome', 'reason', 'decided_at'])
      .where('user_id', '=', param(0) as unknown as number)
      .where('recruit_year', '=', param(1))
      .where('area', '=', DOCTOR_AREA)
      .where('stage', '=', param(2)),
  ),
  score: prepareQuery(db, (d) =>
    d
      .selectFrom('exam_score')
      .select(['score_hundredths', 'max_score_hundredths', 'detail_json', 'remark', 'recorded_at'])
      .where('user_id', '=', param(0) as unknown as number)
      .where('recruit_year', '=', param(1))
      .where('area', '=', DOCTOR_AREA)
      .where('kind', '=', param(2)),
  ),
}));

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/**
 * `asReleased`: the office's preview of what the applicant will read once the result is released
 * ("view as applicant"), whatever its switch says now. Never set on an applicant's own call.
 */
export interface ReadAs {
  asReleased?: boolean;
}

export async function reviewResult(db: DB, owner: Owner, stage: ResultStage, read: ReadAs = {}): Promise<ReviewResultView> {
  if (!read.asReleased && !(await releasedSet(db, cycleOf(owner), owner.recruitYear)).has(stage)) return { published: false };
  const [row] = await resultQueries(db).decision(owner.userId, owner.recruitYear, stage);
  if (!row) return { published: true, outcome: null, reason: null, decidedAt: null };
  return { published: true, outcome: row.outcome as ReviewOutcome, reason: row.reason, decidedAt: iso(row.decided_at) };
}

export interface TicketRecord {
  ticketNo: string;
  kind: TicketKind;
  subject: string;
  startsAt: number;
  endsAt: number;
  venue: string;
  room: string;
  seat: string;
  notes: string;
  verifyCode: string;
  userId: number;
  recruitYear: string;
}

/**
 * A ticket counts only while its holder still passes the review before the exam and both that
 * review and the tickets are published: a ticket on its own would reveal the review's outcome.
 */
async function publishedTicket(db: DB, where: { owner: Owner; kind: TicketKind; asReleased?: boolean } | { verifyCode: string }): Promise<TicketRecord | null | 'unpublished'> {
  const asReleased = 'owner' in where && where.asReleased === true;
  let query = db
    .selectFrom('exam_ticket as t')
    .innerJoin('app_user as u', 'u.id', 't.user_id')
    .select(['t.ticket_no', 't.kind', 't.subject', 't.starts_at', 't.ends_at', 't.venue', 't.room', 't.seat', 't.notes', 't.verify_code', 't.user_id', 't.recruit_year', 'u.user_register_type']);
  if ('verifyCode' in where) {
    query = query.where('t.verify_code', '=', where.verifyCode);
  } else {
    const kind = where.kind;
    const released = await releasedSet(db, cycleOf(where.owner), where.owner.recruitYear);
    if (!asReleased && (!released.has(ticketRelease(kind)) || !released.has(TICKET_PREREQUISITE[kind]))) return 'unpublished';
    query = query.where('t.user_id', '=', where.owner.userId).where('t.recruit_year', '=', where.owner.recruitYear).where('t.kind', '=', kind);
  }
  // Every doctoral ticket, a verification code's too: another area's tickets have their own rules.
  query = query.where('t.area', '=', DOCTOR_AREA);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const kind = row.kind as TicketKind;
  // The ticket's own cycle decides: last year's ticket by last year's switches, a Hong Kong applicant's by the gat cycle's.
  const released = await releasedSet(db, cycleOf({ registerType: Number(row.user_register_type) }), row.recruit_year);
  if (!asReleased && (!released.has(ticketRelease(kind)) || !released.has(TICKET_PREREQUISITE[kind]))) return 'verifyCode' in where ? null : 'unpublished';
  const passed = await db
    .selectFrom('review_decision')
    .select('id')
    .where('user_id', '=', row.user_id)
    .where('recruit_year', '=', row.recruit_year)
    .where('area', '=', DOCTOR_AREA)
    .where('stage', '=', TICKET_PREREQUISITE[kind])
    .where('outcome', '=', 'pass')
    .executeTakeFirst();
  if (!passed) return null;
  return {
    ticketNo: row.ticket_no,
    kind,
    subject: row.subject,
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    venue: row.venue,
    room: row.room,
    seat: row.seat,
    notes: row.notes,
    verifyCode: row.verify_code,
    userId: row.user_id,
    recruitYear: row.recruit_year,
  };
}

export async function applicantTicket(db: DB, owner: Owner, kind: TicketKind): Promise<TicketRecord | null | 'unpublished'> {
  return publishedTicket(db, { owner, kind });
}

/** The ticket a verification code names, if it is a genuine, published, still valid one. */
export async function ticketByVerifyCode(db: DB, code: string): Promise<(TicketRecord & { name: string }) | null> {
  const ticket = await publishedTicket(db, { verifyCode: code });
  if (!ticket || ticket === 'unpublished') return null;
  const user = await db.selectFrom('app_user').select('name').where('id', '=', ticket.userId).executeTakeFirstOrThrow();
  return { ...ticket, name: user.name };
}

export interface TicketHolder {
  name: string;
  applicantNumber: string;
  idNumber: string | null;
}

export async function ticketHolder(db: DB, userId: number): Promise<TicketHolder> {
  const row = await db.selectFrom('app_user').select(['name', 'applicant_number', 'id_number']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { name: row.name, applicantNumber: row.applicant_number ?? '', idNumber: row.id_number };
}

/**
 * The presenter: the only place a ticket row becomes a reply; the ID number leaves masked.
 * `photoPath` is the approved ID photo's file path (read through getFileByte), null for the empty frame.
 */
export function ticketView(ticket: TicketRecord, holder: TicketHolder, photoPath: string | null = null): AdmissionTicketView {
  return {
    ticketNo: ticket.ticketNo,
    kind: ticket.kind,
    name: holder.name,
    applicantNumber: holder.applicantNumber,
    idNumber: holder.idNumber ? maskIdNumber(holder.idNumber) : '',
    subject: ticket.subject,
    startsAt: iso(ticket.startsAt),
    endsAt: iso(ticket.endsAt),
    venue: ticket.venue,
    room: ticket.room,
    seat: ticket.seat,
    notes: ticket.notes,
    photoPath,
  };
}

export async function ticketResult(db: DB, owner: Owner, kind: TicketKind, read: ReadAs = {}): Promise<TicketResultView> {
  const ticket = await publishedTicket(db, { owner, kind, ...read });
  if (ticket === 'unpublished') return { published: false };
  if (!ticket) return { published: true, ticket: null };
  const [holder, photo] = await Promise.all([ticketHolder(db, owner.userId), approvedIdPhoto(db, owner)]);
  return { published: true, ticket: ticketView(ticket, holder, photo?.filePath ?? null) };
}

/** Rows written by an older tool are shown as far as they are readable, never as a failure. */
function parseDetail(json: string): ScoreDetailRow[] {
  try {
    const parsed = z.array(scoreDetailRow).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export async function scoreResult(db: DB, owner: Owner, kind: ScoreKind, read: ReadAs = {}): Promise<ScoreResultView> {
  if (!read.asReleased && !(await releasedSet(db, cycleOf(owner), owner.recruitYear)).has(scoreRelease(kind))) return { published: false };
  const [row] = await resultQueries(db).score(owner.userId, owner.recruitYear, kind);
  if (!row) return { published: true, score: null };
  return {
    published: true,
    score: {
      kind,
      score: fromHundredths(row.score_hundredths),
      maxScore: fromHundredths(row.max_score_hundredths),
      detail: parseDetail(row.detail_json), remark: row.remark, recordedAt: iso(row.recorded_at) },
  };
}

const PHOTO_TYPES = ['image/jpeg', 'image/png'];

/**
 * The ID photo a ticket shows: the latest approved one. A photo still waiting for review, or
 * rejected, is not the applicant's likeness as the school accepted it; then the frame stays empty.
 */
export async function approvedIdPhoto(db: DB, owner: Owner): Promise<{ filePath: string; storageKey: string } | null> {
  const row = await db
    .selectFrom('application_material as m')
    .innerJoin('stored_file as f', 'f.id', 'm.stored_file_id')
    .select(['f.file_path', 'f.storage_key', 'f.mime_type'])
    .where('m.user_id', '=', owner.userId)
    .where('m.recruit_year', '=', owner.recruitYear)
    .where('m.area', '=', DOCTOR_AREA)
    .where('m.category', '=', ID_PHOTO_CATEGORY)
    .where('m.status', '=', 'approved')
    .orderBy('m.id', 'desc')
    .executeTakeFirst();
  if (!row || !PHOTO_TYPES.includes(row.mime_type)) return null;
  return { filePath: row.file_path, storageKey: row.storage_key };
}

/** The approved ID photo's bytes, for the PDF ticket; null if there is none or its file is gone. */
export async function ticketPhotoBytes(ctx: AppContext, owner: Owner): Promise<Buffer | null> {
  const photo = await approvedIdPhoto(ctx.db, owner);
  if (!photo || !(await ctx.storage.exists(photo.storageKey))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.storage.open(photo.storageKey)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
