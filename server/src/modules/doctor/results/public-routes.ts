import { maskPersonName, type TicketVerification } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../http/route';
import { ok } from '../../../lib/reply';
import { translate } from '../../../locales';
import { ticketByVerifyCode } from './service';
import { throttledPage, verificationPage } from './verify-page';

/** What a verification code can look like; anything else is answered without a lookup. */
const CODE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * GET /verify/ticket/:code — the public page the ticket's QR code opens (add ?format=json for the
 * same answer as data). The codes carry 192 random bits, so guessing is hopeless; the per-address
 * limit only keeps a scanner from hammering the database. Proctors at a door scan many tickets
 * from one address, hence a limit well above the sign-in one.
 */
export const ticketVerifyRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, {
    method: 'GET',
    url: '/verify/ticket/:code',
    body: null,
    // The code is the key: whoever holds the printed ticket may check it is genuine.
    authorize: () => ({ kind: 'portal.public' }),
    act: async (_none, { request }): Promise<TicketVerification | { throttledForMs: number }> => {
      const wait = await ctx.throttle.hit(`ticketVerify:${request.ip}`, ctx.limits.clientPerMinute * 4, 60_000);
      if (wait > 0) return { throttledForMs: wait };
      const code = (request.params as { code: string }).code;
      const ticket = CODE.test(code) ? await ticketByVerifyCode(ctx.db, code) : null;
      return ticket
        ? { genuine: true, ticketNo: ticket.ticketNo, name: maskPersonName(ticket.name), kind: ticket.kind, startsAt: new Date(ticket.startsAt).toISOString() }
        : { genuine: false };
    },
    send: (result, reply, { request }) => {
      const json = (request.query as { format?: string }).format === 'json';
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
      if ('throttledForMs' in result) {
        reply.status(429).header('Retry-After', String(Math.ceil(result.throttledForMs / 1000)));
        return json ? { code: 429, msg: translate(request.lang, 'verify.throttled') } : reply.type('text/html; charset=utf-8').send(throttledPage(request.lang));
      }
      reply.status(result.genuine ? 200 : 404);
      if (json) return ok(request, result);
      return reply.type('text/html; charset=utf-8').send(verificationPage(request.lang, result));
    },
  });
};
