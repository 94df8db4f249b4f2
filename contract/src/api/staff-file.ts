/**
 * The applicant's file in the back office (issue #9): one call returns everything staff may see of
 * one application, and the actions the caller may take on it. The server decides both by the
 * caller's role and scope (policies.ts); the page only draws what came back.
 */
import { z } from 'zod';
import { ADMISSION_AREAS, DOCTOR_AREA, type AdmissionArea } from '../areas';
import type { CatalogueView, FormDetailView } from '../doctor/form';
import type { CampCatalogueView, CampFormDetailView } from '../summer-camp/form';
import type { TmsCatalogueView, TmsFormDetailView } from '../tuimian/form';
import type { MaterialPhase, MaterialStatus } from '../doctor/materials-api';
import type { MaterialType, PhotoRules } from '../doctor/materials';
import type { PaymentStatus } from '../doctor/payment';
import { choice, typeError, V } from './common';

/** A record's id as a staff call names it. */
export const recordIdField = z.number({ error: typeError }).int({ error: V.invalidType }).positive({ error: V.invalidChoice });
/** An application as staff calls name it: the form's id, as the list's rows carry it. */
export const applicationIdField = recordIdField;

/** POST /mucgrs-service/staff/applications/catalogue: the names an area's forms point at. */
export const staffCatalogueRequest = z
  .object({
    area: choice(ADMISSION_AREAS).default(DOCTOR_AREA),
    /** The cycle whose names are asked for: a summer camp's programmes are its year's camps'. The current year when left out. */
    recruitYear: z.string({ error: typeError }).regex(/^\d{4}$/, { error: V.format }).optional(),
  })
  .strict();
/** What a staff catalogue call answers: the university's catalogue, or for the summer camp the year's camps with their programmes. */
export type StaffCatalogueView = CatalogueView | CampCatalogueView | TmsCatalogueView;

/** POST /mucgrs-service/staff/applications/file */
export const applicationFileRequest = z.object({ applicationId: applicationIdField }).strict();
export type ApplicationFileRequest = z.input<typeof applicationFileRequest>;

export const REVEAL_REASON_MIN = 4;
export const REVEAL_REASON_MAX = 200;

/** POST /mucgrs-service/staff/applications/revealIdNumber: the full ID number, for a reason that is logged. */
export const revealIdNumberRequest = z
  .object({
    applicationId: applicationIdField,
    reason: z
      .string({ error: typeError })
      .trim()
      .min(REVEAL_REASON_MIN, { error: V.tooShort })
      .max(REVEAL_REASON_MAX, { error: V.tooLong }),
  })
  .strict();
export type RevealIdNumberRequest = z.input<typeof revealIdNumberRequest>;

export interface RevealedIdNumber {
  idType: string | null;
  idNumber: string;
}

export interface StaffMaterialView {
  /** The material's id: what a photo decision names. */
  id: number;
  category: string;
  phase: MaterialPhase;
  originalName: string;
  type: MaterialType;
  sizeBytes: number;
  /** For getFileByte: the viewer reads the bytes through the same authorized call as a download. */
  filePath: string;
  uploadedAt: string;
  /** Staff see the review as decided, released to the applicant or not. */
  status: MaterialStatus;
  reviewReason: string | null;
  reviewedAt: string | null;
}

export interface StaffOrderSummary {
  orderNo: string;
  purpose: string;
  amountCents: number;
  status: PaymentStatus;
  provider: string | null;
  createdAt: string;
  paidAt: string | null;
}

export interface StaffDecisionView {
  stage: string;
  outcome: string;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string;
}

export interface StaffAssignmentView {
  expertName: string;
  stage: string;
  assignedBy: string | null;
  assignedAt: string;
}

/**
 * One line of the record's history. `event` names a translated message; `by` is the staff member
 * (null for the applicant or the portal); `detail` holds the values the message shows.
 */
export const HISTORY_EVENTS = [
  'registered',
  'formSubmitted',
  'formReturned',
  'orderPaid',
  'materialUploaded',
  'photoReviewed',
  'decided',
  /** A school's decision taken back when the form went back to the applicant (it is reviewed again). */
  'decisionWithdrawn',
  'assigned',
  'idRevealed',
  'scoreCorrected',
  'conflictDeclared',
  'unassigned',
] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

export interface HistoryEntry {
  at: string;
  event: HistoryEvent;
  by: string | null;
  detail: Record<string, string>;
}

/** What the caller may do on this file: the same policies the calls themselves check. */
export interface FileAbilities {
  revealIdNumber: boolean;
  reviewPhoto: boolean;
  returnForm: boolean;
  /** The graduate school's eligibility decision. */
  decide: boolean;
  /** The school's review, in an area that has one (eligibilityStagesOf); false elsewhere. */
  decideDepartment: boolean;
}

export interface ApplicationFileView {
  applicationId: number;
  applicantUserId: number;
  area: AdmissionArea;
  recruitYear: string;
  choice: {
    department: { nameZh: string; nameEn: string } | null;
    programme: { code: string; nameZh: string; nameEn: string } | null;
    supervisor: string | null;
  };
  /** The form as the applicant sees it, the ID number masked: the area's own form (a camp form for the summer camp). */
  form: FormDetailView | CampFormDetailView | TmsFormDetailView;
  materials: StaffMaterialView[];
  photoRules: PhotoRules;
  decisions: StaffDecisionView[];
  /** Those who run the file (the office, its department) see the money, the experts and the history; an expert sees the file alone. */
  orders: StaffOrderSummary[] | null;
  assignments: StaffAssignmentView[] | null;
  history: HistoryEntry[] | null;
  allowed: FileAbilities;
}
