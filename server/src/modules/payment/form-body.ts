import type { FastifyInstance } from 'fastify';

/**
 * Gateways talk in application/x-www-form-urlencoded (notifications, the checkout form). Parsed
 * into plain strings; a repeated field becomes an array, which the signature check refuses, so a
 * message cannot say two things at once. Registered inside the payment plugins only.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(body as string)) {
      const had = out[k];
      out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
    }
    done(null, out);
  });
}
