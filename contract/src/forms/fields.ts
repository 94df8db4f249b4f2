import { z } from 'zod';
import { typeError, V } from '../api/common';
import { EMAIL, hmtMobileOk, INTERNATIONAL_MOBILE, MAINLAND_MOBILE } from '../validators/contact';

/**
 * The building blocks of every area's application form (the doctoral one of issue #4, the summer
 * camp's of #11): a draft keeps any subset of sections, each field checked for type and length only
 * (an autosave mid-typing must not be refused for a half-written e-mail address); submitting checks
 * every required section completely. Each field is built for one of the two modes.
 */
export type FormMode = 'draft' | 'complete';

export const FORM_STATUSES = ['none', 'draft', 'submitted', 'returned'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

/** 'YYYY-MM', months 01–12. */
export const MONTH = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;
const MONTH_FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' });
/** The month 'YYYY-MM' it is at `ms` on the university's clock (Beijing time). */
export function monthAt(ms: number): string {
  const parts = MONTH_FORMAT.formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}`;
}

/** Mainland six digits; Hong Kong, Macao, Taiwan and abroad use their own short codes. */
export const FORM_POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

/** typeError for a missing or mistyped object; an unknown key keeps zod's own issue code. */
export const objectError = (issue: { code?: string; input?: unknown }) => (issue.code === 'unrecognized_keys' ? undefined : typeError(issue));

/**
 * A text field. In a draft: optional, null and '' mean "not filled", only type and length checked.
 * Complete: required unless `optional`, and the format checked.
 */
export function formText(mode: FormMode, max: number, opts: { optional?: boolean; format?: { ok: (v: string) => boolean; key: string } } = {}) {
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
export function formMonth(mode: FormMode, optional = false) {
  const base = z.string({ error: typeError }).trim();
  const checked = base.refine((v) => v === '' || MONTH.test(v), { error: 'form.month' });
  if (mode === 'draft' || optional) return checked.nullish().transform((v) => v || undefined);
  return base.min(1, { error: V.required }).regex(MONTH, { error: 'form.month' });
}

export function formChoice<T extends readonly [string, ...string[]]>(mode: FormMode, values: T, optional = false) {
  const e = z.enum(values, { error: (i) => (i.input === undefined || i.input === null ? V.required : V.invalidChoice) });
  return mode === 'draft' || optional ? e.nullish().transform((v) => v ?? undefined) : e;
}

/** A catalogue id (programme, direction, supervisor). */
export function formId(mode: FormMode, optional = false) {
  const n = z.number({ error: typeError }).int({ error: V.invalidType }).positive({ error: V.invalidType });
  return mode === 'draft' || optional ? n.nullish().transform((v) => v ?? undefined) : n;
}

/** A number within bounds (a GPA, a rank, a test score); `step` for scores given in halves. */
export function formNumber(mode: FormMode, bounds: { min: number; max: number; integer?: boolean; step?: number }, optional = false) {
  let n = z.number({ error: typeError }).min(bounds.min, { error: 'form.numberRange' }).max(bounds.max, { error: 'form.numberRange' });
  if (bounds.integer) n = n.int({ error: V.invalidType });
  const { step } = bounds;
  const stepped = step ? n.refine((v) => Math.abs(v / step - Math.round(v / step)) < 1e-9, { error: 'form.numberStep' }) : n;
  return mode === 'draft' || optional ? stepped.nullish().transform((v) => v ?? undefined) : stepped;
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
export function contactSchema(mode: FormMode, rules: FormRulesFor = {}) {
  const postcode = { format: { ok: (v: string) => FORM_POSTCODE.test(v), key: 'form.postcode' } };
  return z.object({
    mobile: rules.hmt ? formText(mode, 20, { format: { ok: hmtMobileOk, key: 'mobile.hmtFormat' } }) : formText(mode, 20, { format: { ok: mobileOk, key: 'mobile.format' } }),
    email: formText(mode, 254, { format: { ok: (v) => EMAIL.test(v), key: 'email.format' } }),
    mailingAddress: formText(mode, 200),
    postcode: formText(mode, 10, rules.hmt ? { ...postcode, optional: true } : postcode),
    emergencyName: formText(mode, 50),
    emergencyRelation: formText(mode, 20),
    // A parent or spouse is often reached on a home or office landline.
    emergencyPhone: formText(mode, 30, { format: { ok: phoneOk, key: 'form.phone' } }),
  }, { error: objectError });
}

/** From/to months in order; `to` may be open (work history "until now"). */
export function monthsInOrder<T extends { fromMonth?: string | undefined; toMonth?: string | undefined }>(row: T, ctx: z.RefinementCtx): void {
  if (row.fromMonth && row.toMonth && row.toMonth < row.fromMonth) ctx.addIssue({ code: 'custom', path: ['toMonth'], message: 'form.monthOrder' });
}

/** A list section: at most `max` rows, and at least `min` once complete. */
export function formRows<S extends z.ZodType>(mode: FormMode, row: S, { min, max }: { min: number; max: number }) {
  const list = z.array(row, { error: typeError }).max(max, { error: 'form.tooManyRows' });
  return mode === 'complete' && min > 0 ? list.min(min, { error: V.required }) : list;
}

/** What the server holds and sends back of a draft: any field may be missing (never null). */
export type Partialized<T> = T extends readonly (infer U)[] ? Partialized<U>[] : T extends object ? { [K in keyof T]?: Partialized<T[K]> } : T;
/** What a client sends as a draft: any field may be missing, null or empty. */
export type Loose<T> = T extends readonly (infer U)[] ? Loose<U>[] : T extends object ? { [K in keyof T]?: Loose<T[K]> | null } : T;

/** The form's version as the client read it: 0 before the first save. */
export const formVersion = z.number({ error: typeError }).int({ error: V.invalidType }).min(0, { error: V.invalidType });

/** POST .../form/submit (every area's). */
export const submitFormRequest = z.object({ version: formVersion }).strict();
export type SubmitFormRequest = z.input<typeof submitFormRequest>;
export interface SubmitFormResponse {
  status: 'submitted';
  version: number;
  submittedAt: string;
}
export interface SaveDraftResponse {
  status: Exclude<FormStatus, 'none'>;
  version: number;
  savedAt: string;
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

/**
 * When submission opens and closes (ISO); open now, or closed for good (neither = not open yet).
 * For a returned form this is its correction deadline, not the registration window.
 */
export interface FormSubmissionWindow {
  opensAt: string | null;
  closesAt: string | null;
  open: boolean;
  closed: boolean;
}
