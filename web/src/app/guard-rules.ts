import type { SessionStatus } from '@/lib/session';
import { loginPathFor } from '@/lib/safe-redirect';

/** Paths open without a session (spec 2; /publicity: the proposed-admission lists, issue #10). The login screens live under /login. */
const PUBLIC_EXACT = new Set(['/login', '/auth-redirect', '/scoresReview', '/review', '/error/404', '/publicity']);

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_EXACT.has(pathname) || pathname.startsWith('/login/');
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'load' };

/**
 * The navigation guard of spec 2, as a pure function:
 *  1. without a token, public paths open;
 *  2. without a token, any other path goes to /login?redirect=<full path and query, encoded>;
 *  3. with a token, /login (and its screens) go to /;
 *  4. with a token but no user info yet, load it (a loading shell shows, never a 404);
 *  5. with user info loaded, the route table decides (unknown paths -> /error/404).
 * A failed load resets the token (see session.loadSession), which turns rule 4 into rule 2.
 */
export function decideNavigation(input: { pathname: string; search: string; hasToken: boolean; status: SessionStatus }): GuardDecision {
  const { pathname, search, hasToken, status } = input;
  if (!hasToken) {
    if (isPublicPath(pathname)) return { kind: 'allow' };
    // The reload helper needs no session itself: unwrap it and guard its target.
    if (pathname.startsWith('/redirect/')) return { kind: 'redirect', to: pathname.slice('/redirect'.length) + search };
    return { kind: 'redirect', to: loginPathFor(pathname + search) };
  }
  if (pathname === '/login' || pathname.startsWith('/login/')) return { kind: 'redirect', to: '/' };
  if (status !== 'ready') return { kind: 'load' };
  return { kind: 'allow' };
}
