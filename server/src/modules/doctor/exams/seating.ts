import { randomInt } from 'node:crypto';
import {
  ReplyCode,
  TICKET_KINDS,
  TICKET_PREREQUISITE,
  seatLabel,
  type ExamSeatsView,
  type MoveSeatRequest,
  type SeatAssignmentView,
  type TicketKind,
} from '@gradus/contract';
import type { DB } from '../../../db/database';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/app-error';
import { staffAudit, type StaffActor } from '../../admissions/staff-audit';
import { newVerifyCode, refuseTakenSeat } from '../results/staff';
import type { ExamCycle, LoadedExamSession } from './sessions';

/**
 * Who sits an exam: the applicants who passed the review before it (TICKET_PREREQUISITE), in the
 * order seats are given: by programme code, then applicant number, so a programme sits together
 * and the door list reads in number order.
 */
interface Qualified {
  userId: number;
  applicantNumber: string;
}

async function qualifiedApplicants(db: DB, cycle: ExamCycle, kind: TicketKind): Promise<Qualified[]> {
  const rows = await db
    .selectFrom('review_decision as d')
    .innerJoin('application_form as f', (j) => j.onRef('f.user_id', '=', 'd.user_id').onRef('f.recruit_year', '=', 'd.recruit_year').onRef('f.area', '=', 'd.area'))
    .leftJoin('programme as p', 'p.id', 'f.programme_id')
    .select(['d.user_id', 'f.applicant_number', 'p.code'])
    .where('d.area', '=', cycle.area)
    .where('d.recruit_year', '=', cycle.recruitYear)
    .where('d.stage', '=', TICKET_PREREQUISITE[kind])
    .where('d.outcome', '=', 'pass')
    .orderBy('p.code')
    .orderBy('f.applicant_number')
    .execute();
  return rows.map((r) => ({ userId: r.user_id, applicantNumber: r.applicant_number }));
}

/** Applicants who already hold a ticket of the kind this year (in any session, or arranged on their own). */
async function ticketHolders(db: DB, cycle: ExamCycle, kind: TicketKind): Promise<Set<number>> {
  const rows = await db.selectFrom('exam_ticket').select('user_id').where('area', '=', cycle.area).where('recruit_year', '=', cycle.recruitYear).where('kind', '=', kind).execute();
  return new Set(rows.map((r) => r.user_id));
}

