import { applicationScope, batchAssignRequest, batchDecideRequest, batchReturnRequest, type Actor, type BatchResult } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route, type Call } from '../../http/route';
import type { StaffActor } from '../admissions/staff-audit';
import { assignExpert } from '../review/assign';
import { currentCycle } from '../review/cycle';
import { noticeAssignments } from '../review/notices';
import { auditBatch, eachApplication, selectedApplications, type BatchSelection, type BatchStep } from './batch';
import { decideEligibility, returnApplication } from './review';

const staffOf = (actor: Actor): StaffActor => ({ staffUserId: actor.kind === 'staff' ? actor.userId : null });


/**
 * The list's batch actions (issue #9). The call itself is for those who may do the action
 * somewhere; each application is then loaded, authorized and changed by the single call's policy
 * and service (review.ts, review/assign.ts), so a batch can do nothing the single calls would refuse.
 * The expert assignment lives here rather than in review/routes.ts because it is the list's
 * selection that it acts on; its URL is the review's.
 */
export const applicationBatchRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  /**
   * A batch call's one course: the selection read with the caller's scope, each application by the
   * single call's step, and one audit row for the batch.
   */
  async function runBatch(call: Call<BatchSelection>, action: 'decide' | 'return' | 'assign', step: BatchStep, detail: Record<string, unknown>): Promise<BatchResult> {
    const { actor, input, request } = call;
    const selection = { applicationIds: input.applicationIds, filter: input.filter, exceptIds: input.exceptIds };
    const ids = await selectedApplications(ctx.db, selection, applicationScope(actor));
    const result = await eachApplication(ctx.db, actor, ids, step, { lang: request.lang, log: request.log });
    await auditBatch(ctx, staffOf(actor), { action, selection, selected: ids.length, result, detail });
    return result;
  }

  route(app, {
    url: '/mucgrs-service/staff/applications/batchDecide',
    body: batchDecideRequest,
    authorize: () => ({ kind: 'review.queue' }),
    act: (_none, call) => {
      const { applicationIds: _ids, filter: _filter, exceptIds: _except, ...decision } = call.input;
      return runBatch(
        call,
        'decide',
        { action: (loaded) => ({ kind: 'review.decide', application: loaded.target, stage: decision.stage }), work: (loaded) => decideEligibility(ctx, loaded, decision, staffOf(call.actor)) },
        { stage: decision.stage, outcome: decision.outcome, reason: decision.reason ?? null },
      );
    },
  });

  route(app, {
    url: '/mucgrs-service/staff/applications/batchReturn',
    body: batchReturnRequest,
    authorize: () => ({ kind: 'review.queue' }),
    act: (_none, call) => {
      const { applicationIds: _ids, filter: _filter, exceptIds: _except, ...correction } = call.input;
      return runBatch(
        call,
        'return',
        { action: (loaded) => ({ kind: 'application.return', application: loaded.target }), work: (loaded) => returnApplication(ctx, loaded, correction, staffOf(call.actor)) },
        { sections: correction.sections, until: correction.until ?? null },
      );
    },
  });

  route(app, {
    url: '/mucgrs-service/staff/review/batchAssign',
    body: batchAssignRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, call) => {
      const { stage, expertUserId, reason } = call.input;
      const cycle = await currentCycle(ctx.db, stage);
      const result = await runBatch(
        call,
        'assign',
        {
          action: () => ({ kind: 'review.manage' }),
          work: (loaded) => assignExpert(ctx.db, ctx.clock.now(), cycle, { applicationId: loaded.applicationId, expertUserId, ...(reason ? { reason } : {}) }, staffOf(call.actor).staffUserId),
        },
        { stage, expertUserId, reason: reason ?? null },
      );
      // One notice for the whole batch, after every assignment is committed: the expert is told once.
      await noticeAssignments(ctx, cycle, new Map(result.done ? [[expertUserId, result.done]] : []), call.request.lang);
      return result;
    },
  });
};
