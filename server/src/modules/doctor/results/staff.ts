import { randomBytes, randomInt } from 'node:crypto';
import {
  DOCTOR_AREA,
  ReplyCode,
  TICKET_PREREQUISITE,
  assignTicketRequest,
  decideRequest,
  setScoreRequest,
  type AssignTicketRequest,
  type DecideRequest,
  type SetScoreRequest,
} from '@gradus/contract';
import type { DB } from '../../../db/database';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/app-error';
import { parseInput } from '../../../lib/validation';
import { recordDecision } from '../../admissions/decisions';
import { staffAudit, type StaffActor } from '../../admissions/staff-audit';
import { recordScore } from '../../scores/record';
import { toHundredths } from './score-codec';

export type { StaffActor };

/**
 * What staff record: review decisions, exam tickets, scores. The CLI calls these today and the
 * back office will tomorrow, so each one validates its own input (InputError, translated per
 * field) and refuses what the rules forbid (AppError) before writing anything. Publishing is
 * separate (journey/releases.ts): recording a result never shows it.
 */
export interface StaffApplicant {
  userId: number;
  recruitYear: string;
  applicantNumber: string;
}

export async function decide(db: DB, now: number, applicant: StaffApplicant, input: DecideRequest, actor: StaffActor): Promise<void> {
  const d = parseInput(decideRequest, input);
  await recordDecision(db, now, DOCTOR_AREA, applicant, { stage: d.stage, outcome: d.outcome, reason: d.reason ?? '' }, actor);
}

/** 192 random bits, URL-safe: the QR code's key to the public verification page. */
export const newVerifyCode = (): string => randomBytes(24).toString('base64url');

