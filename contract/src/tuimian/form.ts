import { z } from 'zod';
import { V } from '../api/common';
import { PROGRAMME_DEGREES } from '../codes';
import { researchRowSchema } from '../doctor/form';
import {
  contactSchema,
  formChoice,
  formId,
  formRows,
  formText,
  formVersion,
  objectError,
  type FormMode,
  type FormPersonalView,
  type FormStatus,
  type FormSubmissionWindow,
  type Loose,
  type Partialized,
} from '../forms/fields';
import { awardRowSchema, campFutureMonthIssues, englishRowSchema, statementSchema, undergraduateSchema } from '../summer-camp/form';
import type { CampAttendance, CampRating } from '../api/staff-camp-admission';
import { universityOf } from '../summer-camp/universities';

/**
 * The recommended-exempt (推免) application form (issue #11, menu recommendedStudentApply): the
 * form engine of the doctoral and camp forms (sections, drafts, autosave, a version per save,
 * locking on submission, sections reopened by a reviewer). A tuimian applicant applies once, to one
 * programme, with the recommendation their own university granted (or will grant) them.
 */
export const TMS_FORM_SECTIONS = ['contact', 'undergraduate', 'recommendation', 'english', 'research', 'awards', 'choice', 'statement'] as const;
export type TmsFormSection = (typeof TMS_FORM_SECTIONS)[number];
export const TMS_REQUIRED_SECTIONS: readonly TmsFormSection[] = ['contact', 'undergraduate', 'recommendation', 'choice', 'statement'];

export const TMS_FORM_LIMITS = {
  rows: { english: { min: 0, max: 6 }, research: { min: 0, max: 10 }, awards: { min: 0, max: 10 } },
  statementMin: 200,
  statementMax: 2000,
} as const;

/**
 * Whether the recommending university has granted the recommendation (推免资格) yet: universities
 * publish their lists in September, and an applicant may apply while theirs is still pending.
 */
export const RECOMMENDATION_STATUSES = ['granted', 'pending'] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

/** What the applicant is recommended for: a master's (academic or professional) or a direct doctorate (直博). */
export const TMS_DEGREE_TYPES = ['academicMaster', 'professionalMaster', 'directDoctoral'] as const;
export type TmsDegreeType = (typeof TMS_DEGREE_TYPES)[number];
/** The programme degree (table programme, PROGRAMME_DEGREES) each degree type applies to. */
export const TMS_DEGREE_PROGRAMMES: Readonly<Record<TmsDegreeType, ProgrammeDegree>> = {
  academicMaster: PROGRAMME_DEGREES.MASTER,
  professionalMaster: PROGRAMME_DEGREES.MASTER,
  directDoctoral: PROGRAMME_DEGREES.DOCTORATE,
};

/** A programme's degree (table programme): a master's or a doctorate. */
export type ProgrammeDegree = (typeof PROGRAMME_DEGREES)[keyof typeof PROGRAMME_DEGREES];

/** Willing to be transferred (调剂) to another programme of the school if the first has no place. */
export const YES_NO = ['yes', 'no'] as const;

/**
 * The recommendation: which university recommends the applicant (only a mainland university on the
 * list holds recommendation rights), whether it has granted it, and a camp result of this
 * university to link (a released summer-camp result of the same person, by ID number).
 */
export function recommendationSchema(mode: FormMode) {
  return z.object(
    {
      status: formChoice(mode, RECOMMENDATION_STATUSES),
      universityCode: mode === 'draft' ? formText(mode, 10) : formText(mode, 10, { format: { ok: (v) => !!universityOf(v), key: V.invalidChoice } }),
      campPlaceId: formId(mode, true),
    },
    { error: objectError },
  );
}

/** One programme; the direction is required, the supervisor too for a direct doctorate (one is named from the start). */
export function tmsChoiceSchema(mode: FormMode) {
  const row = z.object(
    {
      degreeType: formChoice(mode, TMS_DEGREE_TYPES),
      programmeId: formId(mode),
      directionId: formId(mode),
      supervisorId: formId(mode, true),
      willingToTransfer: formChoice(mode, YES_NO),
    },
    { error: objectError },
  );
  if (mode === 'draft') return row;
  return row.superRefine((c, ctx) => {
    if (c.degreeType === 'directDoctoral' && c.supervisorId === undefined) ctx.addIssue({ code: 'custom', path: ['supervisorId'], message: 'tms.supervisorForDirectDoctoral' });
  });
}

