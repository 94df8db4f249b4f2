import { z } from 'zod';
import { typeError, V } from '../api/common';
import { isHmtType } from '../codes';
import {
  contactSchema,
  formChoice as choice,
  formId as id,
  formMonth as month,
  formRows,
  formText as text,
  formVersion as version,
  monthsInOrder as inOrder,
  MONTH,
  objectError,
  type FormMode as Mode,
  type FormPersonalView,
  type FormRulesFor,
  type FormStatus,
  type FormSubmissionWindow,
  type Loose,
  type Partialized,
} from '../forms/fields';

// The pieces every area's form shares, still reachable from here for the doctoral pages.
export {
  contactSchema,
  FORM_POSTCODE,
  FORM_STATUSES,
  MONTH,
  monthAt,
  phoneOk,
  submitFormRequest,
  type FormPersonalView,
  type FormRulesFor,
  type FormStatus,
  type SaveDraftResponse,
  type SubmitFormRequest,
  type SubmitFormResponse,
} from '../forms/fields';

/**
 * The doctoral exam registration form (issue #4, menu doctorRegisterApply). Personal details come
 * from registration and are never part of the form; the form is these sections. A draft keeps any
 * subset, each field checked for type and length only (an autosave mid-typing must not be refused
 * for a half-written e-mail address); submitting checks every required section completely.
 */
export const FORM_SECTIONS = ['contact', 'education', 'work', 'research', 'languages', 'intended', 'plan'] as const;
export type FormSection = (typeof FORM_SECTIONS)[number];
export const REQUIRED_SECTIONS: readonly FormSection[] = ['contact', 'education', 'intended', 'plan'];
export const LIST_SECTIONS = ['education', 'work', 'research', 'languages'] as const;
export type ListSection = (typeof LIST_SECTIONS)[number];

export const FORM_LIMITS = {
  rows: { education: { min: 1, max: 6 }, work: { min: 0, max: 6 }, research: { min: 0, max: 20 }, languages: { min: 0, max: 5 } },
  planMin: 200,
  planMax: 3000,
} as const;

export const DEGREES = ['bachelor', 'master', 'doctor', 'none'] as const;
export const RESEARCH_KINDS = ['paper', 'project', 'patent', 'award', 'other'] as const;
export const FOREIGN_LANGUAGES = ['english', 'japanese', 'russian', 'french', 'german', 'spanish', 'other'] as const;

/**
 * Months that record something already done: a start of study or work, a certificate obtained.
 * An end month may lie ahead (a master's degree still under way), so it is not listed.
 */
export const PAST_MONTH_FIELDS = { education: ['fromMonth'], work: ['fromMonth'], languages: ['obtainedMonth'] } as const;

/**
 * Past-only months later than `nowMonth`, as issues in the form's own paths. Kept out of the
 * schemas because they have no clock: the server passes its own, the browser the device's.
 */
export function futureMonthIssues(sections: Partial<Record<keyof typeof PAST_MONTH_FIELDS, readonly unknown[] | undefined>>, nowMonth: string) {
  const issues: { code: 'custom'; path: (string | number)[]; message: string }[] = [];
  for (const [section, fields] of Object.entries(PAST_MONTH_FIELDS) as [keyof typeof PAST_MONTH_FIELDS, readonly string[]][]) {
    (sections[section] ?? []).forEach((row, i) => {
      for (const field of fields) {
        const value = (row as Record<string, unknown> | null)?.[field];
        if (typeof value === 'string' && MONTH.test(value) && value > nowMonth) issues.push({ code: 'custom', path: [section, i, field], message: 'form.futureMonth' });
      }
    });
  }
  return issues;
}

export function educationRowSchema(mode: Mode) {
  const row = z.object({
    fromMonth: month(mode),
    toMonth: month(mode),
    school: text(mode, 100),
    major: text(mode, 100),
    degree: choice(mode, DEGREES),
    // Successive-doctorate applicants have no master's certificate yet: the number is optional.
    degreeCertificateNo: text(mode, 50, { optional: true }),
  }, { error: objectError });
  return mode === 'complete' ? row.superRefine(inOrder) : row;
}

export function workRowSchema(mode: Mode) {
  const row = z.object({
    fromMonth: month(mode),
    toMonth: month(mode, true),
    employer: text(mode, 100),
    position: text(mode, 50),
  }, { error: objectError });
  return mode === 'complete' ? row.superRefine(inOrder) : row;
}

export function researchRowSchema(mode: Mode) {
  return z.object({
    kind: choice(mode, RESEARCH_KINDS),
    title: text(mode, 200),
    /** Venue, year, authorship or role: free text. */
    detail: text(mode, 500, { optional: true }),
  }, { error: objectError });
}

export function languageRowSchema(mode: Mode) {
  return z.object({
    language: choice(mode, FOREIGN_LANGUAGES),
    certificateType: text(mode, 50),
    score: text(mode, 20),
    obtainedMonth: month(mode),
  }, { error: objectError });
}

