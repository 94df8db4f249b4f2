import { BATCH_MAX, can, ReplyCode, type Action, type Actor, type ApplicationScope, type BatchAbilities, type BatchResult, type Language } from '@gradus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { AppError, forbidden } from '../../lib/app-error';
import { describeIssues, InputError } from '../../lib/validation';
import { translate } from '../../locales';
import { staffAudit, type StaffActor } from '../admissions/staff-audit';
import { filters } from './list';
import { loadReadable, type LoadedApplication } from './target';

/**
 * What a selection on the list may be used for, as the list shows its buttons: deciding and
 * returning for those who run files (the office, the secretaries), assigning experts for the office.
 * Each application is authorized again when the batch runs.
 */
export const batchAbilities = (actor: Actor): BatchAbilities => ({
  decide: can(actor, { kind: 'review.queue' }),
  returnForm: can(actor, { kind: 'review.queue' }),
  assign: can(actor, { kind: 'review.manage' }),
});

/** What a batch names, as its schema (contract/api/staff-batch.ts) parsed it: ids, or the list's filter. */
export interface BatchSelection {
  applicationIds?: number[] | undefined;
  filter?: Parameters<typeof filters>[1] | undefined;
  exceptIds?: number[] | undefined;
}

/**
 * The applications a batch acts on. Ids are taken as sent: each is loaded and authorized on its
 * own afterwards, so an id outside the caller's scope is refused there, by item. A filter is read
 * with the caller's scope, the list's very condition, so it never reaches what the list would not
 * show; more than BATCH_MAX matches is refused whole, not cut at an arbitrary row.
 */
export async function selectedApplications(db: DB, selection: BatchSelection, scope: ApplicationScope, max = BATCH_MAX): Promise<number[]> {
  if (selection.applicationIds) return selection.applicationIds;
  const except = selection.exceptIds ?? [];
  const rows = await db
    .selectFrom('application_form as f')
    .where((eb) => filters(eb, selection.filter ?? {}, scope))
    .$if(except.length > 0, (qb) => qb.where('f.id', 'not in', except))
    .select('f.id')
    .orderBy('f.id')
    .limit(max + 1)
    .execute();
  if (rows.length > max) throw new AppError(ReplyCode.BAD_INPUT, 'error.batchTooMany', { max });
  return rows.map((r) => r.id);
}

/** Why one application was left as it was, in the caller's language: the single call's own message. */
function reasonOf(err: unknown, lang: Language, log: FastifyBaseLogger, applicationId: number): string {
  if (err instanceof InputError) return describeIssues(lang, err.issues);
  if (err instanceof AppError) return translate(lang, err.messageKey, err.params);
  // A fault of ours, not a refusal: logged, and the other applications still go ahead.
  log.error({ err, applicationId }, 'batch item failed');
  return translate(lang, 'error.batchItemFailed');
}

export interface BatchStep {
  /** The single call's policy on the loaded application. */
  action: (loaded: LoadedApplication) => Action;
  /** The single call's service: it runs its own transaction and writes its own audit row. */
  work: (loaded: LoadedApplication) => Promise<unknown>;
}

/**
 * Runs one step on each application in turn, exactly as the single call would: loaded (an
 * application the caller cannot read is "not found", named by its id alone), authorized, changed.
 * A refusal is recorded and the next application goes ahead; an application is changed whole or
 * not at all, because each service commits its own transaction.
 */
export async function eachApplication(
  db: DB,
  actor: Actor,
  ids: readonly number[],
  step: BatchStep,
  where: { lang: Language; log: FastifyBaseLogger },
): Promise<BatchResult> {
  const result: BatchResult = { done: 0, applied: [], refused: [] };
  for (const applicationId of ids) {
    let readable: LoadedApplication | null = null;
    try {
      readable = await loadReadable(db, actor, applicationId);
      if (!can(actor, step.action(readable))) throw forbidden();
      await step.work(readable);
      result.done++;
      result.applied.push({ applicationId, applicantNumber: readable.applicantNumber });
    } catch (err) {
      result.refused.push({ applicationId, applicantNumber: readable?.applicantNumber ?? null, reason: reasonOf(err, where.lang, where.log, applicationId) });
    }
  }
  return result;
}

/**
 * One row for the batch itself, beside each application's own: who asked for what, by ids or by
 * which filter, and how it went. The applications' rows name them; this one says they went together.
 */
export async function auditBatch(
  ctx: AppContext,
  actor: StaffActor,
  what: { action: 'decide' | 'return' | 'assign'; selection: BatchSelection; selected: number; result: BatchResult; detail?: Record<string, unknown> },
): Promise<void> {
  const { selection, result } = what;
  await staffAudit(ctx.db, ctx.clock.now(), 'application.batch', actor, {
    detail: {
      action: what.action,
      ...(selection.filter ? { filter: selection.filter, exceptIds: selection.exceptIds ?? [] } : { ids: selection.applicationIds?.length ?? 0 }),
      selected: what.selected,
      done: result.done,
      refused: result.refused.length,
      ...what.detail,
    },
  });
}