export function tmsSectionSchemas(mode: FormMode) {
  const { rows } = TMS_FORM_LIMITS;
  return {
    contact: contactSchema(mode),
    undergraduate: undergraduateSchema(mode),
    recommendation: recommendationSchema(mode),
    english: formRows(mode, englishRowSchema(mode), rows.english),
    research: formRows(mode, researchRowSchema(mode), rows.research),
    awards: formRows(mode, awardRowSchema(mode), rows.awards),
    choice: tmsChoiceSchema(mode),
    statement: statementSchema(mode),
  } satisfies Record<TmsFormSection, z.ZodType>;
}

export const tmsDraftSectionSchemas = tmsSectionSchemas('draft');
export const tmsCompleteSectionSchemas = tmsSectionSchemas('complete');

/** Any subset of sections; each one given replaces the stored one whole. */
export const tmsDraftSections = z
  .object(Object.fromEntries(TMS_FORM_SECTIONS.map((s) => [s, tmsDraftSectionSchemas[s].optional()])) as { [K in TmsFormSection]: z.ZodOptional<(typeof tmsDraftSectionSchemas)[K]> }, { error: objectError })
  .strict();
export type TmsDraftSections = z.output<typeof tmsDraftSections>;
export type TmsStoredSections = Partialized<TmsDraftSections>;
export type TmsDraftSectionsInput = Loose<TmsDraftSections>;

/** Past-only months later than `nowMonth` (entering the school, a test taken, an award won): the camp form's rule, the same sections. */
export const tmsFutureMonthIssues = campFutureMonthIssues;

/** POST /mucgrs-service/tms/form/saveDraft */
export const tmsSaveDraftRequest = z.object({ version: formVersion, sections: tmsDraftSections }).strict();
export interface TmsSaveDraftRequest {
  version: number;
  sections: TmsDraftSectionsInput;
}

/** POST /mucgrs-service/tms/form/detail */
export interface TmsFormDetailView {
  status: FormStatus;
  version: number;
  sections: TmsStoredSections;
  savedAt: string | null;
  submittedAt: string | null;
  reopenedSections: TmsFormSection[];
  returnReason: string | null;
  returnedUntil: string | null;
  personal: FormPersonalView;
  /** The tms cycle's registration and form-submission windows (the narrower of the two). */
  submission: FormSubmissionWindow;
  missingMaterials: string[];
  /** The back office's file only: the camp result the form links, named (the staff catalogue lists none). */
  linkedCampResult?: TmsCampResultView | null;
}

/** A programme the applicant may choose, with the degree it leads to (a degree type names which). */
export interface TmsCatalogueProgramme {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  degree: ProgrammeDegree;
  directions: { id: number; code: string; nameZh: string; nameEn: string; supervisors: { id: number; name: string; titleZh: string; titleEn: string }[] }[];
}

/**
 * A released summer-camp result of this university held by the same person (their camp account has
 * the same ID number): the form may link it. It counts only for the camp's own programme.
 */
export interface TmsCampResultView {
  placeId: number;
  recruitYear: string;
  campNameZh: string;
  campNameEn: string;
  programmeId: number;
  programmeNameZh: string;
  programmeNameEn: string;
  attendance: CampAttendance;
  rating: CampRating | null;
}

/** POST /mucgrs-service/tms/form/catalogue */
export interface TmsCatalogueView {
  departments: { id: number; code: string; nameZh: string; nameEn: string; programmes: TmsCatalogueProgramme[] }[];
  campResults: TmsCampResultView[];
}

/**
 * The tms cycle's stages, each with a window per recruitment year (the office's stage timeline). The
 * fee is paid while registration and `feePaid` are both open, as in the doctoral cycle.
 */
export const TMS_STAGES = ['registration', 'formSubmitted', 'feePaid'] as const;