export async function qualifiedCounts(db: DB, cycle: ExamCycle): Promise<Record<TicketKind, { total: number; unseated: number }>> {
  const counts = await Promise.all(
    TICKET_KINDS.map(async (kind) => {
      const [qualified, holders] = await Promise.all([qualifiedApplicants(db, cycle, kind), ticketHolders(db, cycle, kind)]);
      return [kind, { total: qualified.length, unseated: qualified.filter((q) => !holders.has(q.userId)).length }] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<TicketKind, { total: number; unseated: number }>;
}

/**
 * `count` ticket numbers of the year and kind no ticket has (e.g. 2027L048213): six random digits,
 * so a number says nothing about its holder's place in any list.
 */
async function freshTicketNumbers(db: DB, year: string, kind: TicketKind, count: number): Promise<string[]> {
  const prefix = `${year}${kind === 'language' ? 'L' : 'A'}`;
  const chosen = new Set<string>();
  for (let round = 0; chosen.size < count; round++) {
    if (round > 20) throw new Error('could not find free ticket numbers');
    const candidates = new Set<string>();
    while (candidates.size < count - chosen.size) {
      const candidate = `${prefix}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
      if (!chosen.has(candidate)) candidates.add(candidate);
    }
    const list = [...candidates];
    for (let i = 0; i < list.length; i += 500) {
      const taken = await db.selectFrom('exam_ticket').select('ticket_no').where('ticket_no', 'in', list.slice(i, i + 500)).execute();
      for (const t of taken) candidates.delete(t.ticket_no);
    }
    for (const c of candidates) chosen.add(c);
  }
  return [...chosen];
}

/**
 * Seats every qualified applicant who has no ticket of the kind yet, room by room in the
 * session's order, each in the lowest free seat. Those already seated keep their seats (a ticket
 * may be printed); those who do not fit are counted, for another room or session.
 */
export async function assignSeats(db: DB, now: number, cycle: ExamCycle, session: LoadedExamSession, actor: StaffActor): Promise<SeatAssignmentView> {
  const result = await inTransaction(db, async (trx) => {
    const [qualified, holders, rooms, taken] = await Promise.all([
      qualifiedApplicants(trx, cycle, session.kind),
      ticketHolders(trx, cycle, session.kind),
      trx.selectFrom('exam_room').select(['id', 'name', 'capacity']).where('session_id', '=', session.id).orderBy('position').execute(),
      trx.selectFrom('exam_ticket').select(['room_id', 'seat']).where('session_id', '=', session.id).execute(),
    ]);
    const waiting = qualified.filter((q) => !holders.has(q.userId));
    const occupied = new Set(taken.map((t) => `${t.room_id}/${Number(t.seat)}`));
    const seats: { roomId: number; room: string; seat: number }[] = [];
    for (const room of rooms) {
      for (let seat = 1; seat <= room.capacity && seats.length < waiting.length; seat++) {
        if (!occupied.has(`${room.id}/${seat}`)) seats.push({ roomId: room.id, room: room.name, seat });
      }
    }
    const seated = waiting.slice(0, seats.length);
    const numbers = await freshTicketNumbers(trx, cycle.recruitYear, session.kind, seated.length);
    const rows = seated.map((applicant, i) => ({
      user_id: applicant.userId,
      recruit_year: cycle.recruitYear,
      area: cycle.area,
      kind: session.kind,
      ticket_no: numbers[i]!,
      verify_code: newVerifyCode(),
      subject: session.subject,
      starts_at: session.startsAt,
      ends_at: session.endsAt,
      venue: session.venue,
      notes: session.notes,
      session_id: session.id,
      room_id: seats[i]!.roomId,
      room: seats[i]!.room,
      seat: seatLabel(seats[i]!.seat),
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200) await trx.insertInto('exam_ticket').values(rows.slice(i, i + 200)).execute();
    if (rows.length > 0) await ticketsChanged(trx, session.id);
    return { seated: seated.length, unseated: waiting.length - seated.length };
  });
  await staffAudit(db, now, 'ticket.seatsAssign', actor, { subject: null, detail: { sessionId: session.id, recruitYear: cycle.recruitYear, kind: session.kind, ...result } });
  return result;
}

/** What the session's tickets print changed: a printing made before is out of date. */
export const ticketsChanged = (db: DB, sessionId: number) =>
  db
    .updateTable('exam_session')
    .set((eb) => ({ tickets_revision: eb('tickets_revision', '+', 1) }))
    .where('id', '=', sessionId)
    .execute();

async function sessionTicket(db: DB, session: LoadedExamSession, ticketNo: string) {
  const ticket = await db
    .selectFrom('exam_ticket as t')
    .innerJoin('app_user as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.room', 't.seat', 'u.applicant_number'])
    .where('t.session_id', '=', session.id)
    .where('t.ticket_no', '=', ticketNo)
    .executeTakeFirst();
  if (!ticket) throw new AppError(ReplyCode.NOT_FOUND, 'exams.ticketNotInSession', { ticketNo });
  return ticket;
}

/**
 * Moves one applicant to another seat of the session: the seat must exist and be free, in this
 * session and in any other sitting of that room at an overlapping time (results/staff.ts refuseTakenSeat).
 */
export async function moveSeat(db: DB, now: number, session: LoadedExamSession, input: MoveSeatRequest, actor: StaffActor): Promise<void> {
  const moved = await inTransaction(db, async (trx) => {
    const ticket = await sessionTicket(trx, session, input.ticketNo);
    const room = await trx.selectFrom('exam_room').select(['id', 'name', 'capacity']).where('id', '=', input.roomId).where('session_id', '=', session.id).executeTakeFirst();
    if (!room) throw new AppError(ReplyCode.NOT_FOUND, 'exams.roomNotFound');
    if (input.seat > room.capacity) throw new AppError(ReplyCode.CONFLICT, 'exams.seatBeyondCapacity', { room: room.name, capacity: room.capacity });
    const seat = seatLabel(input.seat);
    await refuseTakenSeat(trx, { venue: session.venue, room: room.name, seat, starts_at: session.startsAt, ends_at: session.endsAt }, { ticketId: ticket.id });
    await trx.updateTable('exam_ticket').set({ room_id: room.id, room: room.name, seat }).where('id', '=', ticket.id).execute();
    await ticketsChanged(trx, session.id);
    return { applicant: ticket.applicant_number ?? '', from: `${ticket.room}/${ticket.seat}`, to: `${room.name}/${seat}` };
  });
  await staffAudit(db, now, 'ticket.move', actor, { subject: moved.applicant, detail: { sessionId: session.id, ticketNo: input.ticketNo, from: moved.from, to: moved.to } });
}

/** Takes an applicant out of the session: their ticket is gone (a withdrawn applicant, a seat given up). */
export async function unseat(db: DB, now: number, session: LoadedExamSession, ticketNo: string, actor: StaffActor): Promise<void> {
  const ticket = await sessionTicket(db, session, ticketNo);
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('exam_ticket').where('id', '=', ticket.id).execute();
    await ticketsChanged(trx, session.id);
  });
  await staffAudit(db, now, 'ticket.unseat', actor, { subject: ticket.applicant_number ?? '', detail: { sessionId: session.id, ticketNo, room: ticket.room, seat: ticket.seat } });
}

/** The session's seating plan, room by room and seat by seat, with whether each holder still qualifies. */
export async function seatingPlan(db: DB, cycle: ExamCycle, session: LoadedExamSession): Promise<ExamSeatsView> {
  const rows = await db
    .selectFrom('exam_ticket as t')
    .innerJoin('app_user as u', 'u.id', 't.user_id')
    .leftJoin('exam_room as r', 'r.id', 't.room_id')
    .leftJoin('application_form as f', (j) => j.onRef('f.user_id', '=', 't.user_id').onRef('f.recruit_year', '=', 't.recruit_year').onRef('f.area', '=', 't.area'))
    .leftJoin('programme as p', 'p.id', 'f.programme_id')
    .leftJoin('review_decision as d', (j) =>
      j
        .onRef('d.user_id', '=', 't.user_id')
        .onRef('d.recruit_year', '=', 't.recruit_year')
        .onRef('d.area', '=', 't.area')
        .on('d.stage', '=', TICKET_PREREQUISITE[session.kind]),
    )
    .select(['t.ticket_no', 't.room_id', 't.room', 't.seat', 'u.applicant_number', 'u.name', 'p.code', 'p.name_zh', 'p.name_en', 'd.outcome', 'r.position'])
    .where('t.session_id', '=', session.id)
    .where('t.recruit_year', '=', cycle.recruitYear)
    .orderBy('r.position')
    .orderBy('t.seat')
    .execute();
  return {
    sessionId: session.id,
    rows: rows.map((r) => ({
      ticketNo: r.ticket_no,
      applicantNumber: r.applicant_number ?? '',
      name: r.name,
      programme: { code: r.code ?? '', nameZh: r.name_zh ?? '', nameEn: r.name_en ?? '' },
      roomId: r.room_id ?? 0,
      room: r.room,
      seat: r.seat,
      qualified: r.outcome === 'pass',
    })),
  };
}
