import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { Metrics } from '../lib/metrics';
import type { SharedState } from '../lib/shared-state';
import { outboxDepth } from '../modules/outbox/outbox';

/**
 * What an operations team and its load balancer ask of every instance:
 * - `/healthz`: the process answers (liveness; a failure means restart it);
 * - `/readyz`: it can serve (the database and, with REDIS_URL, Redis answer; it is not shutting
 *   down). An orchestrator's health check (compose, Kubernetes) stops routing to it on a 503;
 *   nginx, which does not poll, moves on when the stopping instance closes its port;
 * - `/metrics`: Prometheus text. It carries no personal data, only counts; docs/deploy.md keeps it
 *   to the monitoring network at the proxy.
 */
export const operationsPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext; metrics: Metrics; shared: SharedState }) => {
  const { ctx, metrics, shared } = opts;
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });

  // The request id goes back to the caller too: a person reporting a failure can quote it, and
  // the log line with the same id is the one to read.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, not the URL: one series per route, however many applicants there are.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const plain = { 'cache-control': 'no-store' };
  app.get('/healthz', async (_request, reply) => reply.headers(plain).send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (draining) return reply.status(503).headers(plain).send({ status: 'draining' });
    try {
      await sql`select 1`.execute(ctx.db);
    } catch (err) {
      app.log.warn({ err }, 'readiness: the database does not answer');
      return reply.status(503).headers(plain).send({ status: 'database unavailable' });
    }
    try {
      await shared.ping();
    } catch (err) {
      app.log.warn({ err }, 'readiness: Redis does not answer');
      return reply.status(503).headers(plain).send({ status: 'redis unavailable' });
    }
    return reply.headers(plain).send({ status: 'ready' });
  });
  app.get('/metrics', async (_request, reply) => {
    const printing = await ctx.db.selectFrom('ticket_batch').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'running').executeTakeFirstOrThrow();
    metrics.queueDepth('ticket-printing', Number(printing.n));
    metrics.queueDepth('mail-outbox', await outboxDepth(ctx.db));
    return reply.headers(plain).type(metrics.contentType).send(await metrics.text());
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks the instance as shutting down: /readyz answers 503 from now on. */
    drain(): void;
  }
}
