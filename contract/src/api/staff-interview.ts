/**
 * Interview sessions (issue #9): the comprehensive assessment and the foreign-language review are
 * scored by a panel in a room, on a date, applicant after applicant. The office sets a session up
 * (panel, its secretary, applicants in order); each panel member scores independently on the
 * programme's sheet for the stage, blind to the others until they submit; the secretary locks the
 * session once every score is in; the record prints as a PDF the panel signs. Calls live under
 * /mucgrs-service/staff/interview/.
 */
import { z } from 'zod';
import type { CombineMethod } from '../scoring';
import { choice, requiredText, typeError, V } from './common';
import { applicationIdField, recordIdField } from './staff-file';
import type { ScoreSheetView, ScoreStatus } from './staff-scoring';
import { decimalScore } from '../doctor/results';

/** What a panel scores: the comprehensive assessment, or the foreign-language review. Each is a scored stage of its own (its sheet, its rules). */
export const INTERVIEW_KINDS = ['assessment', 'language'] as const;
export type InterviewKind = (typeof INTERVIEW_KINDS)[number];

/** A panel is small: a chair, a secretary, a few examiners. */
export const PANEL_MAX = 9;
/** An afternoon's interviews. */
export const SESSION_APPLICANTS_MAX = 60;

const versionField = z.number({ error: typeError }).int({ error: V.invalidType }).min(0, { error: V.invalidType });
const unique = (ids: readonly number[]) => new Set(ids).size === ids.length;

export const sessionIdField = recordIdField;

/** POST .../staff/interview/sessions: the office's list (one kind or both). */
export const interviewSessionsRequest = z.object({ kind: choice(INTERVIEW_KINDS).optional() }).strict();

/** POST .../staff/interview/candidates: who may sit in a session of the kind and programme, and who may sit on its panel. */
export const interviewCandidatesRequest = z.object({ kind: choice(INTERVIEW_KINDS), programmeId: recordIdField }).strict();

export interface InterviewCandidate {
  applicationId: number;
  applicantNumber: string;
  name: string;
  /** Already in another session of the kind: the id, so the screen can say which. */
  sessionId: number | null;
  /** The staff account of the supervisor the applicant named: never on their panel. */
  supervisorUserId: number | null;
}

export interface InterviewCandidatesView {
  kind: InterviewKind;
  programmeId: number;
  /** 'assessment': qualified for the comprehensive assessment; 'language': eligible in the eligibility review. */
  applicants: InterviewCandidate[];
  /** The experts who may sit on panels: the internal ones, then the external ones (who score by a mailed link). */
  experts: { userId: number; name: string; external: boolean }[];
}

/** POST .../staff/interview/save: creates (no id) or changes a session. */
export const saveInterviewSessionRequest = z
  .object({
    id: sessionIdField.optional(),
    kind: choice(INTERVIEW_KINDS),
    programmeId: recordIdField,
    startsAt: z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? V.required : 'results.dateTime') }),
    room: requiredText(100),
    /** Panel members in the order they sit (the first chairs). */
    panel: z
      .array(recordIdField, { error: typeError })
      .min(1, { error: V.required })
      .max(PANEL_MAX, { error: V.tooLong })
      .refine(unique, { error: 'interview.duplicateMember' }),
    /** One of the panel: locks the session once everyone has scored. */
    secretaryUserId: recordIdField,
    /** The applicants in the order they are interviewed. */
    applicants: z
      .array(applicationIdField, { error: typeError })
      .min(1, { error: V.required })
      .max(SESSION_APPLICANTS_MAX, { error: V.tooLong })
      .refine(unique, { error: 'interview.duplicateApplicant' }),
    /** The version the office loaded (0 for a new session): a session changed meanwhile is not overwritten. */
    version: versionField,
  })
  .strict()
  .refine((s) => s.panel.includes(s.secretaryUserId), { path: ['secretaryUserId'], error: 'interview.secretaryOnPanel' });
export type SaveInterviewSessionRequest = z.input<typeof saveInterviewSessionRequest>;

