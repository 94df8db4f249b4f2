import {
  DOCTOR_AREA,
  ReplyCode,
  type AdmissionArea,
  type ExamSessionSummary,
  type ExamSessionsView,
  type SaveExamSessionRequest,
  type TicketKind,
} from '@gradus/contract';
import type { DB } from '../../../db/database';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/app-error';
import { staffAudit, type StaffActor } from '../../admissions/staff-audit';
import { currentRecruitYear } from '../../user/repo';
import { batchView, latestBatches } from './batch-store';
import { qualifiedCounts, ticketsChanged } from './seating';

/** Tickets are the doctoral cycle's (the foreign-language exam and the comprehensive assessment). */
export interface ExamCycle {
  area: AdmissionArea;
  recruitYear: string;
}

export async function examCycle(db: DB): Promise<ExamCycle> {
  const recruitYear = await currentRecruitYear(db);
  if (!recruitYear) throw new AppError(ReplyCode.CONFLICT, 'review.noCurrentYear');
  return { area: DOCTOR_AREA, recruitYear };
}

export interface LoadedExamSession {
  id: number;
  area: AdmissionArea;
  recruitYear: string;
  kind: TicketKind;
  subject: string;
  startsAt: number;
  endsAt: number;
  venue: string;
  notes: string;
  version: number;
}

export async function loadExamSession(db: DB, sessionId: number): Promise<LoadedExamSession> {
  const row = await db.selectFrom('exam_session').selectAll().where('id', '=', sessionId).executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.NOT_FOUND, 'exams.sessionNotFound');
  return {
    id: row.id,
    area: row.area as AdmissionArea,
    recruitYear: row.recruit_year,
    kind: row.kind as TicketKind,
    subject: row.subject,
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    venue: row.venue,
    notes: row.notes,
    version: row.version,
  };
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** The year's sessions with their rooms, how full each is, and the latest printing of their tickets. */
export async function examSessions(db: DB, cycle: ExamCycle, kind?: TicketKind): Promise<ExamSessionsView> {
  let query = db.selectFrom('exam_session').selectAll().where('area', '=', cycle.area).where('recruit_year', '=', cycle.recruitYear);
  if (kind) query = query.where('kind', '=', kind);
  const sessions = await query.orderBy('starts_at').orderBy('id').execute();
  const ids = sessions.map((s) => s.id);
  const [rooms, seated, batches, qualified] = await Promise.all([
    ids.length ? db.selectFrom('exam_room').selectAll().where('session_id', 'in', ids).orderBy('position').execute() : [],
    ids.length
      ? db.selectFrom('exam_ticket').select(['room_id', (eb) => eb.fn.countAll<number>().as('n')]).where('session_id', 'in', ids).groupBy('room_id').execute()
      : [],
    latestBatches(db, ids),
    qualifiedCounts(db, cycle),
  ]);
  const seatedIn = new Map(seated.map((r) => [r.room_id, Number(r.n)]));
  const summaries: ExamSessionSummary[] = sessions.map((s) => {
    const own = rooms.filter((r) => r.session_id === s.id).map((r) => ({ id: r.id, name: r.name, capacity: r.capacity, seated: seatedIn.get(r.id) ?? 0 }));
    const batch = batches.get(s.id) ?? null;
    return {
      id: s.id,
      kind: s.kind as TicketKind,
      subject: s.subject,
      startsAt: iso(s.starts_at),
      endsAt: iso(s.ends_at),
      venue: s.venue,
      notes: s.notes,
      rooms: own,
      seated: own.reduce((n, r) => n + r.seated, 0),
      capacity: own.reduce((n, r) => n + r.capacity, 0),
      version: s.version,
      batch: batch ? batchView(batch) : null,
      changedSinceBatch: batch?.state === 'done' && batch.revision !== s.tickets_revision,
    };
  });
  return { recruitYear: cycle.recruitYear, sessions: summaries, qualified };
}

