import { z } from 'zod';
import { V, emptyBody, requiredText, typeError } from '../api/common';
import { isHmtType } from '../codes';
import { hmtMobileOk, MAINLAND_MOBILE, PERSON_NAME } from '../validators/contact';

/**
 * Admission paperwork of an admitted doctoral applicant (menu group /Admission): where their
 * personnel file is held (the file-transfer letter is addressed there), where the admission notice
 * is posted, and where the paper file-transfer letter is posted. One record per kind, applicant and
 * cycle (table admission_record); staff add the postal tracking number of what they send.
 */
export const ADMISSION_KINDS = ['archive', 'notice', 'paperLetter'] as const;
export type AdmissionKind = (typeof ADMISSION_KINDS)[number];
/** What staff post and track: the admission notice and the paper file-transfer letter. */
export const POSTED_KINDS = ['notice', 'paperLetter'] as const;
export type PostedKind = (typeof POSTED_KINDS)[number];

/** Mainland postcodes: six digits. */
export const POSTCODE = /^\d{6}$/;
/** A landline with its area code (010, 0755 ...), an optional hyphen and an optional extension. */
export const LANDLINE = /^0\d{2,3}-?\d{7,8}(?:-\d{1,6})?$/;
/** Postal tracking numbers (EMS, SF Express ...): letters and digits, 8 to 30 of them. */
export const TRACKING_NUMBER = /^[A-Za-z0-9]{8,30}$/;
export const isTrackingNumber = (value: string): boolean => TRACKING_NUMBER.test(value.trim());

/** Spaces typed inside a number ("138 0013 8000") are dropped rather than refused. */
const compact = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v);

const postcodeField = z.preprocess(compact, z.string({ error: typeError }).min(1, { error: V.required }).regex(POSTCODE, { error: 'admission.postcode' }));
const phoneField = z.preprocess(
  compact,
  z
    .string({ error: typeError })
    .min(1, { error: V.required })
    .max(30, { error: V.tooLong })
    .refine((v) => MAINLAND_MOBILE.test(v) || LANDLINE.test(v), { error: 'admission.phone' }),
);
const mobileField = z.preprocess(compact, z.string({ error: typeError }).min(1, { error: V.required }).regex(MAINLAND_MOBILE, { error: 'mobile.format' }));
/** Hong Kong, Macao and Taiwan applicants often have no mainland number: their own, with its country code (+852 …), counts too. */
const anyMobileField = z.preprocess(
  compact,
  z
    .string({ error: typeError })
    .min(1, { error: V.required })
    .max(30, { error: V.tooLong })
    .refine(hmtMobileOk, { error: 'mobile.hmtFormat' }),
);
/** A notice posted to Hong Kong needs no postcode (there is none); Macao, Taiwan and abroad have their own. */
const HMT_POSTCODE = /^[A-Za-z0-9][A-Za-z0-9-]{1,9}$/;
const optionalPostcodeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') || undefined : v ?? undefined),
  z.string({ error: typeError }).regex(HMT_POSTCODE, { error: 'form.postcode' }).optional(),
);
const personField = requiredText(50).regex(PERSON_NAME, { error: 'name.format' });
const unitField = requiredText(100);
const addressField = requiredText(200);

/** The unit that holds the applicant's personnel file now; the file-transfer letter is addressed to it. */
export const archiveInfo = z
  .object({
    archiveUnitName: unitField,
    archiveUnitAddress: addressField,
    archivePostcode: postcodeField,
    archiveContactPerson: personField,
    archiveContactPhone: phoneField,
    /** Held by a talent-exchange centre (人才交流中心) rather than an employer or a university. */
    heldByTalentCentre: z.boolean({ error: typeError }),
  })
  .strict();
export type ArchiveInfo = z.infer<typeof archiveInfo>;

/** Where the admission notice is posted. */
export const noticeInfo = z
  .object({
    noticeRecipient: personField,
    noticeMobile: mobileField,
    noticeProvince: requiredText(30),
    noticeCity: requiredText(30),
    noticeAddress: addressField,
    noticePostcode: postcodeField,
  })
  .strict();
export type NoticeInfo = z.infer<typeof noticeInfo>;
/** The notice form of a Hong Kong/Macao/Taiwan applicant (register type 4): a mobile with its country code, a postcode only if the address has one. */
export const noticeInfoInternational = noticeInfo.extend({ noticeMobile: anyMobileField, noticePostcode: optionalPostcodeField }).strict();