export const interviewSessionRequest = z.object({ sessionId: sessionIdField }).strict();
export const deleteInterviewSessionRequest = z.object({ sessionId: sessionIdField, version: versionField }).strict();

export interface PanelMemberView {
  userId: number;
  name: string;
  secretary: boolean;
  /** Scores they have submitted in the session, of `InterviewSessionView.applicants.length`. */
  submitted: number;
}

export interface InterviewSessionSummary {
  id: number;
  kind: InterviewKind;
  programme: { id: number; code: string; nameZh: string; nameEn: string };
  startsAt: string;
  room: string;
  panel: PanelMemberView[];
  applicantCount: number;
  /** Submitted scores, of panel × applicants. */
  submitted: number;
  expected: number;
  lockedAt: string | null;
  lockedBy: string | null;
  version: number;
}

export interface InterviewSessionsView {
  recruitYear: string;
  sessions: InterviewSessionSummary[];
}

export interface InterviewMemberScore {
  memberUserId: number;
  memberName: string;
  status: ScoreStatus;
  total: string | null;
}

export interface InterviewResultRow {
  position: number;
  applicationId: number;
  applicantNumber: string;
  name: string;
  /** One per panel member, in the panel's order. */
  scores: InterviewMemberScore[];
  /** By the stage's combine method, once every member has submitted. */
  combined: string | null;
  formula: string | null;
}

/** POST .../staff/interview/session: one session with every score (the office) — what the record prints. */
export interface InterviewSessionView extends InterviewSessionSummary {
  method: CombineMethod;
  sheet: ScoreSheetView | null;
  rows: InterviewResultRow[];
}

// --- The panel member ---

export interface MyInterviewSession {
  id: number;
  kind: InterviewKind;
  programme: { id: number; code: string; nameZh: string; nameEn: string };
  startsAt: string;
  room: string;
  /** The caller is the panel's secretary (locks the session). */
  secretary: boolean;
  applicantCount: number;
  /** The caller's own submitted scores in it. */
  mySubmitted: number;
  lockedAt: string | null;
}

export interface MyInterviewSessionsView {
  sessions: MyInterviewSession[];
}

export interface PanelScoreView {
  status: ScoreStatus;
  scores: Record<string, string>;
  total: string | null;
  comment: string;
  version: number;
}

export interface PanelApplicantView {
  position: number;
  applicationId: number;
  applicantNumber: string;
  name: string;
  mine: PanelScoreView;
  /** Blind: the other members' submitted totals, once the caller's own is submitted (or the session locked). */
  others: { memberName: string; total: string }[] | null;
}

/** POST .../staff/interview/panel: the session as a panel member scores it, one applicant after another. */
export interface PanelSessionView {
  id: number;
  kind: InterviewKind;
  programme: { id: number; code: string; nameZh: string; nameEn: string };
  startsAt: string;
  room: string;
  sheet: ScoreSheetView | null;
  panel: PanelMemberView[];
  applicants: PanelApplicantView[];
  secretary: boolean;
  lockedAt: string | null;
  lockedBy: string | null;
}

/** POST .../staff/interview/saveScore: a panel member's score of one applicant (a draft, or submitted). */
export const saveInterviewScoreRequest = z
  .object({
    sessionId: sessionIdField,
    applicationId: applicationIdField,
    scores: z.record(z.string({ error: typeError }).regex(/^[a-z][a-zA-Z0-9]{0,29}$/, { error: V.format }), decimalScore, { error: typeError }),
    comment: z.string({ error: typeError }).trim().max(2000, { error: V.tooLong }).default(''),
    submit: z.boolean({ error: typeError }),
    version: versionField,
  })
  .strict();
export type SaveInterviewScoreRequest = z.input<typeof saveInterviewScoreRequest>;

export interface SavedInterviewScore {
  version: number;
  total: string;
  status: ScoreStatus;
}

/** POST .../staff/interview/lock: the panel's secretary closes the session; every score must be in. */
export const lockInterviewSessionRequest = z.object({ sessionId: sessionIdField }).strict();

/** POST .../staff/interview/record: the session's record as a PDF, once locked. */
export const interviewRecordRequest = z.object({ sessionId: sessionIdField }).strict();
