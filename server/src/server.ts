import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_APPLICANTS, DEMO_PASSWORD, DEMO_REVIEW_LINKS, DEMO_STAFF } from './db/seed/demo';
import { JOURNEYS } from './journeys';
import { isMasterType } from '@gradus/contract';
import { Metrics } from './lib/metrics';

/** Only listens; app.ts builds everything. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`gradus: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({
    config,
    seed: config.production ? 'none' : 'demo',
    metrics: new Metrics({ process: true }),
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  });
  await app.listen({ port: config.port, host: config.host });
  stopGracefully(app, config.shutdownGraceMs);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite at ${config.dataDir}/gradus.sqlite`;
  if (config.production) {
    // One JSON line like every other: the log collector reads stdout.
    app.log.info({ port: config.port, database: config.databaseUrl ? 'postgres' : 'sqlite' }, 'Gradus is running');
    return;
  }
  const lines = [
    '',
    `  Gradus is running: http://localhost:${config.port}`,
    `  Database: ${where}`,
  ];
  lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
  const standing = Object.assign({}, ...JOURNEYS.map((j) => j.demoStanding ?? {})) as Record<string, string>;
  for (const a of DEMO_APPLICANTS) {
    const stage = standing[a.number] ? `  (${standing[a.number]})` : '';
    lines.push(`    type ${a.registerType} ${isMasterType(a.registerType) ? 'candidate' : 'registration'} number ${a.number}  ${a.name}${stage}`);
  }
  for (const s of DEMO_STAFF) lines.push(`    staff login name ${s.loginName} (${s.roleKeys.join(', ')})`);
  // External experts have no account: a mailed link, whose identity code also goes to the outbox.
  if (DEMO_REVIEW_LINKS.length > 0) {
    lines.push(`  External experts' review links (the identity code is mailed to ${config.smtpUrl ? 'their address' : `${config.dataDir}/outbox`}):`);
    for (const l of DEMO_REVIEW_LINKS) lines.push(`    ${l.name}: ${l.link}`);
  } else {
    lines.push(`  External experts' review links: mailed when the demo was seeded (${config.smtpUrl ? 'over SMTP' : `${config.dataDir}/outbox`}).`);
  }
  console.log(lines.join('\n') + '\n');
}

/**
 * On SIGTERM (systemd, docker stop) or Ctrl-C: /readyz turns 503, the listening socket closes (the
 * proxy sends new requests to the other instances), requests already in flight are answered, then
 * the database closes. A request that outlasts the grace period is cut off rather than holding an
 * upgrade hostage.
 */
function stopGracefully(app: FastifyInstance, graceMs: number): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down: finishing the requests in flight');
      app.drain();
      setTimeout(() => {
        app.log.error({ graceMs }, 'requests still running at the end of the grace period; exiting');
        process.exit(1);
      }, graceMs).unref();
      void app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

void main();
