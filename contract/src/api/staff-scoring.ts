/**
 * Expert review (issue #9): score sheets per programme, the stage's rules (how scores combine, how
 * many experts), assigning experts by hand or automatically, scoring blind, and the ranked list from
 * which the office marks who qualifies for the comprehensive assessment. Calls live under
 * /mucgrs-service/staff/review/.
 */
import { z } from 'zod';
import { DOCTOR_AREA, type AdmissionArea } from '../areas';
import { decimalScore } from '../doctor/results';
import { COMBINE_METHODS, type CombineMethod, type SheetItem } from '../scoring';
import { choice, requiredText, typeError, V } from './common';
import { applicationIdField, recordIdField } from './staff-file';

/**
 * The stages experts score. The material review leads to the list of those qualified for the
 * assessment; the comprehensive assessment and the foreign-language review are scored by interview
 * panels (staff-interview.ts), each on its own sheet and rules.
 */
export const SCORED_STAGES = ['materialReview', 'assessment', 'language'] as const;
export type ScoredStage = (typeof SCORED_STAGES)[number];
export const MATERIAL_REVIEW_STAGE: ScoredStage = 'materialReview';
/** The area each scored stage belongs to: the doctoral reviews. */
export const SCORED_STAGE_AREA: Readonly<Record<ScoredStage, AdmissionArea>> = { materialReview: DOCTOR_AREA, assessment: DOCTOR_AREA, language: DOCTOR_AREA };
/** The decision the ranked list records: qualified for the comprehensive assessment (the applicant's result page). */
export const ASSESSMENT_QUALIFICATION_STAGE = 'assessmentQualification';

const stageField = choice(SCORED_STAGES);
const count = (max: number) => z.number({ error: typeError }).int({ error: V.invalidType }).min(1, { error: V.tooShort }).max(max, { error: V.tooLong });
const optionalReason = z.string({ error: typeError }).trim().max(500, { error: V.tooLong }).optional();
const versionField = z.number({ error: typeError }).int({ error: V.invalidType }).min(0, { error: V.invalidType });

// --- The stage's rules ---

export const reviewSettingsRequest = z.object({ stage: stageField }).strict();
export const saveReviewSettingsRequest = z
  .object({
    stage: stageField,
    method: choice(COMBINE_METHODS),
    /** A combined score needs at least this many submitted scores. */
    minExperts: count(9),
    /** How many experts each application gets. */
    expertsPerApplication: count(9),
    /** How many applications one expert takes at most. */
    maxLoad: count(500),
  })
  .strict()
  .refine((s) => s.minExperts <= s.expertsPerApplication, { path: ['minExperts'], error: 'review.minAboveExperts' })
  .refine((s) => s.method !== 'trimmedMean' || s.minExperts >= 3, { path: ['minExperts'], error: 'review.trimmedNeedsThree' });
export type SaveReviewSettingsRequest = z.input<typeof saveReviewSettingsRequest>;

export interface ReviewSettingsView {
  stage: ScoredStage;
  recruitYear: string;
  method: CombineMethod;
  minExperts: number;
  expertsPerApplication: number;
  maxLoad: number;
  /** Once closed, experts cannot change their scores; the office can, with a reason. */
  closedAt: string | null;
}

export const closeReviewRequest = z.object({ stage: stageField, closed: z.boolean({ error: typeError }) }).strict();

// --- Score sheets ---

const itemKey = z.string({ error: typeError }).regex(/^[a-z][a-zA-Z0-9]{0,29}$/, { error: V.format });
export const sheetItem = z
  .object({
    key: itemKey,
    nameZh: requiredText(60),
    nameEn: requiredText(60),
    max: decimalScore.refine((m) => Number(m) > 0, { error: 'review.maxPositive' }),
    min: decimalScore.optional(),
    weight: decimalScore.refine((w) => Number(w) > 0, { error: 'review.weightPositive' }),
  })
  .strict()
  .refine((i) => i.min === undefined || Number(i.min) < Number(i.max), { path: ['min'], error: 'review.minBelowMax' });

export const sheetRequest = z.object({ stage: stageField, programmeId: recordIdField }).strict();
export const saveSheetRequest = z
  .object({
    stage: stageField,
    programmeId: recordIdField,
    items: z
      .array(sheetItem, { error: typeError })
      .min(1, { error: V.required })
      .max(12, { error: V.tooLong })
      .refine((items) => new Set(items.map((i) => i.key)).size === items.length, { error: 'review.duplicateItem' }),
    /** The version the office loaded: a sheet changed meanwhile is not overwritten. */
    version: versionField,
  })
  .strict();
export type SaveSheetRequest = z.input<typeof saveSheetRequest>;

export interface ScoreSheetView {
  programmeId: number;
  stage: ScoredStage;
  items: SheetItem[];
  /** '100.00': the most the sheet gives. */
  maximum: string;
  version: number;
  /** Scoring has started on it: it can no longer change. */
  inUse: boolean;
}

// --- Assigning experts ---

export const assignmentsRequest = z.object({ stage: stageField, programmeId: recordIdField.optional() }).strict();

export interface ExpertLoad {
  userId: number;
  name: string;
  /** An external expert: reached by a mailed link, assigned by hand. */
  external: boolean;
  assigned: number;
  submitted: number;
}

