import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { sessionExpired } from '../lib/app-error';
import { resolveSession } from '../modules/session/service';

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;

/**
 * The signed-in route tree's first step. The token comes only from the Authorization header,
 * never from a cookie, so another site cannot ride on a signed-in browser.
 */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const auth = match?.[1] ? await resolveSession(ctx.db, ctx.clock.now(), match[1]) : null;
    if (!auth) throw sessionExpired();
    request.auth = auth;
  };
}
