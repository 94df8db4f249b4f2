import { z } from 'zod';
import { choice, requiredText, typeError, V } from '../api/common';
import { REVIEW_OUTCOMES, SCORE_KINDS, TICKET_KINDS, type ReviewOutcome, type ReviewStage, type ScoreKind, type TicketKind } from './journey';

/**
 * Review results, admission tickets and scores of the doctoral cycle (issue #4): what the
 * applicant's pages ask for, what staff set (the CLI now, the back office later), and what the
 * public ticket verification page answers. Photo review has its own module.
 */
export const RESULT_STAGES = ['qualificationReview', 'languageReview', 'assessmentQualification', 'proposedAdmission'] as const satisfies readonly ReviewStage[];
export type ResultStage = (typeof RESULT_STAGES)[number];

/** A ticket is only for applicants who passed the review before its exam. */
export const TICKET_PREREQUISITE: Record<TicketKind, ResultStage> = {
  language: 'qualificationReview',
  assessment: 'assessmentQualification',
};

/**
 * Exam times are the university's (Beijing) wall-clock times; the ticket, the page and the
 * verification page all show them in this zone so an applicant abroad reads the printed time.
 */
export const EXAM_TIME_ZONE = 'Asia/Shanghai';

// ---- applicant calls ---------------------------------------------------------------------------

/** POST /mucgrs-service/doctor/results/review */
export const reviewResultRequest = z.object({ stage: choice(RESULT_STAGES) }).strict();
export type ReviewResultRequest = z.input<typeof reviewResultRequest>;
/** `outcome` null: published, but no decision was recorded for this applicant. */
export type ReviewResultView =
  | { published: false }
  | { published: true; outcome: ReviewOutcome | null; reason: string | null; decidedAt: string | null };

/** POST /mucgrs-service/doctor/results/ticket and /ticketPdf */
export const ticketRequest = z.object({ kind: choice(TICKET_KINDS) }).strict();
export type TicketRequest = z.input<typeof ticketRequest>;
export interface AdmissionTicketView {
  ticketNo: string;
  kind: TicketKind;
  name: string;
  applicantNumber: string;
  /** Masked (maskIdNumber): the ticket is printed and shown at the door. */
  idNumber: string;
  subject: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  room: string;
  seat: string;
  notes: string;
  /** The approved ID photo, read through getFileByte; null: the ticket shows an empty photo frame. */
  photoPath: string | null;
}
/** `ticket` null: tickets are published, but this applicant has none (not qualified). */
export type TicketResultView = { published: false } | { published: true; ticket: AdmissionTicketView | null };

/** A score as exact decimal text: up to 4 digits, at most 2 decimals ('78.5', '100'). */
export const DECIMAL_SCORE = /^\d{1,4}(\.\d{1,2})?$/;
export const decimalScore = z.string({ error: typeError }).trim().min(1, { error: V.required }).regex(DECIMAL_SCORE, { error: 'results.decimal' });

export const scoreDetailRow = z
  .object({
    /** What the row scores: an examiner, a part of the exam. */
    item: requiredText(100),
    score: decimalScore,
    max: decimalScore.optional(),
  })
  .strict();
export type ScoreDetailRow = z.infer<typeof scoreDetailRow>;

/** POST /mucgrs-service/doctor/results/score */
export const scoreRequest = z.object({ kind: choice(SCORE_KINDS) }).strict();
export type ScoreRequest = z.input<typeof scoreRequest>;
export interface ScoreView {
  kind: ScoreKind;
  score: string;
  maxScore: string;
  detail: ScoreDetailRow[];
  remark: string;
  recordedAt: string;
}
/** `score` null: scores are published, but none was recorded for this applicant. */
export type ScoreResultView = { published: false } | { published: true; score: ScoreView | null };

// ---- staff inputs (CLI now, back office later) --------------------------------------------------

const optionalText = (max: number) => z.string({ error: typeError }).trim().max(max, { error: V.tooLong }).optional();

export const decideRequest = z
  .object({
    stage: choice(RESULT_STAGES),
    outcome: choice(REVIEW_OUTCOMES),
    reason: optionalText(500),
  })
  .strict()
  // A fail is shown to the applicant with its reason; a bare "not passed" helps nobody.
  .refine((d) => d.outcome === 'pass' || Boolean(d.reason), { path: ['reason'], error: 'results.reasonRequired' });
export type DecideRequest = z.input<typeof decideRequest>;

/** A time with its zone (Z or +08:00): a bare local time would mean different moments on different machines. */
const zonedDateTime = z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? V.required : 'results.dateTime') });

export const assignTicketRequest = z
  .object({
    kind: choice(TICKET_KINDS),
    subject: requiredText(100),
    startsAt: zonedDateTime,
    endsAt: zonedDateTime,
    venue: requiredText(200),
    room: requiredText(50),
    seat: requiredText(20),
    notes: optionalText(2000),
  })
  .strict()
  .refine((t) => Date.parse(t.endsAt) > Date.parse(t.startsAt), { path: ['endsAt'], error: 'results.endsBeforeStart' });
export type AssignTicketRequest = z.input<typeof assignTicketRequest>;

export const setScoreRequest = z
  .object({
    kind: choice(SCORE_KINDS),
    score: decimalScore,
    maxScore: decimalScore.refine((m) => Number(m) > 0, { error: 'results.maxPositive' }),
    detail: z.array(scoreDetailRow, { error: typeError }).max(50, { error: V.tooLong }).optional(),
    remark: optionalText(1000),
    /** Why a recorded value changes (kept with its version); required for a change. */
    reason: optionalText(200),
  })
  .strict()
  .refine((s) => Number(s.score) <= Number(s.maxScore), { path: ['score'], error: 'results.aboveMax' })
  .refine((s) => (s.detail ?? []).every((row) => row.max === undefined || Number(row.score) <= Number(row.max)), {
    path: ['detail'],
    error: 'results.aboveMax',
  });
export type SetScoreRequest = z.input<typeof setScoreRequest>;

// ---- public verification -------------------------------------------------------------------------

/** GET /verify/ticket/:code?format=json: only what a proctor at the door needs, name masked. */
export type TicketVerification =
  | { genuine: true; ticketNo: string; name: string; kind: TicketKind; startsAt: string }
  | { genuine: false };

/** 张伟 -> 张*, 陈嘉欣 -> 陈**, Maria Lopez -> M**** L****: recognisable to its holder, not to a finder. */
export function maskPersonName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length > 1) return words.map((w) => [...w][0] + '*'.repeat([...w].length - 1)).join(' ');
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}
