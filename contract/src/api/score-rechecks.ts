/**
 * Score re-checks (复核, issue #10): once a score is released, an applicant may ask once per score,
 * with a reason, for a re-check, within the window the office sets per cycle and kind. The office
 * answers: no change (with an explanation) or a corrected score, which is a new version of the
 * score (the old one kept) and recomputes the final score built on it. The applicant's calls are
 * under /mucgrs-service/doctor/results/, the office's under /mucgrs-service/staff/rechecks/.
 */
import { z } from 'zod';
import { ADMISSION_AREAS } from '../areas';
import { decimalScore } from '../doctor/results';
import { choice, requiredText, typeError, V } from './common';
import { recordIdField } from './staff-file';
import { SCORE_COMPONENTS, type ScoreComponent } from './staff-scores';

/**
 * What may be re-checked: the component scores. The final score is computed from them, so a
 * question about it is a question about one of them, and it is recomputed when one is corrected.
 */
export const RECHECK_KINDS = SCORE_COMPONENTS;
export type RecheckKind = ScoreComponent;
export const RECHECK_STATES = ['requested', 'answered'] as const;
export type RecheckState = (typeof RECHECK_STATES)[number];
export const RECHECK_OUTCOMES = ['unchanged', 'corrected'] as const;
export type RecheckOutcome = (typeof RECHECK_OUTCOMES)[number];
export const RECHECK_REASON_MAX = 500;
/** The reason a corrected score's version carries: `re-check: <the office's explanation>`. */
export const RECHECK_REASON_PREFIX = 're-check: ';
/** The reason the final score's version carries when a correction recomputed it. */
export const RECHECK_RECOMPUTED_REASON = 'recomputed after a re-check';

const area = choice(ADMISSION_AREAS);
const year = z.string({ error: typeError }).regex(/^\d{4}$/, { error: V.format });
const kind = choice(RECHECK_KINDS);
const zonedDateTime = z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? V.required : 'results.dateTime') });

export interface RecheckWindowView {
  kind: RecheckKind;
  /** ISO instants; null: the office has set no window (no re-check can be asked). */
  opensAt: string | null;
  closesAt: string | null;
}

/** One request, as its applicant reads it. */
export interface RecheckView {
  kind: RecheckKind;
  reason: string;
  state: RecheckState;
  requestedAt: string;
  /** Set once answered. */
  outcome: RecheckOutcome | null;
  answer: string | null;
  /** The score before and after the answer ('no change': the same). */
  oldScore: string;
  newScore: string | null;
  answeredAt: string | null;
}

/** POST /mucgrs-service/doctor/results/recheck: the re-check of one of the applicant's scores. */
export const recheckRequest = z.object({ kind }).strict();
export type RecheckRequest = z.input<typeof recheckRequest>;
/**
 * `published` false: the score is not released (nothing else said). `canRequest`: the score exists,
 * the window is open now and nothing was asked yet.
 */
export type RecheckStatusView =
  | { published: false }
  | { published: true; hasScore: boolean; window: RecheckWindowView; open: boolean; canRequest: boolean; request: RecheckView | null };

/** POST /mucgrs-service/doctor/results/requestRecheck: asks once, with a reason (1 to 500 characters). */
export const requestRecheckRequest = z.object({ kind, reason: requiredText(RECHECK_REASON_MAX) }).strict();
export type RequestRecheckRequest = z.input<typeof requestRecheckRequest>;

/** POST /mucgrs-service/staff/rechecks/list: a cycle's requests (filter by state and kind) and its windows. */
export const recheckListRequest = z.object({ area, recruitYear: year, state: choice(RECHECK_STATES).optional(), kind: kind.optional() }).strict();
export type RecheckListRequest = z.input<typeof recheckListRequest>;

export interface RecheckRowView extends RecheckView {
  id: number;
  applicantNumber: string;
  name: string;
  /** The score recorded now and its full marks (a correction may not exceed them). */
  currentScore: string | null;
  maxScore: string;
  answeredBy: { loginName: string; name: string } | null;
}
export interface RecheckListView {
  recruitYear: string;
  rows: RecheckRowView[];
  windows: RecheckWindowView[];
}

/**
 * POST /mucgrs-service/staff/rechecks/answer: 'unchanged' with an explanation, or 'corrected' with
 * the new score (at most full marks, not the score already recorded) and the explanation.
 */
export const answerRecheckRequest = z
  .object({
    area,
    id: recordIdField,
    outcome: choice(RECHECK_OUTCOMES),
    answer: requiredText(RECHECK_REASON_MAX),
    score: decimalScore.optional(),
  })
  .strict()
  .refine((a) => a.outcome !== 'corrected' || a.score !== undefined, { path: ['score'], error: V.required });
export type AnswerRecheckRequest = z.input<typeof answerRecheckRequest>;

/** POST /mucgrs-service/staff/rechecks/window: when applicants may ask for re-checks of a kind in a cycle. */
export const recheckWindowRequest = z
  .object({ area, recruitYear: year, kind, opensAt: zonedDateTime, closesAt: zonedDateTime })
  .strict()
  .refine((w) => Date.parse(w.opensAt) < Date.parse(w.closesAt), { path: ['closesAt'], error: 'rechecks.closesBeforeOpens' });
export type RecheckWindowRequest = z.input<typeof recheckWindowRequest>;