export function intendedSchema(mode: Mode) {
  return z.object({ departmentId: id(mode), programmeId: id(mode), directionId: id(mode), supervisorId: id(mode) }, { error: objectError });
}

export function planSchema(mode: Mode) {
  const summary = z.string({ error: typeError }).trim().max(FORM_LIMITS.planMax, { error: 'form.planLength' });
  return z.object({
    summary: mode === 'draft' ? summary.nullish().transform((v) => v || undefined) : summary.min(FORM_LIMITS.planMin, { error: 'form.planLength' }),
  }, { error: objectError });
}

function rows<S extends z.ZodType>(mode: Mode, section: ListSection, row: S) {
  return formRows(mode, row, FORM_LIMITS.rows[section]);
}

export function sectionSchemas(mode: Mode, rules: FormRulesFor = {}) {
  return {
    contact: contactSchema(mode, rules),
    education: rows(mode, 'education', educationRowSchema(mode)),
    work: rows(mode, 'work', workRowSchema(mode)),
    research: rows(mode, 'research', researchRowSchema(mode)),
    languages: rows(mode, 'languages', languageRowSchema(mode)),
    intended: intendedSchema(mode),
    plan: planSchema(mode),
  } satisfies Record<FormSection, z.ZodType>;
}

const draft = sectionSchemas('draft');
const complete = sectionSchemas('complete');
export const draftSectionSchemas = draft;
export const completeSectionSchemas = complete;
const completeHmt = sectionSchemas('complete', { hmt: true });
/** The complete rules of an applicant's register type: the page shows them, submission enforces them. */
export const completeSectionSchemasFor = (registerType: number): typeof complete => (isHmtType(registerType) ? completeHmt : complete);

/** Any subset of sections; each one given replaces the stored one whole. */
export const draftSections = z
  .object(
    {
    contact: draft.contact.optional(),
    education: draft.education.optional(),
    work: draft.work.optional(),
    research: draft.research.optional(),
    languages: draft.languages.optional(),
    intended: draft.intended.optional(),
    plan: draft.plan.optional(),
    },
    { error: objectError },
  )
  .strict();
export type DraftSections = z.output<typeof draftSections>;
/** What the server holds and sends back: a draft's fields may be missing (never null). */
export type StoredSections = Partialized<DraftSections>;
/** What a client sends: any field may be missing, null or empty (a draft). */
export type DraftSectionsInput = Loose<DraftSections>;

export type ContactSection = z.output<typeof complete.contact>;
export type EducationRow = z.output<ReturnType<typeof educationRowSchema>>;
export type IntendedSection = z.output<typeof complete.intended>;

/** POST /mucgrs-service/doctor/form/saveDraft */
export const saveDraftRequest = z.object({ version, sections: draftSections }).strict();
export interface SaveDraftRequest {
  version: number;
  sections: DraftSectionsInput;
}
/** POST /mucgrs-service/doctor/form/detail */
export interface FormDetailView {
  status: FormStatus;
  /** 0 before the first save; every save and submission increments it. */
  version: number;
  sections: StoredSections;
  savedAt: string | null;
  submittedAt: string | null;
  /** The sections a reviewer reopened (status 'returned'); empty otherwise. */
  reopenedSections: FormSection[];
  returnReason: string | null;
  /** A returned form's correction deadline (ISO); null otherwise. */
  returnedUntil: string | null;
  personal: FormPersonalView;
  submission: FormSubmissionWindow;
  /** Required material categories with no file yet: submission waits for them. */
  missingMaterials: string[];
}

/** POST /mucgrs-service/doctor/form/catalogue: departments -> doctoral programmes -> directions -> supervisors. */
export interface CatalogueSupervisor {
  id: number;
  name: string;
  titleZh: string;
  titleEn: string;
}
export interface CatalogueDirection {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  supervisors: CatalogueSupervisor[];
}
export interface CatalogueProgramme {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  directions: CatalogueDirection[];
}
export interface CatalogueDepartment {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  programmes: CatalogueProgramme[];
}
export interface CatalogueView {
  departments: CatalogueDepartment[];
}

/** Staff: reopen named sections of a submitted form with a reason (back office and `npm run admin -- return-form`). */
export const returnFormInput = z.object({
  sections: z
    .array(z.enum(FORM_SECTIONS, { error: V.invalidChoice }), { error: typeError })
    .min(1, { error: V.required })
    .max(FORM_SECTIONS.length, { error: V.tooLong })
    .transform((s) => [...new Set(s)]),
  reason: z.string({ error: typeError }).trim().min(1, { error: V.required }).max(500, { error: V.tooLong }),
  /** The correction deadline (ISO with offset); 7 days after the return when left out. */
  until: z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? V.required : 'form.deadline') }).optional(),
});
/** How long a returned form stays open for corrections when the reviewer names no deadline. */
export const DEFAULT_CORRECTION_DAYS = 7;
export type ReturnFormInput = z.input<typeof returnFormInput>;
