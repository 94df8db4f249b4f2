import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The headers helmet would send, computed once: @fastify/helmet rebuilt its middleware on every
 * request, which cost more than answering getUserInfo itself (docs/performance.md).
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Ant Design writes its CSS-in-JS styles inline.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** What every reply carries, JSON included. */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
});

/**
 * What documents carry besides: the policy only means something to a page a browser renders,
 * so JSON replies do not pay ~600 bytes for it on every call.
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...API_HEADERS,
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const API_PREFIXES = ['/api/', '/mucgrs-service/'];

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: an async one costs a promise per request on every call.
  app.addHook('onRequest', (request, reply, done) => {
    const api = API_PREFIXES.some((p) => request.url.startsWith(p));
    reply.headers(api ? API_HEADERS : DOCUMENT_HEADERS);
    done();
  });
});
