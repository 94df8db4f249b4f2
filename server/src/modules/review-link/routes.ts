import {
  declareNoConflictRequest,
  externalExpertsRequest,
  linkApplicationRequest,
  linkDeclareConflictRequest,
  linkSaveScoreRequest,
  openReviewLinkRequest,
  ReplyCode,
  saveExternalExpertRequest,
  sendReviewCodeRequest,
  sendReviewLinkRequest,
  verifyReviewCodeRequest,
  type ReviewSessionView,
  type SentReviewLink,
} from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { AppError } from '../../lib/app-error';
import { clientOf } from '../../lib/reply';
import { applicationFile } from '../applications/file';
import { loadApplication } from '../applications/target';
import { storedFileRoute } from '../files/routes';
import { myInterviewSessions } from '../interview/panel';
import { panelRoutes } from '../interview/routes';
import { loadSession } from '../interview/session';
import { currentCycle, reviewSettings } from '../review/cycle';
import { declareConflict, myReviews, saveScore, scoringView } from '../review/scoring';
import { externalExperts, saveExternalExpert } from './experts';
import { declareNoConflict, linkSession, openReviewLink, requireDeclared, sendReviewCode, sendReviewLink, verifyReviewCode, type LinkSession } from './links';

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;
const base = '/mucgrs-service/review-link';
/**
 * Before the declaration the expert sees who they are asked to review, to judge conflicts, and
 * nothing of their files; a conflict with one of them is declared on that file first.
 */
const BEFORE_DECLARATION = new Set([
  `${base}/session`,
  `${base}/declare`,
  `${base}/mine`,
  `${base}/declareConflict`,
  // An interview link: the sessions and their applicants in order (an interview panel reads no materials).
  `${base}/interview/mine`,
  `${base}/interview/panel`,
]);

const staffId = (request: FastifyRequest): number | null => request.auth?.userId ?? null;
const sessionOf = (request: FastifyRequest): LinkSession => request.reviewSession!;
const hidden = { because: 'error.applicationNotFound', notFound: true } as const;

/** The office's side: its external experts and their links (under staff/review/, `review.manage`). */
export const externalExpertRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const staffBase = '/mucgrs-service/staff/review';
  route(app, {
    url: `${staffBase}/externalExperts`,
    body: externalExpertsRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { input }) => externalExperts(ctx.db, ctx.clock.now(), await currentCycle(ctx.db, input.stage)),
  });
  route(app, {
    url: `${staffBase}/saveExternalExpert`,
    body: saveExternalExpertRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: (_none, { request, input }) => saveExternalExpert(ctx.db, ctx.clock.now(), input, staffId(request)),
  });
  route(app, {
    url: `${staffBase}/sendLink`,
    body: sendReviewLinkRequest,
    authorize: () => ({ kind: 'review.manage' }),
    act: async (_none, { request, input }): Promise<SentReviewLink> => {
      const { sentTo, expiresAt } = await sendReviewLink(ctx, await currentCycle(ctx.db, input.stage), input.expertUserId, staffId(request), request.lang);
      return { sentTo, expiresAt };
    },
  });
};

async function sessionView(ctx: AppContext, session: LinkSession): Promise<ReviewSessionView> {
  const settings = await reviewSettings(ctx.db, session.cycle);
  return {
    expertName: session.name,
    affiliation: session.affiliation,
    stage: session.cycle.stage,
    recruitYear: session.cycle.recruitYear,
    expiresAt: new Date(session.expiresAt).toISOString(),
    declaredAt: session.declaredAt === null ? null : new Date(session.declaredAt).toISOString(),
    closed: settings.closedAt !== null,
  };
}

/**
 * The external expert's side, under /mucgrs-service/review-link/. Opening a link, asking for the
 * identity code and passing the identity step take the link's token; every later call carries the
 * review session that step opened (`Authorization: Bearer`), and acts as the external expert on
 * the applications assigned to them, through the same policies and services as an internal expert.
 */
