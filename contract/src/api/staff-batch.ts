/**
 * Batch actions on the back office's list (issue #9): the eligibility decision, returning forms for
 * correction and assigning an expert, on many applications at once. A batch names its applications
 * by id (the rows a person ticked, across pages) or by the list's own filter ("all 600 matching"),
 * read with the caller's scope. Each application is then authorized and changed on its own, by the
 * same rule and service as the single call: one refused application never stops the others.
 */
import { z } from 'zod';
import { REVIEW_OUTCOMES } from '../doctor/journey';
import { choice, typeError, V } from './common';
import { applicationListRequest, ELIGIBILITY_STAGES, QUALIFICATION_REVIEW_STAGE, type ApplicationListView } from './staff';
import { staffReturnInput } from './staff-review';
import { SCORED_STAGES } from './staff-scoring';
import { applicationIdField, recordIdField } from './staff-file';

/** The most applications one batch acts on: a secretary's whole programme, not a whole university's year. */
export const BATCH_MAX = 1000;

/** The list's filters without paging or order: which applications a batch "of this filter" means. */
export const applicationFilter = applicationListRequest.omit({ pageNum: true, pageSize: true, sortField: true, sortOrder: true, exactTotal: true }).strict();
export type ApplicationFilter = z.input<typeof applicationFilter>;

const idList = z
  .array(applicationIdField, { error: typeError })
  .max(BATCH_MAX, { error: V.tooLong })
  .transform((ids) => [...new Set(ids)]);

/** Either the ids (at least one) or a filter, with the rows unticked after "select all" left out. */
const selection = {
  applicationIds: idList.refine((ids) => ids.length > 0, { error: V.required }).optional(),
  filter: applicationFilter.optional(),
  exceptIds: idList.optional(),
};
type Selection = { applicationIds?: number[] | undefined; filter?: unknown };
/** Exactly one of the two: both would leave the server to guess which one the person meant. */
const oneSelection = (d: Selection) => (d.applicationIds === undefined) !== (d.filter === undefined);
const selectionRule = { path: ['applicationIds'], error: 'batchSelection' };

const optionalReason = z.string({ error: typeError }).trim().max(500, { error: V.tooLong }).optional();

/** POST /mucgrs-service/staff/applications/batchDecide: pass, or fail with the reason each applicant reads. */
export const batchDecideRequest = z
  .object({ ...selection, stage: choice(ELIGIBILITY_STAGES).default(QUALIFICATION_REVIEW_STAGE), outcome: choice(REVIEW_OUTCOMES), reason: optionalReason })
  .strict()
  .refine(oneSelection, selectionRule)
  .refine((d) => d.outcome === 'pass' || Boolean(d.reason), { path: ['reason'], error: V.required });
export type BatchDecideRequest = z.input<typeof batchDecideRequest>;

/** POST /mucgrs-service/staff/applications/batchReturn: the same sections, reason and deadline for each form. */
export const batchReturnRequest = staffReturnInput.extend(selection).strict().refine(oneSelection, selectionRule);
export type BatchReturnRequest = z.input<typeof batchReturnRequest>;

/** POST /mucgrs-service/staff/review/batchAssign: one expert on each application; the reason covers load and count overrides. */
export const batchAssignRequest = z
  .object({ ...selection, stage: choice(SCORED_STAGES), expertUserId: recordIdField, reason: optionalReason })
  .strict()
  .refine(oneSelection, selectionRule);
export type BatchAssignRequest = z.input<typeof batchAssignRequest>;

/** An application the batch left as it was, and why, in the caller's language. */
export interface BatchRefusal {
  applicationId: number;
  /** Null for an application the caller may not read: it is named by nothing but the id they sent. */
  applicantNumber: string | null;
  reason: string;
}

export interface BatchResult {
  done: number;
  /** The applications changed, in the order they were handled. */
  applied: { applicationId: number; applicantNumber: string }[];
  refused: BatchRefusal[];
}

/** Which batch actions the list offers the caller: the server checks every application again. */
export interface BatchAbilities {
  decide: boolean;
  returnForm: boolean;
  assign: boolean;
}

/** A page of the list as the list call answers it: the rows and what the caller may do with a selection. */
export interface ApplicationListPage extends ApplicationListView {
  allowed: BatchAbilities;
}
