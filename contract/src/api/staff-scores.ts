/**
 * Scores in the back office (issue #10, "Scores"), under /mucgrs-service/staff/scores/: the
 * admissions office enters a cycle's scores of one kind by hand in a grid or from an Excel file
 * made from the same list, sees every earlier value of a score (who, when, why), and sets per
 * programme the weights the final score is computed with. A score is exact decimal text ('78.5')
 * everywhere outside the database; changing a recorded value needs a reason.
 */
import { z } from 'zod';
import { ADMISSION_AREAS } from '../areas';
import { SCORE_KINDS, type ScoreKind } from '../doctor/journey';
import { decimalScore } from '../doctor/results';
import { choice, typeError, V } from './common';
import { recordIdField } from './staff-file';

const area = choice(ADMISSION_AREAS);
const year = z.string({ error: typeError }).regex(/^\d{4}$/, { error: V.format });
const kind = choice(SCORE_KINDS);
const applicantNumber = z.string({ error: typeError }).trim().min(1, { error: V.required }).max(20, { error: V.tooLong });
/** Why a recorded value changes: kept with the version, shown in its history. */
const reason = z.string({ error: typeError }).trim().max(200, { error: V.tooLong }).optional();

/** The kinds a final score combines; the final score itself is computed, never a component. */
export const SCORE_COMPONENTS = ['language', 'material', 'assessment'] as const satisfies readonly ScoreKind[];
export type ScoreComponent = (typeof SCORE_COMPONENTS)[number];
/** What the office gives when a score changes for the rule's own sake. */
export const COMPUTED_REASON = 'computed from weights';

/** An Excel file holds at most this many applicants; a larger one is refused before it is read whole. */
export const SCORE_IMPORT_MAX_ROWS = 20_000;
/** A dry run lists this many problems at most (and counts the rest). */
export const SCORE_IMPORT_MAX_PROBLEMS = 500;
/** The largest score file accepted (a full 20,000-row template is about 1 MB). */
export const SCORE_IMPORT_MAX_BYTES = 8 * 1024 * 1024;

/** How a version came to be: by hand in the grid, from a file, computed, by `npm run admin`, or recorded before versions were kept. */
export const SCORE_SOURCES = ['hand', 'import', 'computed', 'command', 'earlier'] as const;
export type ScoreSource = (typeof SCORE_SOURCES)[number];

export const SCORE_ROW_FILTERS = ['all', 'missing', 'recorded'] as const;
export const SCORE_PAGE_SIZES = [10, 20, 50, 100] as const;

/** POST /mucgrs-service/staff/scores/grid: the applicants who should have this score, paged. */
export const scoreGridRequest = z
  .object({
    area,
    recruitYear: year,
    kind,
    /** An applicant number (its beginning) or a name (any part). */
    q: z.string({ error: typeError }).trim().max(50, { error: V.tooLong }).optional(),
    programmeId: recordIdField.optional(),
    status: choice(SCORE_ROW_FILTERS).optional(),
    pageNum: z.number({ error: typeError }).int({ error: V.invalidType }).min(1, { error: V.tooShort }).max(100_000, { error: V.tooLong }).default(1),
    pageSize: z
      .number({ error: typeError })
      .refine((n) => (SCORE_PAGE_SIZES as readonly number[]).includes(n), { error: V.invalidChoice })
      .default(20),
  })
  .strict();
export type ScoreGridRequest = z.input<typeof scoreGridRequest>;

export interface ScoreRowView {
  applicantNumber: string;
  name: string;
  programme: { id: number; nameZh: string; nameEn: string } | null;
  /** null: not recorded yet. */
  score: string | null;
  recordedAt: string | null;
  /** How many versions the score has had (the history's length). */
  versions: number;
}

export interface ScoreGridView {
  area: string;
  recruitYear: string;
  kind: ScoreKind;
  /** Full marks of this kind in this cycle (the grid's and the file's upper limit). */
  maxScore: string;
  total: number;
  pageNum: number;
  pageSize: number;
  rows: ScoreRowView[];
  /** The programmes of the cohort, for the filter. */
  programmes: { id: number; nameZh: string; nameEn: string }[];
}

/** POST /mucgrs-service/staff/scores/save: one score by hand; a reason when it changes a recorded value. */
export const recordScoreRequest = z.object({ area, recruitYear: year, kind, number: applicantNumber, score: decimalScore, reason }).strict();
export type RecordScoreRequest = z.input<typeof recordScoreRequest>;
export interface ScoreRecordedView {
  row: ScoreRowView;
  /** False when the value was the one already recorded: no new version. */
  changed: boolean;
}

/** POST /mucgrs-service/staff/scores/history: every version of an applicant's scores, newest first. */
export const scoreHistoryRequest = z.object({ area, recruitYear: year, number: applicantNumber, kind: kind.optional() }).strict();
export type ScoreHistoryRequest = z.input<typeof scoreHistoryRequest>;
export interface ScoreVersionView {
  kind: ScoreKind;
  score: string;
  /** The value it replaced; null for the first. */
  previous: string | null;
  maxScore: string;
  reason: string | null;
  source: ScoreSource;
  /** Who recorded it; null: the portal itself (the demo, a value from before versions were kept). */
  by: { loginName: string; name: string } | null;
  at: string;
}
export interface ScoreHistoryView {
  applicantNumber: string;
  name: string;
  versions: ScoreVersionView[];
}

