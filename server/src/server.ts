import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_APPLICANTS, DEMO_PASSWORD, DEMO_REVIEW_LINKS, DEMO_STAFF } from './db/seed/demo';
import { JOURNEYS } from './journeys';
import { isMasterType } from '@gradus/contract';

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
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  });
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite at ${config.dataDir}/gradus.sqlite`;
  const lines = [
    '',
    `  Gradus is running: http://localhost:${config.port}`,
    `  Database: ${where}`,
  ];
  if (!config.production) {
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
  }
  console.log(lines.join('\n') + '\n');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
}

void main();