export const reviewLinkRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, {
    url: `${base}/open`,
    body: openReviewLinkRequest,
    // The token is the key; the link's own rules (expiry, replaced, review closed) decide.
    authorize: () => ({ kind: 'portal.public' }),
    act: (_none, { request, input }) => openReviewLink(ctx, input.token, clientOf(request)),
  });
  route(app, {
    url: `${base}/sendCode`,
    body: sendReviewCodeRequest,
    authorize: () => ({ kind: 'portal.public' }),
    act: (_none, { request, input }) => sendReviewCode(ctx, input.token, clientOf(request), request.lang),
  });
  route(app, {
    url: `${base}/verify`,
    body: verifyReviewCodeRequest,
    authorize: () => ({ kind: 'portal.public' }),
    act: (_none, { request, input }) => verifyReviewCode(ctx, input.token, input.code, clientOf(request)),
  });

  await app.register(async (linked) => {
    // Before the body is read, like the signed-in tree: no session, no answer about the body.
    linked.addHook('onRequest', async (request) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!token) throw new AppError(ReplyCode.SESSION_EXPIRED, 'reviewLink.noSession');
      const session = await linkSession(ctx, token);
      if (!BEFORE_DECLARATION.has(request.routeOptions.url ?? '')) requireDeclared(session);
      request.reviewSession = session;
    });
    route(linked, {
      url: `${base}/session`,
      body: null,
      authorize: () => ({ kind: 'reviewLink.session' }),
      act: (_none, { request }) => sessionView(ctx, sessionOf(request)),
    });
    route(linked, {
      url: `${base}/declare`,
      body: declareNoConflictRequest,
      authorize: () => ({ kind: 'reviewLink.session' }),
      act: async (_none, { request }) => {
        const session = sessionOf(request);
        const { declaredAt } = await declareNoConflict(ctx, session, clientOf(request));
        return sessionView(ctx, { ...session, declaredAt: Date.parse(declaredAt) });
      },
    });
    route(linked, {
      url: `${base}/mine`,
      body: null,
      authorize: () => ({ kind: 'reviewLink.session' }),
      act: (_none, { request }) => myReviews(ctx.db, sessionOf(request).cycle, sessionOf(request).expertUserId),
    });
    route(linked, {
      url: `${base}/file`,
      body: linkApplicationRequest,
      load: ({ input }) => loadApplication(ctx.db, input.applicationId),
      authorize: (loaded) => ({ kind: 'review.score', application: loaded.target }),
      refusal: hidden,
      act: (loaded, { actor }) => applicationFile(ctx, loaded, actor),
    });
    route(linked, {
      url: `${base}/scoring`,
      body: linkApplicationRequest,
      load: ({ input }) => loadApplication(ctx.db, input.applicationId),
      authorize: (loaded) => ({ kind: 'review.score', application: loaded.target }),
      refusal: hidden,
      act: (loaded, { request }) => scoringView(ctx.db, sessionOf(request).cycle, loaded, { kind: 'expert', userId: sessionOf(request).expertUserId }),
    });
    route(linked, {
      url: `${base}/saveScore`,
      body: linkSaveScoreRequest,
      load: ({ input }) => loadApplication(ctx.db, input.applicationId),
      authorize: (loaded) => ({ kind: 'review.score', application: loaded.target }),
      refusal: hidden,
      act: (loaded, { request, input }) => {
        const session = sessionOf(request);
        return saveScore(ctx.db, ctx.clock.now(), session.cycle, loaded, input, { kind: 'expert', userId: session.expertUserId });
      },
    });
    route(linked, {
      url: `${base}/declareConflict`,
      body: linkDeclareConflictRequest,
      load: ({ input }) => loadApplication(ctx.db, input.applicationId),
      authorize: (loaded) => ({ kind: 'review.score', application: loaded.target }),
      refusal: hidden,
      act: async (loaded, { request, input }) => {
        const session = sessionOf(request);
        await declareConflict(ctx.db, ctx.clock.now(), session.cycle, loaded, session.expertUserId, input.reason);
        return null;
      },
    });
    storedFileRoute(linked, `${base}/getFileByte`);

    // An external member of an interview panel: the sessions of the link's stage they sit on.
    route(linked, {
      url: `${base}/interview/mine`,
      body: null,
      authorize: () => ({ kind: 'reviewLink.session' }),
      act: async (_none, { request }) => {
        const { cycle, expertUserId } = sessionOf(request);
        const { sessions } = await myInterviewSessions(ctx.db, expertUserId);
        return { sessions: sessions.filter((s) => s.kind === cycle.stage) };
      },
    });
    panelRoutes(linked, `${base}/interview`, async (sessionId, { request }) => {
      const loaded = await loadSession(ctx.db, sessionId);
      // A link opens the sessions of its own stage and cycle only (the policy checks the seat).
      const { cycle } = sessionOf(request);
      if (loaded.kind !== cycle.stage || loaded.recruitYear !== cycle.recruitYear) throw new AppError(ReplyCode.NOT_FOUND, 'interview.notFound');
      return loaded;
    });
  });
};