/** Where the paper file-transfer letter is posted (usually the archive-holding unit itself). */
export const paperLetterInfo = z
  .object({
    letterRecipientUnit: unitField,
    letterAddress: addressField,
    letterPostcode: postcodeField,
    letterContactPerson: personField,
    letterContactPhone: phoneField,
  })
  .strict();
export type PaperLetterInfo = z.infer<typeof paperLetterInfo>;

export interface AdmissionData {
  archive: ArchiveInfo;
  notice: NoticeInfo;
  paperLetter: PaperLetterInfo;
}
export const ADMISSION_SCHEMAS = { archive: archiveInfo, notice: noticeInfo, paperLetter: paperLetterInfo } as const;
/**
 * The schema the server and the page check a kind against. `internationalMobile` comes from the
 * server (AdmissionDetailView), which knows the applicant's register type.
 */
export function admissionSchema<K extends AdmissionKind>(kind: K, opts: { internationalMobile: boolean }): (typeof ADMISSION_SCHEMAS)[K] {
  if (kind === 'notice' && opts.internationalMobile) return noticeInfoInternational as unknown as (typeof ADMISSION_SCHEMAS)[K];
  return ADMISSION_SCHEMAS[kind];
}
/** The fields of each kind in the order the pages show them. */
export const ADMISSION_FIELDS = {
  archive: Object.keys(archiveInfo.shape) as (keyof ArchiveInfo)[],
  notice: Object.keys(noticeInfo.shape) as (keyof NoticeInfo)[],
  paperLetter: Object.keys(paperLetterInfo.shape) as (keyof PaperLetterInfo)[],
} as const;

const kindField = z.enum(ADMISSION_KINDS, { error: V.invalidChoice });

/** POST /mucgrs-service/doctor/admission/detail */
export const admissionDetailRequest = z.object({ kind: kindField }).strict();
export type AdmissionDetailRequest = z.infer<typeof admissionDetailRequest>;

/**
 * POST /mucgrs-service/doctor/admission/save. `data` is checked against the schema of `kind` in a
 * second step, so each message names the field itself (not "data").
 */
export const admissionSaveRequest = z.object({ kind: kindField, data: z.unknown() }).strict();
export interface AdmissionSaveRequest<K extends AdmissionKind = AdmissionKind> {
  kind: K;
  data: AdmissionData[K];
}

/** POST /mucgrs-service/doctor/admission/letterPdf: no body; replies application/pdf. */
export const admissionLetterRequest = emptyBody;

/** Why a record cannot be edited now: the stage has not opened, has closed, or staff have posted it. */
export const ADMISSION_LOCKS = ['notOpen', 'closed', 'posted'] as const;
export type AdmissionLock = (typeof ADMISSION_LOCKS)[number];

export interface AdmissionDetailView<K extends AdmissionKind = AdmissionKind> {
  kind: K;
  /** The saved values; before the first save, suggestions from the form (or the archive record). */
  data: Partial<AdmissionData[K]>;
  saved: boolean;
  updatedAt: string | null;
  /** Filled by the graduate school once posted (notice and paper letter only). */
  trackingNumber: string | null;
  postedAt: string | null;
  editable: boolean;
  lock: AdmissionLock | null;
  /** The admission-paperwork stage's window (ISO dates; null = unbounded). */
  window: { opensAt: string | null; closesAt: string | null };
  /** A Hong Kong/Macao/Taiwan applicant: the notice's mobile may be a number outside the mainland. */
  internationalMobile: boolean;
  /** False: this paperwork is not the applicant's (admissionKindApplies); the page says why, saving is refused. */
  applies: boolean;
}

/**
 * Whether a kind of paperwork is an applicant's. A Hong Kong, Macao or Taiwan applicant (type 4) has
 * no personnel file on the mainland: no unit to name, no file-transfer letter, no letter to post.
 * Their admission notice is all there is.
 */
export const admissionKindApplies = (kind: AdmissionKind, registerType: number): boolean => !(isHmtType(registerType) && (kind === 'archive' || kind === 'paperLetter'));

export interface AdmissionSaveView {
  updatedAt: string;
}