/**
 * Another sitting in the same room of the same venue at an overlapping time: two groups would
 * meet at the door. Sessions are compared by their rooms; tickets arranged on their own (the
 * command line) by their room too, so the seat rule of results/staff.ts holds here as well.
 */
async function roomClash(db: DB, sessionId: number | null, input: { venue: string; startsAt: number; endsAt: number; rooms: string[] }) {
  const names = input.rooms.map((r) => r.trim());
  let sessions = db
    .selectFrom('exam_room as r')
    .innerJoin('exam_session as s', 's.id', 'r.session_id')
    .select(['r.name', 's.subject', 's.starts_at'])
    .where('s.venue', '=', input.venue)
    .where('r.name', 'in', names)
    .where('s.starts_at', '<', input.endsAt)
    .where('s.ends_at', '>', input.startsAt);
  if (sessionId !== null) sessions = sessions.where('s.id', '!=', sessionId);
  const other = await sessions.executeTakeFirst();
  if (other) return { room: other.name, subject: other.subject };
  const loose = await db
    .selectFrom('exam_ticket')
    .select(['room', 'subject'])
    .where('session_id', 'is', null)
    .where('venue', '=', input.venue)
    .where('room', 'in', names)
    .where('starts_at', '<', input.endsAt)
    .where('ends_at', '>', input.startsAt)
    .executeTakeFirst();
  return loose ? { room: loose.room, subject: loose.subject } : null;
}

/**
 * Creates or changes a session. Its tickets are rewritten with it (time, place, subject, notes,
 * a renamed room), so what an applicant prints is always the session as it stands. A room that
 * still seats someone cannot be removed or shrunk below its highest seat; the kind cannot change
 * once anyone is seated (they qualified for the other exam).
 */
