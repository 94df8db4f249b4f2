import http from 'node:http';
import path from 'node:path';
import { requestForLog } from './lib/log';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { connect, type Connected } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import { isEmpty, seedDemo } from './db/seed/demo';
import { syncReferenceData } from './db/seed/reference';
import { systemClock, type Clock } from './lib/clock';
import { TtlCache } from './lib/ttl-cache';
import { sweepStorage } from './modules/files/upkeep';
import { DEFAULT_LIMITS, type ThrottleLimits } from './lib/throttle';
import { localJobs, redisJobs } from './lib/jobs';
import { localState, redisState } from './lib/shared-state';
import { PasswordGate } from './lib/password-gate';
import { shareSessionRevocations } from './modules/session/service';
import { shareConfigWrites } from './modules/system-config/area-values';
import { publicAuthRoutes } from './modules/auth/routes';
import { useContractSchemas } from './http/validate';
import { useStrictJson } from './http/json-body';
import { JOURNEYS } from './journeys';
import { ApplicantSignal } from './modules/admissions/changes';
import { JourneyRegistry, type JourneyModule } from './modules/admissions/journey';
import { forgetGatesOnChange } from './modules/admissions/menu-authority';
import { applicationBatchRoutes } from './modules/applications/batch-routes';
import { applicationExportRoutes } from './modules/applications/export-routes';
import { applicationListRoutes } from './modules/applications/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { reviewRoutes } from './modules/review/routes';
import { interviewRoutes } from './modules/interview/routes';
import { externalExpertRoutes, reviewLinkRoutes } from './modules/review-link/routes';
import { fileRoutes } from './modules/files/routes';
import { paymentPublicRoutes } from './modules/payment/public-routes';
import { offlinePaymentStaffRoutes } from './modules/payment/staff-routes';
import { portalRoutes } from './modules/portal/routes';
import { systemConfigRoutes } from './modules/system-config/routes';
import { userRoutes } from './modules/user/routes';
import { roleRoutes } from './modules/roles/routes';
import { staffAccountRoutes } from './modules/staff-accounts/routes';
import { releaseRoutes } from './modules/releases/routes';
import { cycleRoutes } from './modules/cycle/routes';
import { startReleaseScheduler } from './modules/releases/scheduler';
import { startOutboxRelay } from './modules/outbox/relay';
import { logRoutes } from './modules/logs/routes';
import { jobRoutes } from './modules/jobs/routes';
import { configEditorRoutes } from './modules/system-config/staff-routes';
import { publicityRoutes } from './modules/publicity/routes';
import { publicityPublicRoutes } from './modules/publicity/public-routes';
import { scoreRoutes } from './modules/scores/routes';
import { authenticate } from './plugins/authenticate';
import { errorsPlugin } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { createMailer, type Mailer } from './plugins/mail';
import { FileStorage } from './plugins/storage';
import { webPlugin } from './plugins/web';
import { operationsPlugin } from './plugins/operations';
import { Metrics } from './lib/metrics';
import { requestIdFor } from './lib/request-id';

