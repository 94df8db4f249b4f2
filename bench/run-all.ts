/**
 * `npm run bench`: every benchmark, baseline and subject alternating in this one run, then a
 * table on stdout and the figures in docs/performance.md. Bounded in time: a watchdog kills the
 * run (and only the servers it started) if it is still going after BENCH_DEADLINE_SECONDS.
 */
import fs from 'node:fs';
import path from 'node:path';
import { benchLogin } from './login';
import { summarizeProfile } from './profile';
import { consoleTable, machine, settingsLine, writeDocs } from './report';
import { killAllServers } from './servers';
import { PROFILE_DIR, settings } from './settings';
import type { Comparison } from './stats';
import { benchUserInfo } from './user-info';
import { measureWebSize, sizeTable, writeSizeDocs } from './web-size';

const DOCS = path.join(import.meta.dirname, '..', 'docs', 'performance.md');

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${settings.deadlineSeconds} s; stopping.`);
  killAllServers();
  process.exit(2);
}, settings.deadlineSeconds * 1000);

async function main(): Promise<void> {
  console.log(`Machine:  ${machine()}\nSettings: ${settingsLine()}\n`);
  const databases = [{ label: 'SQLite' }, ...(settings.databaseUrl ? [{ label: 'PostgreSQL', url: settings.databaseUrl }] : [])];
  if (!settings.databaseUrl) console.log('PostgreSQL skipped (set BENCH_DATABASE_URL to include it).\n');

  if (settings.profile) {
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    for (const old of fs.readdirSync(PROFILE_DIR).filter((f) => f.endsWith('.cpuprofile'))) fs.rmSync(path.join(PROFILE_DIR, old));
  }

  const comparisons: Comparison[] = [];
  for (const database of databases) {
    console.log(`getUserInfo, ${database.label}:`);
    comparisons.push(await benchUserInfo(database));
    console.log(`login, ${database.label}:`);
    comparisons.push(...(await benchLogin(database)));
  }

  console.log(`\n${consoleTable(comparisons)}\n`);
  console.log('web app size (gzip):');
  const size = await measureWebSize();
  console.log(`${sizeTable(size)}\n`);
  if (settings.profile) {
    // Profiling slows the server: these figures are for finding the cost, not for the docs.
    for (const file of fs.readdirSync(PROFILE_DIR).filter((f) => f.endsWith('.cpuprofile'))) {
      console.log(summarizeProfile(path.join(PROFILE_DIR, file)) + '\n');
    }
    console.log('BENCH_PROFILE=1: figures not written to docs/performance.md.');
  } else {
    writeDocs(DOCS, comparisons);
    writeSizeDocs(size);
    console.log(`Written to ${path.relative(process.cwd(), DOCS)}.`);
  }
}

main().then(
  () => {
    clearTimeout(watchdog);
    // autocannon and fetch may keep sockets alive for a moment; the run is over.
    process.exit(0);
  },
  (err: unknown) => {
    console.error(err);
    killAllServers();
    process.exit(1);
  },
);