/** e.g. 2027L048213: year, kind, six random digits (retried on the rare collision). */
async function newTicketNo(db: DB, year: string, kind: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = `${year}${kind === 'language' ? 'L' : 'A'}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const taken = await db.selectFrom('exam_ticket').select('id').where('ticket_no', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new Error('could not find a free ticket number');
}

/**
 * Assigns (or rearranges) an applicant's exam ticket. Only an applicant who passed the review
 * before the exam gets one. Rearranging keeps the ticket number and verification code, so a
 * ticket already printed still verifies and names the same ticket.
 */
export async function assignTicket(
  db: DB,
  now: number,
  applicant: StaffApplicant,
  input: AssignTicketRequest,
  actor: StaffActor,
): Promise<{ ticketNo: string; verifyCode: string }> {
  const a = parseInput(assignTicketRequest, input);
  const prerequisite = TICKET_PREREQUISITE[a.kind];
  const passed = await db
    .selectFrom('review_decision')
    .select('outcome')
    .where('user_id', '=', applicant.userId)
    .where('recruit_year', '=', applicant.recruitYear)
    .where('area', '=', DOCTOR_AREA)
    .where('stage', '=', prerequisite)
    .executeTakeFirst();
  if (passed?.outcome !== 'pass') {
    throw new AppError(ReplyCode.CONFLICT, a.kind === 'language' ? 'error.languageTicketNotQualified' : 'error.assessmentTicketNotQualified', {
      applicant: applicant.applicantNumber,
    });
  }
  const arrangement = {
    subject: a.subject,
    starts_at: Date.parse(a.startsAt),
    ends_at: Date.parse(a.endsAt),
    venue: a.venue,
    room: a.room,
    seat: a.seat,
    notes: a.notes ?? '',
  };
  await refuseTakenSeat(db, arrangement, { userId: applicant.userId });
  const audited = (ticketNo: string) =>
    staffAudit(db, now, 'ticket.assign', actor, {
      subject: applicant.applicantNumber,
      detail: { recruitYear: applicant.recruitYear, kind: a.kind, ticketNo, subject: a.subject, startsAt: a.startsAt, endsAt: a.endsAt, venue: a.venue, room: a.room, seat: a.seat },
    });
  const existing = await db
    .selectFrom('exam_ticket')
    .select(['id', 'ticket_no', 'verify_code'])
    .where('user_id', '=', applicant.userId)
    .where('recruit_year', '=', applicant.recruitYear)
    .where('area', '=', DOCTOR_AREA)
    .where('kind', '=', a.kind)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('exam_ticket').set(arrangement).where('id', '=', existing.id).execute();
    await audited(existing.ticket_no);
    return { ticketNo: existing.ticket_no, verifyCode: existing.verify_code };
  }
  const ticketNo = await newTicketNo(db, applicant.recruitYear, a.kind);
  const verifyCode = newVerifyCode();
  await db
    .insertInto('exam_ticket')
    .values({ user_id: applicant.userId, recruit_year: applicant.recruitYear, area: DOCTOR_AREA, kind: a.kind, ticket_no: ticketNo, verify_code: verifyCode, created_at: now, ...arrangement })
    .execute();
  await audited(ticketNo);
  return { ticketNo, verifyCode };
}

/**
 * Records (or corrects) a score; stored as exact integer hundredths (score-codec.ts). Goes through
 * the scores' own recordScore, as the back office does: a correction needs a reason and keeps the
 * value it replaces as a version (who, when, why).
 */
export async function setScore(db: DB, now: number, applicant: StaffApplicant, input: SetScoreRequest, actor: StaffActor): Promise<void> {
  const s = parseInput(setScoreRequest, input);
  await inTransaction(db, async (trx) => {
    await recordScore(trx, now, {
      userId: applicant.userId,
      recruitYear: applicant.recruitYear,
      area: DOCTOR_AREA,
      kind: s.kind,
      scoreHundredths: toHundredths(s.score),
      maxHundredths: toHundredths(s.maxScore),
      reason: s.reason || null,
      source: 'command',
      by: actor.staffUserId,
      // The breakdown is shown, never computed on: it stays decimal text inside its JSON.
      shown: {
        detailJson: JSON.stringify((s.detail ?? []).map((row) => ({ ...row, score: normalizeDecimal(row.score), ...(row.max ? { max: normalizeDecimal(row.max) } : {}) }))),
        remark: s.remark ?? '',
      },
    });
    await staffAudit(trx, now, 'score.record', actor, {
      subject: applicant.applicantNumber,
      detail: { recruitYear: applicant.recruitYear, kind: s.kind, score: normalizeDecimal(s.score), maxScore: normalizeDecimal(s.maxScore), ...(s.reason ? { reason: s.reason } : {}) },
    });
  });
}

export interface SeatBooking {
  venue: string;
  room: string;
  seat: string;
  starts_at: number;
  ends_at: number;
}

/**
 * Two applicants on one seat at once would meet at the door: a booking that overlaps another on
 * the same seat of the same room and venue is refused, naming the holder. `except` is the booking's
 * own ticket (a move), or its holder (an arrangement replacing theirs).
 */
export async function refuseTakenSeat(db: DB, booking: SeatBooking, except: { userId: number } | { ticketId: number }): Promise<void> {
  let query = db
    .selectFrom('exam_ticket as t')
    .innerJoin('app_user as u', 'u.id', 't.user_id')
    .select('u.applicant_number')
    .where('t.venue', '=', booking.venue)
    .where('t.room', '=', booking.room)
    .where('t.seat', '=', booking.seat)
    .where('t.starts_at', '<', booking.ends_at)
    .where('t.ends_at', '>', booking.starts_at);
  query = 'userId' in except ? query.where('t.user_id', '!=', except.userId) : query.where('t.id', '!=', except.ticketId);
  const taken = await query.executeTakeFirst();
  if (taken) throw new AppError(ReplyCode.CONFLICT, 'error.seatTaken', { venue: booking.venue, room: booking.room, seat: booking.seat, holder: taken.applicant_number ?? '' });
}

/** '078.50' -> '78.5', '100.0' -> '100': one spelling per value. */
export function normalizeDecimal(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = fraction.replace(/0+$/, '');
  return f ? `${w}.${f}` : w;
}