export interface BuildOptions {
  config: AppConfig;
  /** Tests hand in a database of the dialect under test; otherwise DATABASE_URL or the SQLite file. */
  database?: Connected;
  clock?: Clock;
  mailer?: Mailer;
  limits?: Partial<ThrottleLimits>;
  logger?: FastifyServerOptions['logger'];
  /**
   * 'demo' seeds demo data into an empty database, with doctoral applicants at several stages;
   * 'accounts' only the demo accounts and catalogue (tests start there); production passes 'none'.
   */
  seed?: 'demo' | 'accounts' | 'none';
  /** The areas' journeys; all of them unless a test builds the core with fewer or more. */
  journeys?: readonly JourneyModule[];
  /** Prometheus counts; the running server passes one that also reports the process's own figures. */
  metrics?: Metrics;
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** How long another process's change to menus or the recruitment year takes to show. */
const REFERENCE_CACHE_MS = 10_000;

export function databaseFor(config: AppConfig): Connected {
  return config.databaseUrl
    ? connect({ kind: 'postgres', url: config.databaseUrl })
    : connect({ kind: 'sqlite', file: path.join(config.dataDir, 'gradus.sqlite') });
}

/** Builds the whole app: infrastructure first, then the public and the signed-in route trees. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // Whatever logger the caller chose, request lines go through requestForLog (no link secrets).
    logger: opts.logger ? { ...(typeof opts.logger === 'object' ? opts.logger : {}), serializers: { req: requestForLog } } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => requestIdFor(req, config.trustProxy !== false),
    serverFactory: (handler) =>
      http.createServer(
        {
          // A client that trickles its headers or its body is cut off instead of holding a socket for ever;
          // the deadlines are checked every second rather than Node's default 30 s.
          headersTimeout: config.headersTimeoutMs,
          requestTimeout: config.requestTimeoutMs,
          connectionsCheckingInterval: 1000,
          // Longer than nginx keeps idle upstream connections (60 s): nginx, not Node, closes them, so a
          // request never meets a connection Node closed a moment before.
          keepAliveTimeout: 65_000,
        },
        handler,
      ),
  });
  // Every route the app serves, for the route x role matrix test (test/route-matrix.test.ts).
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });
  app.decorate('registeredRoutes', routes);
  const { db, kind, schema } = opts.database ?? databaseFor(config);
  app.addHook('onClose', async () => db.destroy());

  const clock = opts.clock ?? systemClock;
  const metrics = opts.metrics ?? new Metrics();
  // Shared with the other instances through Redis when REDIS_URL is set; in this process otherwise.
  const shared = config.redisUrl ? await redisState(config.redisUrl, config.redisPrefix, (err) => app.log.error({ err }, 'redis')) : localState(clock);
  app.addHook('onClose', async () => shared.close());
  const jobs = config.redisUrl ? redisJobs(config.redisUrl, config.redisPrefix, app.log) : localJobs(app.log);
  // Closed before the database (hooks close in reverse): the jobs running here finish or stop first.
  app.addHook('onClose', async () => jobs.close());
  await migrateToLatest(db, kind, schema);
  const storage = new FileStorage(path.join(config.dataDir, 'files'));
  await sweepStorage(db, storage, app.log);
  // Reference data includes files (the materials' templates), so it needs the storage.
  await syncReferenceData(db, storage, clock.now());

  const ctx: AppContext = {
    db,
    dbKind: kind,
    config,
    clock,
    throttle: metrics.counting(shared.throttle),
    locks: shared.locks,
    jobs,
    passwords: new PasswordGate(undefined, undefined, () => metrics.throttleRefused('passwordHashing')),
    limits: { ...DEFAULT_LIMITS, clientPerMinute: config.authRateLimitPerMinute, ...opts.limits },
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log }),
    storage,
    log: app.log,
    cache: new TtlCache(clock, REFERENCE_CACHE_MS),
    journeys: new JourneyRegistry(opts.journeys ?? JOURNEYS),
    applicantChanged: new ApplicantSignal(),
  };
  forgetGatesOnChange(ctx);
  shareSessionRevocations(db, shared.bus);
  shareConfigWrites(db, shared.bus);
  ctx.cache.shareThrough(shared.bus);
  // The demo goes through the portal's own services, so it is seeded once the context exists.
  if ((opts.seed === 'demo' || opts.seed === 'accounts') && (await isEmpty(db))) await seedDemo(ctx, { journeys: opts.seed === 'demo' });
  // Scheduled work starts once the demo is in: a sweep of lapsed camp offers running while the demo
  // answers its campers' offers changed a place under the answer (seen as 'campPlace.stale' on a loaded CI machine).
  const releases = startReleaseScheduler(ctx);
  app.addHook('onClose', async () => releases.stop());
  const outbox = startOutboxRelay(ctx);
  app.addHook('onClose', async () => outbox.stop());
  for (const journey of ctx.journeys.all()) {
    const work = journey.background?.(ctx);
    if (work) app.addHook('onClose', async () => work.stop());
  }
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);
  app.decorateRequest('reviewSession', null);

  await app.register(operationsPlugin, { ctx, metrics, shared });
  await app.register(errorsPlugin);
  useStrictJson(app);
  useContractSchemas(app);
  await app.register(securityHeadersPlugin);

  await app.register(publicAuthRoutes);
  await app.register(portalRoutes);
  await app.register(paymentPublicRoutes);
  await app.register(reviewLinkRoutes);
  await app.register(publicityPublicRoutes);
  for (const journey of ctx.journeys.all()) if (journey.publicRoutes) await app.register(journey.publicRoutes);
  await app.register(async (signedIn) => {
    // Before the body is even read: an unauthenticated call learns nothing, not even what is wrong with its body.
    signedIn.addHook('onRequest', authenticate(ctx));
    await signedIn.register(userRoutes);
    await signedIn.register(systemConfigRoutes);
    await signedIn.register(fileRoutes);
    await signedIn.register(applicationListRoutes);
    await signedIn.register(dashboardRoutes);
    await signedIn.register(applicationExportRoutes);
    await signedIn.register(applicationBatchRoutes);
    await signedIn.register(staffAccountRoutes);
    await signedIn.register(roleRoutes);
    await signedIn.register(releaseRoutes);
    await signedIn.register(cycleRoutes);
    await signedIn.register(logRoutes);
    await signedIn.register(jobRoutes);
    await signedIn.register(configEditorRoutes);
    await signedIn.register(publicityRoutes);
    await signedIn.register(scoreRoutes);
    await signedIn.register(offlinePaymentStaffRoutes);
    await signedIn.register(reviewRoutes);
    await signedIn.register(interviewRoutes);
    await signedIn.register(externalExpertRoutes);
    for (const journey of ctx.journeys.all()) await signedIn.register(journey.routes);
  });
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