export interface AssignmentRow {
  applicationId: number;
  applicantNumber: string;
  name: string;
  programme: { code: string; nameZh: string; nameEn: string } | null;
  experts: { userId: number; name: string; submitted: boolean; overrideReason: string | null }[];
}

export interface AssignmentsView {
  settings: ReviewSettingsView;
  /** Every expert (internal, then external) with their load in this stage. */
  experts: ExpertLoad[];
  /** The applications this stage reviews (eligible in the eligibility review), in the caller's scope. */
  rows: AssignmentRow[];
}

export const autoAssignRequest = z
  .object({
    stage: stageField,
    programmeId: recordIdField.optional(),
    /** The same seed on the same data gives the same assignment. */
    seed: z.number({ error: typeError }).int({ error: V.invalidType }).min(0, { error: V.invalidType }).max(2 ** 31 - 1, { error: V.tooLong }),
  })
  .strict();
export type AutoAssignRequest = z.input<typeof autoAssignRequest>;

export interface AutoAssignResult {
  /** New assignments made. */
  assigned: number;
  /** Applications still short of experts: no expert was free of conflict and under the load limit. */
  unfilled: { applicationId: number; applicantNumber: string; missing: number }[];
}

export const assignExpertRequest = z
  .object({
    stage: stageField,
    applicationId: applicationIdField,
    expertUserId: recordIdField,
    /** Needed when the expert is at their load limit or the application has its experts already: an override. */
    reason: optionalReason,
  })
  .strict();
export type AssignExpertRequest = z.input<typeof assignExpertRequest>;

export const unassignExpertRequest = z.object({ stage: stageField, applicationId: applicationIdField, expertUserId: recordIdField }).strict();

// --- Scoring (the expert) ---

export const myReviewsRequest = z.object({ stage: stageField }).strict();

export type ScoreStatus = 'notStarted' | 'draft' | 'submitted';

export interface MyReviewRow {
  applicationId: number;
  applicantNumber: string;
  name: string;
  programme: { code: string; nameZh: string; nameEn: string } | null;
  status: ScoreStatus;
  /** The expert's own total, '78.50', once they have scored. */
  total: string | null;
}

export interface MyReviewsView {
  stage: ScoredStage;
  closed: boolean;
  rows: MyReviewRow[];
}

export const scoreSheetRequest = z.object({ stage: stageField, applicationId: applicationIdField }).strict();

export interface ExpertScoreView {
  expertName: string;
  /** Given to the office only, which corrects a score by naming its expert and the version it saw. */
  expertUserId?: number;
  version?: number;
  status: ScoreStatus;
  scores: Record<string, string>;
  total: string | null;
  comment: string;
  submittedAt: string | null;
}

export interface ScoringView {
  applicationId: number;
  applicantNumber: string;
  name: string;
  stage: ScoredStage;
  sheet: ScoreSheetView | null;
  mine: ExpertScoreView & { version: number };
  /** Blind: the other experts' scores only once the caller's own is submitted (always for the office). */
  others: ExpertScoreView[] | null;
  closed: boolean;
  /** The caller may still change their score (before the stage closes; the office always, with a reason). */
  editable: boolean;
  /** After the stage closes, a change needs a reason (the office's correction, audited). */
  reasonRequired: boolean;
}

export const saveScoreRequest = z
  .object({
    stage: stageField,
    applicationId: applicationIdField,
    /** Item key -> decimal text. A draft may leave items out; a submission needs every one. */
    scores: z.record(itemKey, decimalScore, { error: typeError }),
    comment: z.string({ error: typeError }).trim().max(2000, { error: V.tooLong }).default(''),
    submit: z.boolean({ error: typeError }),
    /** The version the expert loaded: two windows saving at once never lose a score. */
    version: versionField,
    /** The office correcting a score after the stage closed. */
    reason: optionalReason,
    /** The office correcting another expert's score names them. */
    expertUserId: recordIdField.optional(),
  })
  .strict();
export type SaveScoreRequest = z.input<typeof saveScoreRequest>;

export const declareConflictRequest = z
  .object({ stage: stageField, applicationId: applicationIdField, reason: requiredText(500) })
  .strict();
export type DeclareConflictRequest = z.input<typeof declareConflictRequest>;

// --- The ranked list ---

export const rankingRequest = z.object({ stage: stageField, programmeId: recordIdField }).strict();

export interface RankingRow {
  rank: number | null;
  applicationId: number;
  applicantNumber: string;
  name: string;
  /** Each submitted total, '78.50', with the expert's name (the office sees who). */
  scores: { expertName: string; total: string; counted: boolean }[];
  assigned: number;
  /** Null until enough experts have scored. */
  combined: string | null;
  /** How the combined score came about, e.g. '(85.00 + 80.00 + 70.00) / 3 = 78.33'. */
  formula: string | null;
  /** Already recorded: qualified for the assessment or not. */
  decision: 'pass' | 'fail' | null;
}

export interface RankingView {
  stage: ScoredStage;
  programmeId: number;
  settings: ReviewSettingsView;
  rows: RankingRow[];
}

export const qualifyRequest = z
  .object({
    stage: stageField,
    programmeId: recordIdField,
    /** Combined scores at or above it qualify; below it do not. */
    cutoff: decimalScore,
  })
  .strict();
export type QualifyRequest = z.input<typeof qualifyRequest>;

export interface QualifyResult {
  qualified: number;
  notQualified: number;
  /** Not enough experts have scored them: no decision recorded. */
  undecided: number;
}
