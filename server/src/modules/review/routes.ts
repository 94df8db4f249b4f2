import {
  assignExpertRequest,
  assignmentsRequest,
  autoAssignRequest,
  closeReviewRequest,
  declareConflictRequest,
  isAdmissionsOffice,
  myReviewsRequest,
  qualifyRequest,
  rankingRequest,
  reviewSettingsRequest,
  saveReviewSettingsRequest,
  saveScoreRequest,
  saveSheetRequest,
  scoreSheetRequest,
  sheetRequest,
  unassignExpertRequest,
  type Actor,
  type ApplicationTarget,
  type AutoAssignResult,
} from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { loadApplication } from '../applications/target';
import { assignExpert, assignmentsView, autoAssign, unassignExpert } from './assign';
import { closeReview, currentCycle, reviewSettings, saveReviewSettings } from './cycle';
import { qualify, ranking } from './ranking';
import { noticeAssignments } from './notices';
import { declareConflict, myReviews, saveScore, scoringView, type Scorer } from './scoring';
import { saveScoreSheet, scoreSheet } from './sheets';

const staffId = (actor: Actor): number | null => (actor.kind === 'staff' ? actor.userId : null);

/** The office scores as the office (every score, corrections with a reason); anyone else as the expert they are. */
const scorerOf = (actor: Actor): Scorer =>
  isAdmissionsOffice(actor) ? { kind: 'office', userId: staffId(actor)! } : { kind: 'expert', userId: staffId(actor) ?? 0 };

/** Scoring one application: the office, or an expert the policy lets score it (assigned, not its supervisor). */
const scoringAction = (actor: Actor, application: ApplicationTarget) =>
  isAdmissionsOffice(actor) ? ({ kind: 'review.manage' } as const) : ({ kind: 'review.score', application } as const);

/**
 * Expert review (issue #9) under /mucgrs-service/staff/review/. The rules, sheets, assignments and
 * ranked lists are the admissions office's (`review.manage`); an expert reads their own list and
 * scores what is assigned to them (`review.score`), blind to the others until they submit.
 */
export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const base = '/mucgrs-service/staff/review';
  const hidden = { because: 'error.applicationNotFound', notFound: true } as const;

  route(app, {
    url: `${base}/settings`,
    body: reviewSettingsRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { input }) => reviewSettings(ctx.db, await currentCycle(ctx.db, input.stage)),
  });
  route(app, {
    url: `${base}/saveSettings`,
    body: saveReviewSettingsRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { actor, input }) => saveReviewSettings(ctx.db, ctx.clock.now(), await currentCycle(ctx.db, input.stage), input, staffId(actor)),
  });
  route(app, {
    url: `${base}/close`,
    body: closeReviewRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { actor, input }) => closeReview(ctx.db, ctx.clock.now(), await currentCycle(ctx.db, input.stage), input.closed, staffId(actor)),
  });
  route(app, {
    url: `${base}/sheet`,
    body: sheetRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { input }) => scoreSheet(ctx.db, await currentCycle(ctx.db, input.stage), input.programmeId),
  });
  route(app, {
    url: `${base}/saveSheet`,
    body: saveSheetRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { actor, input }) => saveScoreSheet(ctx.db, ctx.clock.now(), await currentCycle(ctx.db, input.stage), input, staffId(actor)),
  });
  route(app, {
    url: `${base}/assignments`,
    body: assignmentsRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { input }) => assignmentsView(ctx.db, await currentCycle(ctx.db, input.stage), input.programmeId),
  });
  route(app, {
    url: `${base}/autoAssign`,
    body: autoAssignRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { actor, request, input }): Promise<AutoAssignResult> => {
      const cycle = await currentCycle(ctx.db, input.stage);
      const { newByExpert, ...result } = await autoAssign(ctx.db, ctx.clock.now(), cycle, input, staffId(actor));
      await noticeAssignments(ctx, cycle, newByExpert, request.lang);
      return result;
    },
  });
  route(app, {
    url: `${base}/assign`,
    body: assignExpertRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { actor, request, input }) => {
      const cycle = await currentCycle(ctx.db, input.stage);
      await assignExpert(ctx.db, ctx.clock.now(), cycle, input, staffId(actor));
      await noticeAssignments(ctx, cycle, new Map([[input.expertUserId, 1]]), request.lang);
      return null;
    },
  });
  route(app, {
    url: `${base}/unassign`,
    body: unassignExpertRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { actor, input }) => {
      await unassignExpert(ctx.db, ctx.clock.now(), await currentCycle(ctx.db, input.stage), input, staffId(actor));
      return null;
    },
  });
  route(app, {
    url: `${base}/mine`,
    body: myReviewsRequest,
    authorize: () => ({ kind: 'review.mine' }),
    act: async (_none, { actor, input }) => myReviews(ctx.db, await currentCycle(ctx.db, input.stage), staffId(actor)!),
  });
  route(app, {
    url: `${base}/scoring`,
    body: scoreSheetRequest,
    load: ({ input }) => loadApplication(ctx.db, input.applicationId),
    authorize: (loaded, { actor }) => scoringAction(actor, loaded.target),
    refusal: hidden,
    act: async (loaded, { actor, input }) => scoringView(ctx.db, await currentCycle(ctx.db, input.stage), loaded, scorerOf(actor)),
  });
  route(app, {
    url: `${base}/saveScore`,
    body: saveScoreRequest,
    load: ({ input }) => loadApplication(ctx.db, input.applicationId),
    authorize: (loaded, { actor }) => scoringAction(actor, loaded.target),
    refusal: hidden,
    act: async (loaded, { actor, input }) => saveScore(ctx.db, ctx.clock.now(), await currentCycle(ctx.db, input.stage), loaded, input, scorerOf(actor)),
  });
  route(app, {
    url: `${base}/declareConflict`,
    body: declareConflictRequest,
    load: ({ input }) => loadApplication(ctx.db, input.applicationId),
    authorize: (loaded) => ({ kind: 'review.score', application: loaded.target }),
    refusal: hidden,
    act: async (loaded, { actor, input }) => {
      await declareConflict(ctx.db, ctx.clock.now(), await currentCycle(ctx.db, input.stage), loaded, staffId(actor)!, input.reason);
      return null;
    },
  });
  route(app, {
    url: `${base}/ranking`,
    body: rankingRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { input }) => ranking(ctx.db, await currentCycle(ctx.db, input.stage), input.programmeId),
  });
  route(app, {
    url: `${base}/qualify`,
    body: qualifyRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { actor, input }) => {
      const result = await qualify(ctx, await currentCycle(ctx.db, input.stage), input, { staffUserId: staffId(actor) });
      return result;
    },
  });
};
