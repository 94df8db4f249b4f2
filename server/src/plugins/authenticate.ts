import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AppContext } from '../context';
import { sessionExpired } from '../lib/app-error';
import { hashToken } from '../lib/tokens';
import { cachedSession, resolveSession } from '../modules/session/service';

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;

/**
 * The signed-in route tree's first step. The token comes only from the Authorization header,
 * never from a cookie, so another site cannot ride on a signed-in browser. A callback hook: a
 * session checked in the last moments is answered without a promise (the hottest path there is).
 */
export function authenticate(ctx: AppContext) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return done(sessionExpired());
    const tokenHash = hashToken(token);
    const now = ctx.clock.now();
    const known = cachedSession(ctx.db, now, tokenHash);
    if (known !== undefined) return signedIn(request, known, done);
    resolveSession(ctx.db, now, token, tokenHash).then((auth) => signedIn(request, auth, done), done);
  };
}

function signedIn(request: FastifyRequest, auth: FastifyRequest['auth'], done: HookHandlerDoneFunction): void {
  if (!auth) return done(sessionExpired());
  request.auth = auth;
  done();
}
