import {
  deleteInterviewSessionRequest,
  emptyBody,
  interviewCandidatesRequest,
  interviewRecordRequest,
  interviewSessionRequest,
  interviewSessionsRequest,
  lockInterviewSessionRequest,
  ReplyCode,
  saveInterviewScoreRequest,
  saveInterviewSessionRequest,
  type Actor,
} from '@gradus/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { route, type Call } from '../../http/route';
import { sendPdf } from '../../http/send';
import { AppError } from '../../lib/app-error';
import { translate } from '../../locales';
import { deleteInterviewSession, interviewCandidates, interviewSessions, interviewSessionView, saveInterviewSession } from './office';
import { lockInterviewSession, myInterviewSessions, panelSession, saveInterviewScore } from './panel';
import { interviewRecordPdf } from './record-pdf';
import { kindName, loadSession, type LoadedSession } from './session';

/**
 * The caller's seat on a panel: a staff account, or the external expert a review link names. The
 * policies have already let only panel members through where this is read.
 */
export const panelSeatOf = (actor: Actor): number => (actor.kind === 'staff' ? actor.userId : actor.kind === 'externalExpert' ? actor.expertUserId : 0);
const userIdOf = panelSeatOf;
const staffId = (actor: Actor): number | null => (actor.kind === 'staff' ? actor.userId : null);

/**
 * Interview sessions (issue #9) under /mucgrs-service/staff/interview/. The office sets sessions up
 * and reads every score (`interview.manage`); a panel member reads and scores their session
 * (`interview.score`, blind until they submit), its secretary locks it (`interview.lock`); the
 * record prints for the panel and the office (`interview.record`). To anyone off the panel a
 * session does not exist.
 */
export const interviewRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const base = '/mucgrs-service/staff/interview';
  const load = ({ input }: { input: { sessionId: number } }) => loadSession(ctx.db, input.sessionId);

  route(app, {
    url: `${base}/sessions`,
    body: interviewSessionsRequest,
    authorize: () => ({ kind: 'interview.manage' }),
    act: (_none, { input }) => interviewSessions(ctx.db, input.kind),
  });
  route(app, {
    url: `${base}/candidates`,
    body: interviewCandidatesRequest,
    authorize: () => ({ kind: 'interview.manage' }),
    act: (_none, { input }) => interviewCandidates(ctx.db, input.kind, input.programmeId),
  });
  route(app, {
    url: `${base}/session`,
    body: interviewSessionRequest,
    load,
    authorize: () => ({ kind: 'interview.manage' }),
    act: (session) => interviewSessionView(ctx.db, session),
  });
  route(app, {
    url: `${base}/save`,
    body: saveInterviewSessionRequest,
    authorize: () => ({ kind: 'interview.manage' }),
    act: (_none, { actor, input, request }) => saveInterviewSession(ctx.db, ctx.clock.now(), input, staffId(actor), request.lang),
  });
  route(app, {
    url: `${base}/delete`,
    body: deleteInterviewSessionRequest,
    load,
    authorize: () => ({ kind: 'interview.manage' }),
    act: async (session, { actor, input, request }) => {
      await deleteInterviewSession(ctx.db, ctx.clock.now(), session, input.version, staffId(actor), request.lang);
      return null;
    },
  });
  route(app, {
    url: `${base}/mine`,
    body: emptyBody,
    authorize: () => ({ kind: 'interview.mine' }),
    act: (_none, { actor }) => myInterviewSessions(ctx.db, userIdOf(actor)),
  });
  panelRoutes(app, base, (sessionId) => loadSession(ctx.db, sessionId));
};

/**
 * A panel member's calls on one session: the session as they score it, their scores, the
 * secretary's lock and the printed record. Registered on the staff tree, and on an external
 * member's review-link tree with a `loadPanel` that opens only the sessions of the link's stage.
 */
export function panelRoutes(app: FastifyInstance, base: string, loadPanel: (sessionId: number, call: Call<{ sessionId: number }>) => Promise<LoadedSession>): void {
  const { ctx } = app;
  const hidden = { because: 'interview.notFound', notFound: true } as const;
  const load = (call: Call<{ sessionId: number }>) => loadPanel(call.input.sessionId, call);
  route(app, {
    url: `${base}/panel`,
    body: interviewSessionRequest,
    load,
    authorize: (session) => ({ kind: 'interview.score', session: session.target }),
    refusal: hidden,
    act: (session, { actor }) => panelSession(ctx.db, session, userIdOf(actor)),
  });
  route(app, {
    url: `${base}/saveScore`,
    body: saveInterviewScoreRequest,
    load,
    authorize: (session) => ({ kind: 'interview.score', session: session.target }),
    refusal: hidden,
    act: (session, { actor, input, request }) => saveInterviewScore(ctx.db, ctx.clock.now(), session, userIdOf(actor), input, request.lang),
  });
  route(app, {
    url: `${base}/lock`,
    body: lockInterviewSessionRequest,
    load,
    authorize: (session) => ({ kind: 'interview.lock', session: session.target }),
    act: async (session, { actor, request }) => {
      await lockInterviewSession(ctx.db, ctx.clock.now(), session, userIdOf(actor), request.lang);
      return panelSession(ctx.db, await loadSession(ctx.db, session.id), userIdOf(actor));
    },
  });
  route(app, {
    url: `${base}/record`,
    body: interviewRecordRequest,
    load,
    authorize: (session) => ({ kind: 'interview.record', session: session.target }),
    refusal: hidden,
    act: async (session, { request }) => {
      if (session.lockedAt === null) throw new AppError(ReplyCode.CONFLICT, 'interview.lockFirst');
      const view = await interviewSessionView(ctx.db, session);
      const pdf = await interviewRecordPdf(view, session.recruitYear, request.lang);
      const date = new Date(session.startsAt).toISOString().slice(0, 10);
      return { pdf, fileName: `${translate(request.lang, 'interview.record.fileName', { kind: kindName(request.lang, session.kind), room: session.room, date })}.pdf` };
    },
    send: ({ pdf, fileName }, reply) => sendPdf(reply, pdf, fileName),
  });
}
