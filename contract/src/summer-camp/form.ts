import { z } from 'zod';
import { typeError, V } from '../api/common';
import type { CampView } from '../api/staff-camps';
import { researchRowSchema } from '../doctor/form';
import {
  contactSchema,
  formChoice,
  formId,
  formMonth,
  formNumber,
  formRows,
  formText,
  formVersion,
  MONTH,
  objectError,
  type FormMode,
  type FormPersonalView,
  type FormStatus,
  type FormSubmissionWindow,
  type Loose,
  type Partialized,
} from '../forms/fields';
import { universityOf } from './universities';

/**
 * The summer-camp application form (issue #11, menu summerCampApply): the same engine as the
 * doctoral form (sections, drafts, autosave, a version per save, locking on submission, sections
 * reopened by a reviewer), its own sections. Personal details come from registration.
 */
export const CAMP_FORM_SECTIONS = ['contact', 'undergraduate', 'english', 'research', 'awards', 'choices', 'statement'] as const;
export type CampFormSection = (typeof CAMP_FORM_SECTIONS)[number];
export const CAMP_REQUIRED_SECTIONS: readonly CampFormSection[] = ['contact', 'undergraduate', 'choices', 'statement'];

export const CAMP_FORM_LIMITS = {
  rows: { english: { min: 0, max: 6 }, research: { min: 0, max: 10 }, awards: { min: 0, max: 10 }, choices: { min: 1, max: 2 } },
  statementMin: 200,
  statementMax: 2000,
  cohortMax: 10000,
} as const;

/**
 * Where the undergraduate school is found: on the list (by its national code), or typed in full
 * when it is not there, when it was abolished or merged since, or when it is outside the mainland.
 */
export const SCHOOL_KINDS = ['listed', 'notListed', 'abolished', 'outsideMainland'] as const;
export type SchoolKind = (typeof SCHOOL_KINDS)[number];
/** The scales GPAs are given on. */
export const GPA_SCALES = ['4', '4.3', '4.5', '5', '100'] as const;
/** What a rank was counted by: the GPA alone, or the school's composite assessment. */
export const RANK_BASES = ['gpa', 'composite'] as const;
export const ENGLISH_TESTS = ['cet4', 'cet6', 'ielts', 'toefl', 'other'] as const;
export type EnglishTest = (typeof ENGLISH_TESTS)[number];
/** Each test's score range and step: CET 0–710, IELTS 0–9 in halves, TOEFL iBT 0–120. */
export const ENGLISH_SCORE_RANGE: Readonly<Record<EnglishTest, { min: number; max: number; step: number }>> = {
  cet4: { min: 0, max: 710, step: 1 },
  cet6: { min: 0, max: 710, step: 1 },
  ielts: { min: 0, max: 9, step: 0.5 },
  toefl: { min: 0, max: 120, step: 1 },
  other: { min: 0, max: 1000, step: 0.5 },
};
export const AWARD_LEVELS = ['international', 'national', 'provincial', 'university', 'other'] as const;

export function undergraduateSchema(mode: FormMode) {
  const row = z.object(
    {
      schoolKind: formChoice(mode, SCHOOL_KINDS),
      /** The national institution code of a listed school. */
      schoolCode: formText('draft', 10),
      /** The full name of a school that is not listed. */
      schoolName: formText('draft', 100),
      /** The country or region of a school outside the mainland (Hong Kong, United Kingdom …). */
      schoolRegion: formText('draft', 50),
      major: formText(mode, 100),
      entryMonth: formMonth(mode),
      /** Expected for a student in their final year. */
      graduationMonth: formMonth(mode),
      gpa: formNumber(mode, { min: 0, max: 100 }),
      gpaScale: formChoice(mode, GPA_SCALES),
      rankBasis: formChoice(mode, RANK_BASES),
      rank: formNumber(mode, { min: 1, max: CAMP_FORM_LIMITS.cohortMax, integer: true }),
      cohortSize: formNumber(mode, { min: 1, max: CAMP_FORM_LIMITS.cohortMax, integer: true }),
    },
    { error: objectError },
  );
  if (mode === 'draft') return row;
  return row.superRefine((u, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (u.schoolKind === 'listed') {
      if (!u.schoolCode) issue('schoolCode', V.required);
      else if (!universityOf(u.schoolCode)) issue('schoolCode', V.invalidChoice);
    } else if (!u.schoolName) issue('schoolName', V.required);
    if (u.schoolKind === 'outsideMainland' && !u.schoolRegion) issue('schoolRegion', V.required);
    if (u.entryMonth && u.graduationMonth && u.graduationMonth < u.entryMonth) issue('graduationMonth', 'form.monthOrder');
    if (u.gpa !== undefined && u.gpaScale && u.gpa > Number(u.gpaScale)) issue('gpa', 'camp.gpaAboveScale');
    // A rank counts from 1 within the cohort: 12th of 150, never 160th of 150.
    if (u.rank !== undefined && u.cohortSize !== undefined && u.rank > u.cohortSize) issue('rank', 'camp.rankAboveCohort');
  });
}

export function englishRowSchema(mode: FormMode) {
  const row = z.object(
    {
      test: formChoice(mode, ENGLISH_TESTS),
      /** The test's name when it is none of the listed ones (e.g. PTE Academic). */
      testName: formText('draft', 50),
      score: formNumber(mode, { min: 0, max: 1000 }),
      month: formMonth(mode),
    },
    { error: objectError },
  );
  if (mode === 'draft') return row;
  return row.superRefine((r, ctx) => {
    if (r.test === 'other' && !r.testName) ctx.addIssue({ code: 'custom', path: ['testName'], message: V.required });
    if (r.test && r.score !== undefined) {
      const { min, max, step } = ENGLISH_SCORE_RANGE[r.test];
      if (r.score < min || r.score > max) ctx.addIssue({ code: 'custom', path: ['score'], message: 'form.numberRange' });
      else if (Math.abs(r.score / step - Math.round(r.score / step)) > 1e-9) ctx.addIssue({ code: 'custom', path: ['score'], message: 'form.numberStep' });
    }
  });
}

