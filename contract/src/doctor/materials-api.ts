import { z } from 'zod';
import { choice, emptyBody, typeError, V } from '../api/common';
import type { MaterialType, PhotoRules } from './materials';

/**
 * The doctoral applicant's electronic materials (fileManage, fileManage2) and the photo review
 * result (partInfo/photoExamine). Calls are POST /mucgrs-service/doctor/materials/<call>.
 */
export const MATERIAL_PHASES = ['application', 'supplementary'] as const;
export type MaterialPhase = (typeof MATERIAL_PHASES)[number];

/** POST .../list: one phase's categories with the applicant's files. */
export const materialListRequest = z.object({ phase: choice(MATERIAL_PHASES) }).strict();
export type MaterialListRequest = z.input<typeof materialListRequest>;

/** Multipart numbers arrive as text; '' is missing. */
const idField = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
  z.number({ error: typeError }).int({ error: V.invalidType }).positive({ error: V.invalidType }),
);

/**
 * POST .../upload, multipart: the text fields `category` (and optionally `replaceFileId`, a file
 * of the same category the upload takes the place of) BEFORE the file part, so the server can
 * refuse a locked or full category and apply the category's size limit while the bytes stream in.
 */
export const materialUploadFields = z
  .object({
    category: z
      .string({ error: typeError })
      .trim()
      .min(1, { error: V.required })
      .max(40, { error: V.tooLong })
      .regex(/^[a-zA-Z][a-zA-Z0-9]*$/, { error: V.invalidChoice }),
    replaceFileId: idField.optional(),
  })
  .strict();
export type MaterialUploadFields = z.input<typeof materialUploadFields>;

/** POST .../delete: one of the applicant's own files (MaterialFileView.id). */
export const materialDeleteRequest = z.object({ fileId: idField }).strict();
export type MaterialDeleteRequest = z.input<typeof materialDeleteRequest>;

/** POST .../photoReview: no body. */
export const photoReviewRequest = emptyBody;

export const MATERIAL_STATUSES = ['uploaded', 'approved', 'rejected'] as const;
export type MaterialStatus = (typeof MATERIAL_STATUSES)[number];

export interface MaterialFileView {
  /** The id `delete` and `replaceFileId` name. */
  id: number;
  originalName: string;
  sizeBytes: number;
  /** ISO date-time. */
  uploadedAt: string;
  type: MaterialType;
  /** For getFileByte. */
  filePath: string;
  /** A review result shows only once its release is on; until then 'uploaded'. */
  status: MaterialStatus;
  reviewReason: string | null;
}

export interface MaterialCategoryView {
  key: string;
  required: boolean;
  /** Accepted by content: pdf, jpg, png. */
  types: MaterialType[];
  maxKb: number;
  maxFiles: number;
  /**
   * Files the category needs to count as done (requiredDone, the form's missing materials); the
   * server always sends it (1 unless the category asks for more). Optional only for older clients' fixtures.
   */
  minFiles?: number;
  /** A public template for getFileByte, under /zsData/download/. */
  template: string | null;
  isPhoto: boolean;
  /** What the server will accept now; the page shows buttons by these, the server decides again. */
  canUpload: boolean;
  canDelete: boolean;
  files: MaterialFileView[];
}

/** Why a phase cannot be changed: the form went in, or (supplementary) it has not yet. */
export type MaterialLock = 'submitted' | 'notSubmitted' | null;

export interface MaterialsView {
  phase: MaterialPhase;
  lock: MaterialLock;
  categories: MaterialCategoryView[];
  /** The ID photo's rules when this phase holds the photo category. */
  photoRules: PhotoRules | null;
  requiredCount: number;
  /** Required categories holding at least their minFiles files. */
  requiredDone: number;
}

/** Reply of upload: the stored file, and the id of the file it replaced. */
export interface MaterialUploadView {
  file: MaterialFileView;
  replacedFileId: number | null;
}

/** Reply of photoReview: nothing until staff publish the photo review. */
export type PhotoReviewView =
  | { published: false }
  | {
      published: true;
      /** 'none': no photo; 'uploaded': a photo awaiting review (e.g. a replacement). */
      status: 'none' | MaterialStatus;
      reason: string | null;
      reviewedAt: string | null;
      filePath: string | null;
      /** The applicant may upload a replacement on the materials page now. */
      canReplace: boolean;
    };

export const PHOTO_OUTCOMES = ['approved', 'rejected'] as const;
export type PhotoOutcome = (typeof PHOTO_OUTCOMES)[number];