/** POST /mucgrs-service/staff/scores/scale: full marks of a kind in a cycle (100 until set). */
export const saveScoreScaleRequest = z
  .object({ area, recruitYear: year, kind, maxScore: decimalScore.refine((m) => Number(m) > 0, { error: 'results.maxPositive' }) })
  .strict();
export type SaveScoreScaleRequest = z.input<typeof saveScoreScaleRequest>;

/** POST /mucgrs-service/staff/scores/template: the Excel file of the current list (all of it, unpaged). */
export const scoreTemplateRequest = z.object({ area, recruitYear: year, kind }).strict();
export type ScoreTemplateRequest = z.input<typeof scoreTemplateRequest>;

/**
 * POST /mucgrs-service/staff/scores/import (multipart): fields `area`, `recruitYear`, `kind` and
 * `dryRun` ('true' | 'false') first, then the file. A dry run reports; an import writes only a
 * file without a single problem, in one transaction.
 */
export const scoreImportFields = z
  .object({
    area,
    recruitYear: year,
    kind,
    dryRun: z.enum(['true', 'false'], { error: V.invalidChoice }),
  })
  .strict();
export type ScoreImportFields = z.input<typeof scoreImportFields>;

/** What is wrong with one cell of the file: its row (as Excel numbers it) and column letter. */
export interface ScoreImportProblem {
  row: number;
  column: string;
  /** Translated. */
  message: string;
}
export interface ScoreImportView {
  dryRun: boolean;
  /** Rows with an applicant number. */
  rows: number;
  /** Rows whose value differs from the recorded one (new versions, once imported). */
  changes: number;
  unchanged: number;
  /** Rows left without a score (nothing changes for them). */
  blank: number;
  /** The first SCORE_IMPORT_MAX_PROBLEMS problems, in the file's order. */
  problems: ScoreImportProblem[];
  /** Problems beyond those listed. */
  problemsOmitted: number;
  /** True only after an import wrote its changes. */
  imported: boolean;
}

/** POST /mucgrs-service/staff/scores/weights: each programme's weights in a cycle. */
export const scoreWeightsRequest = z.object({ area, recruitYear: year }).strict();
export type ScoreWeightsRequest = z.input<typeof scoreWeightsRequest>;
export interface ScoreWeight {
  kind: ScoreComponent;
  /** Whole percent, 1..100; the weights of a programme add up to 100. */
  weight: number;
}
export interface ProgrammeWeightsView {
  programme: { id: number; nameZh: string; nameEn: string };
  /** Empty: not set, no final score is computed for this programme. */
  weights: ScoreWeight[];
  updatedAt: string | null;
}
export interface ScoreWeightsView {
  recruitYear: string;
  programmes: ProgrammeWeightsView[];
}

const weightItem = z
  .object({
    kind: choice(SCORE_COMPONENTS),
    weight: z.number({ error: typeError }).int({ error: V.invalidType }).min(1, { error: V.tooShort }).max(100, { error: V.tooLong }),
  })
  .strict();

/** POST /mucgrs-service/staff/scores/saveWeights: a programme's weights, adding up to 100%; an empty list clears them. */
export const saveScoreWeightsRequest = z
  .object({
    area,
    recruitYear: year,
    programmeId: recordIdField,
    weights: z.array(weightItem, { error: typeError }).max(SCORE_COMPONENTS.length, { error: V.tooLong }),
  })
  .strict()
  .refine((w) => new Set(w.weights.map((i) => i.kind)).size === w.weights.length, { path: ['weights'], error: 'scores.weightTwice' })
  .refine((w) => w.weights.length === 0 || w.weights.reduce((sum, i) => sum + i.weight, 0) === 100, { path: ['weights'], error: 'scores.weightsSum' });
export type SaveScoreWeightsRequest = z.input<typeof saveScoreWeightsRequest>;

/** POST /mucgrs-service/staff/scores/computeFinal: final scores from the weights, for one programme or all. */
export const computeFinalRequest = z.object({ area, recruitYear: year, programmeId: recordIdField.optional() }).strict();
export type ComputeFinalRequest = z.input<typeof computeFinalRequest>;
export const FINAL_SKIP_REASONS = ['noWeights', 'missing', 'noProgramme'] as const;
export type FinalSkipReason = (typeof FINAL_SKIP_REASONS)[number];
export interface ComputeFinalView {
  /** New or changed final scores (each a new version). */
  computed: number;
  /** Final scores already equal to the computed value. */
  unchanged: number;
  skipped: { applicantNumber: string; name: string; reason: FinalSkipReason; missing: ScoreComponent[] }[];
}

/**
 * Final = Σ weight% × score / full marks × final full marks, rounded half up to hundredths. In
 * integer hundredths, exact (no float): the server computes with it, the page shows the formula.
 */
export function weightedFinal(parts: readonly { weight: number; scoreHundredths: number; maxHundredths: number }[], finalMaxHundredths: number): number {
  // Σ w·s·F / (100·m) over a common denominator, in BigInt: exact whatever the full marks.
  let num = 0n;
  let den = 1n;
  for (const p of parts) {
    const n = BigInt(p.weight) * BigInt(p.scoreHundredths) * BigInt(finalMaxHundredths);
    const d = 100n * BigInt(p.maxHundredths);
    num = num * d + n * den;
    den = den * d;
  }
  return Number((2n * num + den) / (2n * den));
}