export function awardRowSchema(mode: FormMode) {
  return z.object({ name: formText(mode, 200), level: formChoice(mode, AWARD_LEVELS), month: formMonth(mode) }, { error: objectError });
}

/** A programme of one of the year's camps; the direction and the supervisor are optional wishes. */
export function campChoiceSchema(mode: FormMode) {
  return z.object({ programmeId: formId(mode), directionId: formId(mode, true), supervisorId: formId(mode, true) }, { error: objectError });
}

export function statementSchema(mode: FormMode) {
  const text = z.string({ error: typeError }).trim().max(CAMP_FORM_LIMITS.statementMax, { error: 'form.planLength' });
  return z.object({ text: mode === 'draft' ? text.nullish().transform((v) => v || undefined) : text.min(CAMP_FORM_LIMITS.statementMin, { error: 'form.planLength' }) }, { error: objectError });
}

export function campSectionSchemas(mode: FormMode) {
  const { rows } = CAMP_FORM_LIMITS;
  const choices = formRows(mode, campChoiceSchema(mode), rows.choices);
  return {
    contact: contactSchema(mode),
    undergraduate: undergraduateSchema(mode),
    english: formRows(mode, englishRowSchema(mode), rows.english),
    research: formRows(mode, researchRowSchema(mode), rows.research),
    awards: formRows(mode, awardRowSchema(mode), rows.awards),
    // The same programme twice is one choice.
    choices:
      mode === 'draft'
        ? choices
        : choices.superRefine((list, ctx) => {
            list.forEach((c, i) => {
              if (list.findIndex((o) => o.programmeId === c.programmeId) < i) ctx.addIssue({ code: 'custom', path: [i, 'programmeId'], message: 'camp.choiceRepeated' });
            });
          }),
    statement: statementSchema(mode),
  } satisfies Record<CampFormSection, z.ZodType>;
}

export const campDraftSectionSchemas = campSectionSchemas('draft');
export const campCompleteSectionSchemas = campSectionSchemas('complete');

/** Any subset of sections; each one given replaces the stored one whole. */
export const campDraftSections = z
  .object(Object.fromEntries(CAMP_FORM_SECTIONS.map((s) => [s, campDraftSectionSchemas[s].optional()])) as { [K in CampFormSection]: z.ZodOptional<(typeof campDraftSectionSchemas)[K]> }, { error: objectError })
  .strict();
export type CampDraftSections = z.output<typeof campDraftSections>;
export type CampStoredSections = Partialized<CampDraftSections>;
export type CampDraftSectionsInput = Loose<CampDraftSections>;

/** Months that record something already done: entering the school, a test taken, an award won. */
export const CAMP_PAST_MONTHS = { undergraduate: ['entryMonth'], english: ['month'], awards: ['month'] } as const;

/** Past-only months later than `nowMonth`, in the form's own paths (the server passes its clock, the browser the device's). */
export function campFutureMonthIssues(sections: Partial<Record<string, unknown>>, nowMonth: string) {
  const issues: { code: 'custom'; path: (string | number)[]; message: string }[] = [];
  const late = (value: unknown) => typeof value === 'string' && MONTH.test(value) && value > nowMonth;
  const u = sections.undergraduate as Record<string, unknown> | undefined;
  if (u && late(u.entryMonth)) issues.push({ code: 'custom', path: ['undergraduate', 'entryMonth'], message: 'form.futureMonth' });
  for (const section of ['english', 'awards'] as const) {
    const rows = sections[section];
    if (Array.isArray(rows)) rows.forEach((row, i) => late((row as Record<string, unknown> | null)?.month) && issues.push({ code: 'custom', path: [section, i, 'month'], message: 'form.futureMonth' }));
  }
  return issues;
}

/** POST /mucgrs-service/summerCamp/form/saveDraft */
export const campSaveDraftRequest = z.object({ version: formVersion, sections: campDraftSections }).strict();
export interface CampSaveDraftRequest {
  version: number;
  sections: CampDraftSectionsInput;
}

/** POST /mucgrs-service/summerCamp/form/detail */
export interface CampFormDetailView {
  status: FormStatus;
  version: number;
  sections: CampStoredSections;
  savedAt: string | null;
  submittedAt: string | null;
  reopenedSections: CampFormSection[];
  returnReason: string | null;
  returnedUntil: string | null;
  personal: FormPersonalView;
  /** The application window of the camps chosen (of all the year's camps before a choice). */
  submission: FormSubmissionWindow;
  missingMaterials: string[];
}

/** POST /mucgrs-service/summerCamp/form/catalogue: the year's camps, each with its programmes, their directions and supervisors. */
export interface CampCatalogueProgramme {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  department: { nameZh: string; nameEn: string };
  capacity: number;
  directions: { id: number; code: string; nameZh: string; nameEn: string; supervisors: { id: number; name: string; titleZh: string; titleEn: string }[] }[];
}
/** A camp as the office defined it (CampView), with whether it takes applications now. */
export interface CampCatalogueCamp extends Pick<CampView, 'id' | 'nameZh' | 'nameEn' | 'startsOn' | 'endsOn' | 'mode' | 'placeZh' | 'placeEn' | 'applyOpensAt' | 'applyClosesAt'> {
  /** Applications are open now. */
  open: boolean;
  programmes: CampCatalogueProgramme[];
}
export interface CampCatalogueView {
  camps: CampCatalogueCamp[];
}
