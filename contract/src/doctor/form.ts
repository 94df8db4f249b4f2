import { z } from 'zod';
import { typeError, V } from '../api/common';
import { isHmtType } from '../codes';
import { EMAIL, hmtMobileOk, INTERNATIONAL_MOBILE, MAINLAND_MOBILE } from '../validators/contact';

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

export const FORM_STATUSES = ['none', 'draft', 'submitted', 'returned'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

export const FORM_LIMITS = {
  rows: { education: { min: 1, max: 6 }, work: { min: 0, max: 6 }, research: { min: 0, max: 20 }, languages: { min: 0, max: 5 } },
  planMin: 200,
  planMax: 3000,
} as const;

export const DEGREES = ['bachelor', 'master', 'doctor', 'none'] as const;
export const RESEARCH_KINDS = ['paper', 'project', 'patent', 'award', 'other'] as const;
export const FOREIGN_LANGUAGES = ['english', 'japanese', 'russian', 'french', 'german', 'spanish', 'other'] as const;

/** 'YYYY-MM', months 01–12. */
export const MONTH = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;
const MONTH_FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' });
/** The month 'YYYY-MM' it is at `ms` on the university's clock (Beijing time). */
export function monthAt(ms: number): string {
  const parts = MONTH_FORMAT.formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}`;
}

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

/** Mainland six digits; Hong Kong, Macao, Taiwan and abroad use their own short codes. */
export const FORM_POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

type Mode = 'draft' | 'complete';

/** typeError for a missing or mistyped object; an unknown key keeps zod's own issue code. */
const objectError = (issue: { code?: string; input?: unknown }) => (issue.code === 'unrecognized_keys' ? undefined : typeError(issue));

/**
 * A text field. In a draft: optional, null and '' mean "not filled", only type and length checked.
 * Complete: required unless `optional`, and the format checked.
 */
function text(mode: Mode, max: number, opts: { optional?: boolean; format?: { ok: (v: string) => boolean; key: string } } = {}) {
  const base = z.string({ error: typeError }).trim().max(max, { error: V.tooLong });
  if (mode === 'draft') return base.nullish().transform((v) => v || undefined);
  const { format } = opts;
  if (opts.optional) {
    const checked = format ? base.refine((v) => v === '' || format.ok(v), { error: format.key }) : base;
    return checked.nullish().transform((v) => v || undefined);
  }
  const required = base.min(1, { error: V.required });
  return format ? required.refine(format.ok, { error: format.key }) : required;
}

/** A month 'YYYY-MM'. Months come from a picker, so even a draft holds only real ones. */
function month(mode: Mode, optional = false) {
  const base = z.string({ error: typeError }).trim();
  const checked = base.refine((v) => v === '' || MONTH.test(v), { error: 'form.month' });
  if (mode === 'draft' || optional) return checked.nullish().transform((v) => v || undefined);
  return base.min(1, { error: V.required }).regex(MONTH, { error: 'form.month' });
}

function choice<T extends readonly [string, ...string[]]>(mode: Mode, values: T) {
  const e = z.enum(values, { error: (i) => (i.input === undefined || i.input === null ? V.required : V.invalidChoice) });
  return mode === 'draft' ? e.nullish().transform((v) => v ?? undefined) : e;
}

function id(mode: Mode) {
  const n = z.number({ error: typeError }).int({ error: V.invalidType }).positive({ error: V.invalidType });
  return mode === 'draft' ? n.nullish().transform((v) => v ?? undefined) : n;
}

const mobileOk = (v: string) => MAINLAND_MOBILE.test(v) || INTERNATIONAL_MOBILE.test(v);

/**
 * A telephone as people write it: a mobile, or a landline with its area or country code
 * ('010-62751234', '(0755) 8888 1234', '+852 2345 6789', '+86 10 6275 1234 ext 8').
 * Digits with single spaces, hyphens or brackets between them; 7 to 20 digits in all.
 */
const PHONE_TEXT = /^\+?(?:\(\d{1,5}\)|\d)(?:[ -]?(?:\(\d{1,5}\)|\d))*(?:[ ]?(?:ext\.?|x|转)[ ]?\d{1,6})?$/i;
export const phoneOk = (v: string): boolean => {
  if (mobileOk(v)) return true;
  const digits = v.replace(/\D/g, '').length;
  return PHONE_TEXT.test(v) && digits >= 7 && digits <= 20;
};

/** Whose form a schema checks: Hong Kong, Macao and Taiwan applicants (register type 4) have their own rules. */
export interface FormRulesFor {
  hmt?: boolean;
}

/**
 * Contact and mailing address; the emergency contact is a person other than the applicant. A Hong
 * Kong, Macao or Taiwan applicant gives a mobile with its country code and may leave the postcode
 * empty (Hong Kong has none): no mainland-only rule for them.
 */
export function contactSchema(mode: Mode, rules: FormRulesFor = {}) {
  const postcode = { format: { ok: (v: string) => FORM_POSTCODE.test(v), key: 'form.postcode' } };
  return z.object({
    mobile: rules.hmt ? text(mode, 20, { format: { ok: hmtMobileOk, key: 'mobile.hmtFormat' } }) : text(mode, 20, { format: { ok: mobileOk, key: 'mobile.format' } }),
    email: text(mode, 254, { format: { ok: (v) => EMAIL.test(v), key: 'email.format' } }),
    mailingAddress: text(mode, 200),
    postcode: text(mode, 10, rules.hmt ? { ...postcode, optional: true } : postcode),
    emergencyName: text(mode, 50),
    emergencyRelation: text(mode, 20),
    // A parent or spouse is often reached on a home or office landline.
    emergencyPhone: text(mode, 30, { format: { ok: phoneOk, key: 'form.phone' } }),
  }, { error: objectError });
}

/** From/to months in order; `to` may be open (work history "until now"). */
function inOrder<T extends { fromMonth?: string | undefined; toMonth?: string | undefined }>(row: T, ctx: z.RefinementCtx): void {
  if (row.fromMonth && row.toMonth && row.toMonth < row.fromMonth) ctx.addIssue({ code: 'custom', path: ['toMonth'], message: 'form.monthOrder' });
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
  const { min, max } = FORM_LIMITS.rows[section];
  const list = z.array(row, { error: typeError }).max(max, { error: 'form.tooManyRows' });
  return mode === 'complete' && min > 0 ? list.min(min, { error: V.required }) : list;
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
type Partialized<T> = T extends readonly (infer U)[] ? Partialized<U>[] : T extends object ? { [K in keyof T]?: Partialized<T[K]> } : T;
/** What the server holds and sends back: a draft's fields may be missing (never null). */
export type StoredSections = Partialized<DraftSections>;
type Loose<T> = T extends readonly (infer U)[] ? Loose<U>[] : T extends object ? { [K in keyof T]?: Loose<T[K]> | null } : T;
/** What a client sends: any field may be missing, null or empty (a draft). */
export type DraftSectionsInput = Loose<DraftSections>;

export type ContactSection = z.output<typeof complete.contact>;
export type EducationRow = z.output<ReturnType<typeof educationRowSchema>>;
export type IntendedSection = z.output<typeof complete.intended>;

const version = z.number({ error: typeError }).int({ error: V.invalidType }).min(0, { error: V.invalidType });

/** POST /mucgrs-service/doctor/form/saveDraft */
export const saveDraftRequest = z.object({ version, sections: draftSections }).strict();
export interface SaveDraftRequest {
  version: number;
  sections: DraftSectionsInput;
}
export interface SaveDraftResponse {
  status: Exclude<FormStatus, 'none'>;
  version: number;
  savedAt: string;
}

/** POST /mucgrs-service/doctor/form/submit */
export const submitFormRequest = z.object({ version }).strict();
export type SubmitFormRequest = z.input<typeof submitFormRequest>;
export interface SubmitFormResponse {
  status: 'submitted';
  version: number;
  submittedAt: string;
}

/** The registration details the form shows read-only; the ID number arrives masked. */
export interface FormPersonalView {
  name: string;
  sex: string | null;
  idType: string | null;
  idNumber: string | null;
  registerNo: string;
  registerType: number;
  recruitYear: string;
  email: string | null;
  mobile: string | null;
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
  /**
   * When submission opens and closes (ISO); open now, or closed for good (neither = not open yet).
   * For a returned form this is its correction deadline, not the registration window.
   */
  submission: { opensAt: string | null; closesAt: string | null; open: boolean; closed: boolean };
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