export async function saveExamSession(db: DB, now: number, cycle: ExamCycle, input: SaveExamSessionRequest, actor: StaffActor): Promise<number> {
  const startsAt = Date.parse(input.startsAt);
  const endsAt = Date.parse(input.endsAt);
  const venue = input.venue.trim();
  const fields = { kind: input.kind, subject: input.subject.trim(), starts_at: startsAt, ends_at: endsAt, venue, notes: input.notes?.trim() ?? '' };
  const clash = await roomClash(db, input.id ?? null, { venue, startsAt, endsAt, rooms: input.rooms.map((r) => r.name) });
  if (clash) throw new AppError(ReplyCode.CONFLICT, 'exams.roomBooked', clash);

  const sessionId = await inTransaction(db, async (trx) => {
    let id: number;
    if (input.id === undefined) {
      const row = await trx
        .insertInto('exam_session')
        .values({ area: cycle.area, recruit_year: cycle.recruitYear, ...fields, version: 1, created_by: actor.staffUserId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } else {
      const current = await loadExamSession(trx, input.id);
      if (current.area !== cycle.area || current.recruitYear !== cycle.recruitYear) throw new AppError(ReplyCode.NOT_FOUND, 'exams.sessionNotFound');
      const seated = await trx.selectFrom('exam_ticket').select((eb) => eb.fn.countAll<number>().as('n')).where('session_id', '=', current.id).executeTakeFirstOrThrow();
      if (current.kind !== input.kind && Number(seated.n) > 0) throw new AppError(ReplyCode.CONFLICT, 'exams.kindLocked');
      // The version is bumped by the same statement that checks it: of two saves of one version, one wins.
      const updated = await trx
        .updateTable('exam_session')
        .set((eb) => ({ ...fields, version: eb('version', '+', 1) }))
        .where('id', '=', current.id)
        .where('version', '=', input.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new AppError(ReplyCode.CONFLICT, 'exams.changedMeanwhile');
      id = current.id;
    }
    await saveRooms(trx, id, input.rooms);
    // The tickets print what the session says now; a printing made before is then out of date.
    const printed = await trx
      .updateTable('exam_ticket')
      .set({ subject: fields.subject, starts_at: startsAt, ends_at: endsAt, venue, notes: fields.notes })
      .where('session_id', '=', id)
      .where((eb) => eb.or([eb('subject', '!=', fields.subject), eb('starts_at', '!=', startsAt), eb('ends_at', '!=', endsAt), eb('venue', '!=', venue), eb('notes', '!=', fields.notes)]))
      .executeTakeFirst();
    let changed = Number(printed.numUpdatedRows);
    const rooms = await trx.selectFrom('exam_room').select(['id', 'name']).where('session_id', '=', id).execute();
    for (const room of rooms) {
      const renamed = await trx.updateTable('exam_ticket').set({ room: room.name }).where('room_id', '=', room.id).where('room', '!=', room.name).executeTakeFirst();
      changed += Number(renamed.numUpdatedRows);
    }
    if (changed > 0) await ticketsChanged(trx, id);
    return id;
  });
  await staffAudit(db, now, 'ticket.sessionSave', actor, {
    subject: null,
    detail: { sessionId, recruitYear: cycle.recruitYear, kind: input.kind, subject: fields.subject, startsAt: input.startsAt, endsAt: input.endsAt, venue, rooms: input.rooms.map((r) => `${r.name.trim()}:${r.capacity}`) },
  });
  return sessionId;
}

async function saveRooms(trx: DB, sessionId: number, rooms: SaveExamSessionRequest['rooms']): Promise<void> {
  const existing = await trx.selectFrom('exam_room').selectAll().where('session_id', '=', sessionId).execute();
  const highestSeat = new Map<number, number>();
  for (const row of await trx.selectFrom('exam_ticket').select(['room_id', 'seat']).where('session_id', '=', sessionId).execute()) {
    if (row.room_id !== null) highestSeat.set(row.room_id, Math.max(highestSeat.get(row.room_id) ?? 0, Number(row.seat) || 0));
  }
  const kept = new Set(rooms.flatMap((r) => (r.id === undefined ? [] : [r.id])));
  for (const room of existing) {
    if (kept.has(room.id)) continue;
    if (highestSeat.has(room.id)) throw new AppError(ReplyCode.CONFLICT, 'exams.roomHasSeats', { room: room.name });
    await trx.deleteFrom('exam_room').where('id', '=', room.id).execute();
  }
  // Names are unique per session: park the kept rooms' names first, so two rooms may swap names.
  for (const room of existing) if (kept.has(room.id)) await trx.updateTable('exam_room').set({ name: `~${room.id}~` }).where('id', '=', room.id).execute();
  for (const [position, room] of rooms.entries()) {
    const values = { name: room.name.trim(), capacity: room.capacity, position };
    if (room.id === undefined) {
      await trx.insertInto('exam_room').values({ session_id: sessionId, ...values }).execute();
      continue;
    }
    const before = existing.find((r) => r.id === room.id);
    if (!before) throw new AppError(ReplyCode.NOT_FOUND, 'exams.roomNotFound');
    const highest = highestSeat.get(room.id) ?? 0;
    if (room.capacity < highest) throw new AppError(ReplyCode.CONFLICT, 'exams.capacityBelowSeats', { room: values.name, seat: highest });
    await trx.updateTable('exam_room').set(values).where('id', '=', room.id).execute();
  }
}

/** A session goes only when nobody is seated in it: its tickets may already be printed and in hand. */
export async function deleteExamSession(db: DB, now: number, session: LoadedExamSession, version: number, actor: StaffActor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const seated = await trx.selectFrom('exam_ticket').select((eb) => eb.fn.countAll<number>().as('n')).where('session_id', '=', session.id).executeTakeFirstOrThrow();
    if (Number(seated.n) > 0) throw new AppError(ReplyCode.CONFLICT, 'exams.sessionHasSeats', { count: Number(seated.n) });
    const removed = await trx.deleteFrom('exam_session').where('id', '=', session.id).where('version', '=', version).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw new AppError(ReplyCode.CONFLICT, 'exams.changedMeanwhile');
  });
  await staffAudit(db, now, 'ticket.sessionDelete', actor, { subject: null, detail: { sessionId: session.id, recruitYear: session.recruitYear, kind: session.kind, subject: session.subject } });
}
