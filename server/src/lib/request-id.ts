import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const READABLE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Each request's id, written on its log lines and sent back as X-Request-Id. Behind the proxy
 * (TRUST_PROXY) the proxy's id is kept, so its access log and ours join on one id; only a short
 * plain id is taken, since a client could otherwise write anything into every log line.
 */
export function requestIdFor(req: IncomingMessage, trustProxy: boolean): string {
  const given = req.headers['x-request-id'];
  if (trustProxy && typeof given === 'string' && READABLE_ID.test(given)) return given;
  return randomUUID();
}
