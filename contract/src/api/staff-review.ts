/**
 * The office's and the secretaries' review of an application (issue #9): the photo queue, the
 * eligibility ("qualification") decision and returning a form for correction. Each call names the
 * application or photo it acts on; the server checks the caller's scope on that record.
 */
import { z } from 'zod';
import { ADMISSION_AREAS, type AdmissionArea } from '../areas';
import { FORM_SECTIONS, returnFormInput } from '../doctor/form';
import { CAMP_FORM_SECTIONS } from '../summer-camp/form';
import { TMS_FORM_SECTIONS } from '../tuimian/form';
import { PHOTO_OUTCOMES } from '../doctor/materials-api';
import type { PhotoRules } from '../doctor/materials';
import { REVIEW_OUTCOMES } from '../doctor/journey';
import { choice, typeError, V } from './common';
import { ELIGIBILITY_STAGES, QUALIFICATION_REVIEW_STAGE } from './staff';
import { applicationIdField, recordIdField } from './staff-file';

const optionalReason = z.string({ error: typeError }).trim().max(500, { error: V.tooLong }).optional();

/** The reasons a photo is most often rejected for: picked with a number key, or typed. */
export const PHOTO_REJECT_REASONS = ['background', 'notFrontal', 'blurred', 'headwear', 'cropped', 'notRecent'] as const;
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number];

/** POST /mucgrs-service/staff/photos/next: the oldest photo waiting in the caller's scope. */
export const photoQueueRequest = z
  .object({
    area: choice(ADMISSION_AREAS).default('doctor'),
    /** Photos (material ids) the reviewer passed over in this sitting: the queue offers the next one instead. */
    skip: z.array(recordIdField, { error: typeError }).max(500, { error: V.tooLong }).default([]),
  })
  .strict();
export type PhotoQueueRequest = z.input<typeof photoQueueRequest>;

export interface PhotoInQueue {
  materialId: number;
  applicationId: number;
  applicantNumber: string;
  name: string;
  programme: { code: string; nameZh: string; nameEn: string } | null;
  /** For getFileByte. */
  filePath: string;
  sizeBytes: number;
  uploadedAt: string;
}

export interface PhotoQueueView {
  /** Null when nothing waits (or only what was skipped). */
  photo: PhotoInQueue | null;
  /** The one after it, so the page can fetch its bytes while the reviewer decides. */
  following: PhotoInQueue | null;
  /** Photos waiting in the caller's scope, skipped ones included. */
  waiting: number;
  rules: PhotoRules;
  area: AdmissionArea;
}

/** POST /mucgrs-service/staff/photos/review */
export const photoDecisionRequest = z
  .object({
    materialId: recordIdField,
    outcome: choice(PHOTO_OUTCOMES),
    reason: optionalReason,
  })
  .strict()
  // The applicant must know what to change.
  .refine((d) => d.outcome === 'approved' || Boolean(d.reason), { path: ['reason'], error: V.required });
export type PhotoDecisionRequest = z.input<typeof photoDecisionRequest>;

/** POST /mucgrs-service/staff/applications/decide: the eligibility review's pass or fail. */
export const qualificationDecisionRequest = z
  .object({
    applicationId: applicationIdField,
    /** Which review decides: the graduate school's eligibility decision unless the school's review is named. */
    stage: choice(ELIGIBILITY_STAGES).default(QUALIFICATION_REVIEW_STAGE),
    outcome: choice(REVIEW_OUTCOMES),
    reason: optionalReason,
  })
  .strict()
  .refine((d) => d.outcome === 'pass' || Boolean(d.reason), { path: ['reason'], error: V.required });
export type QualificationDecisionRequest = z.input<typeof qualificationDecisionRequest>;

/** POST /mucgrs-service/staff/applications/return: reopen named sections until a deadline. */
/**
 * Any section of any area's form: the application's area then accepts only its own form's sections
 * (a camp form has no "family" section), with the same message as an unknown one.
 */
export const STAFF_FORM_SECTIONS = [...new Set<string>([...FORM_SECTIONS, ...CAMP_FORM_SECTIONS, ...TMS_FORM_SECTIONS])] as [string, ...string[]];
export const staffReturnInput = returnFormInput.extend({
  sections: z
    .array(z.enum(STAFF_FORM_SECTIONS, { error: V.invalidChoice }), { error: typeError })
    .min(1, { error: V.required })
    .max(STAFF_FORM_SECTIONS.length, { error: V.tooLong })
    .transform((s) => [...new Set(s)]),
});
export type StaffReturnInput = z.input<typeof staffReturnInput>;
export const returnApplicationRequest = staffReturnInput.extend({ applicationId: applicationIdField }).strict();
export type ReturnApplicationRequest = z.input<typeof returnApplicationRequest>;
