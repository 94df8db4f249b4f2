/**
 * The back office's calls (issue #9), under /mucgrs-service/staff/. Generic over areas: a call
 * names the area as a value, and the server answers only what the actor's scope covers
 * (policies.ts `applicationScope`), whatever the filter asks for.
 */
import { z } from 'zod';
import { ADMISSION_AREAS, departmentReviews, type AdmissionArea } from '../areas';
import { choice, typeError, V } from './common';
import { recordIdField as id } from './staff-file';

/** The review stage whose decision the list shows as "qualification": the eligibility review every area has. */
export const QUALIFICATION_REVIEW_STAGE = 'qualificationReview';
/** The school's review that comes first in some areas (DEPARTMENT_REVIEWED_AREAS); its outcome is the list's "departmentReview". */
export const DEPARTMENT_REVIEW_STAGE = 'departmentReview';
export const ELIGIBILITY_STAGES = [DEPARTMENT_REVIEW_STAGE, QUALIFICATION_REVIEW_STAGE] as const;
export type EligibilityStage = (typeof ELIGIBILITY_STAGES)[number];
/** An area's eligibility review in order: the school's first where it has one, the graduate school's last. */
export const eligibilityStagesOf = (area: AdmissionArea): readonly EligibilityStage[] =>
  departmentReviews(area) ? ELIGIBILITY_STAGES : [QUALIFICATION_REVIEW_STAGE];

/** Where an application stands, as the list filters it: the form, the fee, the photo, the eligibility review. */
export const APPLICATION_FORM_FILTERS = ['draft', 'submitted', 'returned'] as const;
export const PAYMENT_FILTERS = ['paid', 'unpaid'] as const;
export const PHOTO_FILTERS = ['missing', 'uploaded', 'approved', 'rejected'] as const;
export const QUALIFICATION_FILTERS = ['pending', 'pass', 'fail'] as const;
export const APPLICATION_SORT_FIELDS = ['submittedAt', 'applicantNumber', 'name', 'programme', 'savedAt'] as const;
export const SORT_ORDERS = ['ascend', 'descend'] as const;
/**
 * The list counts its matches up to this many and then says "more than" (ApplicationListView
 * `totalCapped`), unless asked for the exact total: the same number as the batch limit, so a
 * selection of "every match" is offered exactly when the count is exact.
 */
export const APPLICATION_LIST_COUNT_CAP = 1000;
/** The page sizes the list offers; a secretary with 600 applications reads 100 at a time at most. */
export const APPLICATION_PAGE_SIZES = [10, 20, 50, 100] as const;

export type PhotoFilter = (typeof PHOTO_FILTERS)[number];
export type QualificationFilter = (typeof QUALIFICATION_FILTERS)[number];

/** POST /mucgrs-service/staff/applications/list */
export const applicationListRequest = z
  .object({
    area: choice(ADMISSION_AREAS).optional(),
    /** The applicants of one cycle of the area's journey (gat: Hong Kong, Macao and Taiwan doctoral applicants). */
    cycle: choice(ADMISSION_AREAS).optional(),
    recruitYear: z.string({ error: typeError }).regex(/^\d{4}$/, { error: V.format }).optional(),
    departmentId: id.optional(),
    programmeId: id.optional(),
    formStatus: choice(APPLICATION_FORM_FILTERS).optional(),
    payment: choice(PAYMENT_FILTERS).optional(),
    photo: choice(PHOTO_FILTERS).optional(),
    qualification: choice(QUALIFICATION_FILTERS).optional(),
    /** The school's review, in an area that has one (eligibilityStagesOf); matches nothing elsewhere. */
    departmentReview: choice(QUALIFICATION_FILTERS).optional(),
    /** A name (any part of it) or an applicant number (its beginning). */
    q: z.string({ error: typeError }).trim().max(50, { error: V.tooLong }).optional(),
    sortField: choice(APPLICATION_SORT_FIELDS).optional(),
    sortOrder: choice(SORT_ORDERS).optional(),
    pageNum: z.number({ error: typeError }).int({ error: V.invalidType }).min(1, { error: V.tooShort }).max(100_000, { error: V.tooLong }).default(1),
    pageSize: z
      .number({ error: typeError })
      .refine((n) => (APPLICATION_PAGE_SIZES as readonly number[]).includes(n), { error: V.invalidChoice })
      .default(20),
    /** Count every match however many (the pager's "count them all"); otherwise the count stops above APPLICATION_LIST_COUNT_CAP. */
    exactTotal: z.boolean({ error: typeError }).optional(),
  })
  .strict();
export type ApplicationListRequest = z.input<typeof applicationListRequest>;
export type ApplicationListQuery = z.output<typeof applicationListRequest>;

export interface ApplicationListRow {
  /** The application form itself: one per applicant, area and recruitment year. */
  applicationId: number;
  /** The applicant's account: what the file page and every staff action name. */
  applicantUserId: number;
  applicantNumber: string;
  name: string;
  area: AdmissionArea;
  recruitYear: string;
  registerType: number | null;
  department: { id: number; nameZh: string; nameEn: string } | null;
  programme: { id: number; code: string; nameZh: string; nameEn: string } | null;
  formStatus: (typeof APPLICATION_FORM_FILTERS)[number];
  savedAt: string;
  submittedAt: string | null;
  paid: boolean;
  photo: PhotoFilter;
  qualification: QualificationFilter;
  /** The school's review before the graduate school's; null in an area without one. */
  departmentReview: QualificationFilter | null;
}

export interface ApplicationListView {
  /** The matches, or APPLICATION_LIST_COUNT_CAP when `totalCapped`. */
  total: number;
  /** More than `total` match: the count stopped at the cap (ask with `exactTotal` for the number). */
  totalCapped: boolean;
  pageNum: number;
  pageSize: number;
  rows: ApplicationListRow[];
}

/** The choices the list's filters offer: the departments and programmes the actor's scope covers. */
export interface ApplicationFilterOptionsView {
  recruitYears: string[];
  currentYear: string | null;
  departments: { id: number; nameZh: string; nameEn: string }[];
  programmes: { id: number; departmentId: number; code: string; nameZh: string; nameEn: string }[];
}

/** POST /mucgrs-service/staff/applications/options */
export const applicationOptionsRequest = z.object({}).strict();
