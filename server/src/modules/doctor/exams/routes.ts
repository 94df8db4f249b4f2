import {
  deleteExamSessionRequest,
  examSessionRequest,
  examSessionsRequest,
  moveSeatRequest,
  saveExamSessionRequest,
  ticketBatchRequest,
  unseatRequest,
  ReplyCode,
} from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../../http/route';
import { AppError } from '../../../lib/app-error';
import { contentDisposition } from '../../../lib/content-disposition';
import type { StaffActor } from '../../admissions/staff-audit';
import { verifyBase } from '../results/routes';
import { batchView, loadBatch } from './batch-store';
import { batchZip, resumePrintings, TicketPrinting } from './printing';
import { runEvery } from '../../../lib/every';
import { assignSeats, moveSeat, seatingPlan, unseat } from './seating';
import { deleteExamSession, examCycle, examSessions, loadExamSession, saveExamSession } from './sessions';

const base = '/mucgrs-service/staff/exams';
const staffOf = (request: FastifyRequest): StaffActor => ({ staffUserId: request.auth!.userId });
const manage = () => ({ kind: 'exam.manage' }) as const;

/**
 * Exam sessions (issue #10): the admissions office sets them up, seats the qualified applicants,
 * moves one by hand and prints the session's tickets in the background. Every call is the
 * office's (`exam.manage`); a session of another year is not found.
 */
export const examRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const printing = new TicketPrinting(ctx);
  app.addHook('onClose', async () => printing.close());
  await resumePrintings(ctx);
  // And every minute: a Redis that restarted empty lost the queued jobs, never the printings' rows.
  const resuming = runEvery(60_000, () => ctx.locks.runExclusive('ticket-printings', 30_000, () => resumePrintings(ctx)), (err) => ctx.log.error({ err }, 'exams: printings could not be resumed'));
  app.addHook('onClose', async () => resuming.stop());

  /** The session named, in the current cycle: a session of another year is not this year's business. */
  const currentSession = async (sessionId: number) => {
    const [cycle, session] = await Promise.all([examCycle(ctx.db), loadExamSession(ctx.db, sessionId)]);
    if (session.area !== cycle.area || session.recruitYear !== cycle.recruitYear) throw new AppError(ReplyCode.NOT_FOUND, 'exams.sessionNotFound');
    return { cycle, session };
  };

  route(app, {
    url: `${base}/sessions`,
    body: examSessionsRequest,
    authorize: manage,
    act: async (_none, { input }) => examSessions(ctx.db, await examCycle(ctx.db), input.kind),
  });
  route(app, {
    url: `${base}/save`,
    body: saveExamSessionRequest,
    authorize: manage,
    act: async (_none, { input, request }) => ({ id: await saveExamSession(ctx.db, ctx.clock.now(), await examCycle(ctx.db), input, staffOf(request)) }),
  });
  route(app, {
    url: `${base}/delete`,
    body: deleteExamSessionRequest,
    load: ({ input }) => currentSession(input.sessionId),
    authorize: manage,
    act: async ({ session }, { input, request }) => {
      await deleteExamSession(ctx.db, ctx.clock.now(), session, input.version, staffOf(request));
      return null;
    },
  });
  route(app, {
    url: `${base}/seats`,
    body: examSessionRequest,
    load: ({ input }) => currentSession(input.sessionId),
    authorize: manage,
    act: ({ cycle, session }) => seatingPlan(ctx.db, cycle, session),
  });
  route(app, {
    url: `${base}/assignSeats`,
    body: examSessionRequest,
    load: ({ input }) => currentSession(input.sessionId),
    authorize: manage,
    act: ({ cycle, session }, { request }) => assignSeats(ctx.db, ctx.clock.now(), cycle, session, staffOf(request)),
  });
  route(app, {
    url: `${base}/move`,
    body: moveSeatRequest,
    load: ({ input }) => currentSession(input.sessionId),
    authorize: manage,
    act: async ({ session }, { input, request }) => {
      await moveSeat(ctx.db, ctx.clock.now(), session, input, staffOf(request));
      return null;
    },
  });
  route(app, {
    url: `${base}/unseat`,
    body: unseatRequest,
    load: ({ input }) => currentSession(input.sessionId),
    authorize: manage,
    act: async ({ session }, { input, request }) => {
      await unseat(ctx.db, ctx.clock.now(), session, input.ticketNo, staffOf(request));
      return null;
    },
  });
  route(app, {
    url: `${base}/print`,
    body: examSessionRequest,
    load: ({ input }) => currentSession(input.sessionId),
    authorize: manage,
    act: ({ session }, { request }) => printing.start(session, request.lang, verifyBase(ctx.config, request), staffOf(request)),
  });
  route(app, {
    url: `${base}/batch`,
    body: ticketBatchRequest,
    authorize: manage,
    act: async (_none, { input }) => {
      const batch = await loadBatch(ctx.db, input.batchId);
      if (!batch) throw new AppError(ReplyCode.NOT_FOUND, 'exams.batchNotFound');
      return batchView(batch);
    },
  });
  route(app, {
    url: `${base}/zip`,
    body: ticketBatchRequest,
    authorize: manage,
    act: (_none, { input }) => batchZip(ctx, input.batchId),
    send: ({ stream, fileName, size }, reply) =>
      reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', String(size))
        .header('Content-Disposition', contentDisposition(fileName))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream),
  });
};
