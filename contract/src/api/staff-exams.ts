/**
 * Exam sessions and their tickets (issue #10, "Exams and tickets"): the office sets up a sitting of
 * the foreign-language exam or the comprehensive assessment (subject, time, venue, rooms with their
 * capacity), seats the qualified applicants automatically (by programme, then applicant number),
 * moves one by hand, and prints the whole session's tickets in the background into a zip of PDFs.
 * What applicants see of their ticket is still decided by the release of tickets (releases page).
 * Calls live under /mucgrs-service/staff/exams/.
 */
import { z } from 'zod';
import { TICKET_KINDS, type TicketKind } from '../doctor/journey';
import { choice, requiredText, typeError, V } from './common';
import { recordIdField } from './staff-file';

/** A hall seats a few hundred; a session a few thousand (the benchmark prints 5,000 tickets). */
export const ROOM_CAPACITY_MAX = 500;
export const SESSION_ROOMS_MAX = 100;

const versionField = z.number({ error: typeError }).int({ error: V.invalidType }).min(0, { error: V.invalidType });
const zonedDateTime = z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? V.required : 'results.dateTime') });

/** POST .../staff/exams/sessions: the year's sessions, of one kind or both. */
export const examSessionsRequest = z.object({ kind: choice(TICKET_KINDS).optional() }).strict();
export type ExamSessionsRequest = z.input<typeof examSessionsRequest>;

export const examRoomInput = z
  .object({
    /** An existing room keeps its seats when renamed; absent for a new room. */
    id: recordIdField.optional(),
    name: requiredText(50),
    capacity: z.number({ error: typeError }).int({ error: V.invalidType }).min(1, { error: 'exams.capacityMin' }).max(ROOM_CAPACITY_MAX, { error: 'exams.capacityMax' }),
  })
  .strict();

/** POST .../staff/exams/save: creates (no id) or changes a session. */
export const saveExamSessionRequest = z
  .object({
    id: recordIdField.optional(),
    kind: choice(TICKET_KINDS),
    subject: requiredText(100),
    startsAt: zonedDateTime,
    endsAt: zonedDateTime,
    venue: requiredText(200),
    notes: z.string({ error: typeError }).trim().max(2000, { error: V.tooLong }).optional(),
    rooms: z
      .array(examRoomInput, { error: typeError })
      .min(1, { error: 'exams.roomsRequired' })
      .max(SESSION_ROOMS_MAX, { error: V.tooLong })
      .refine((rooms) => new Set(rooms.map((r) => r.name.trim().toLowerCase())).size === rooms.length, { error: 'exams.duplicateRoom' }),
    /** The version the office loaded (0 for a new session): a session changed meanwhile is not overwritten. */
    version: versionField,
  })
  .strict()
  .refine((s) => Date.parse(s.endsAt) > Date.parse(s.startsAt), { path: ['endsAt'], error: 'results.endsBeforeStart' });
export type SaveExamSessionRequest = z.input<typeof saveExamSessionRequest>;

export const examSessionRequest = z.object({ sessionId: recordIdField }).strict();
export type ExamSessionRequest = z.input<typeof examSessionRequest>;
export const deleteExamSessionRequest = z.object({ sessionId: recordIdField, version: versionField }).strict();
export type DeleteExamSessionRequest = z.input<typeof deleteExamSessionRequest>;

/** POST .../staff/exams/move: one applicant to another room and seat of the same session. */
export const moveSeatRequest = z
  .object({
    sessionId: recordIdField,
    ticketNo: requiredText(20),
    roomId: recordIdField,
    seat: z.number({ error: typeError }).int({ error: V.invalidType }).min(1, { error: 'exams.seatMissing' }).max(ROOM_CAPACITY_MAX, { error: 'exams.seatMissing' }),
  })
  .strict();
export type MoveSeatRequest = z.input<typeof moveSeatRequest>;

/** POST .../staff/exams/unseat: takes an applicant out of the session (their ticket goes). */
export const unseatRequest = z.object({ sessionId: recordIdField, ticketNo: requiredText(20) }).strict();
export type UnseatRequest = z.input<typeof unseatRequest>;

/** POST .../staff/exams/batch: the state of one printing (polled while it runs). */
export const ticketBatchRequest = z.object({ batchId: recordIdField }).strict();
export type TicketBatchRequest = z.input<typeof ticketBatchRequest>;

export const TICKET_BATCH_STATES = ['running', 'done', 'failed'] as const;
export type TicketBatchState = (typeof TICKET_BATCH_STATES)[number];

export interface TicketBatchView {
  id: number;
  sessionId: number;
  state: TicketBatchState;
  total: number;
  done: number;
  requestedAt: string;
  finishedAt: string | null;
  /** The zip's size once done. */
  size: number | null;
  /** Why it failed, in the office's language. */
  error: string | null;
}

export interface ExamRoomView {
  id: number;
  name: string;
  capacity: number;
  seated: number;
}

export interface ExamSessionSummary {
  id: number;
  kind: TicketKind;
  subject: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  notes: string;
  rooms: ExamRoomView[];
  seated: number;
  capacity: number;
  version: number;
  /** The latest printing of the session's tickets, if any. */
  batch: TicketBatchView | null;
  /** Tickets changed after the latest printing finished: its zip is out of date. */
  changedSinceBatch: boolean;
}

export interface ExamSessionsView {
  recruitYear: string;
  sessions: ExamSessionSummary[];
  /** Per kind: who qualifies (passed the review before the exam) and how many of them have no seat yet. */
  qualified: Record<TicketKind, { total: number; unseated: number }>;
}

export interface ExamSeatRow {
  ticketNo: string;
  applicantNumber: string;
  name: string;
  programme: { code: string; nameZh: string; nameEn: string };
  roomId: number;
  room: string;
  seat: string;
  /** False when the holder no longer passes the review before the exam: their ticket is not shown to them. */
  qualified: boolean;
}

export interface ExamSeatsView {
  sessionId: number;
  rows: ExamSeatRow[];
}

/** What seating the qualified applicants did. */
export interface SeatAssignmentView {
  seated: number;
  /** Qualified applicants still without a seat: the rooms are full. */
  unseated: number;
}

/** The seat label printed on a ticket: '007' for the 7th seat of a room. */
export const seatLabel = (seat: number): string => String(seat).padStart(3, '0');
