/**
 * Issue #12: production runs the compiled server (`node dist/server.js`, built by
 * server/scripts/build.mjs) instead of compiling TypeScript with tsx at every start. This measures,
 * in one run and alternating, both ways of starting the same server on an empty SQLite database in
 * production mode: the time from spawning the process until /readyz answers (what a restart or a
 * new instance costs on release day), and the resident memory once ready. It prints the ratios
 * compiled / tsx (below 1 is better) and writes them to docs/performance.md.
 *
 *   npm run startup -w bench
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/test/process/server-process';
import { machine, replaceSection } from './report';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SERVER = path.resolve(import.meta.dirname, '..', 'server');
const DOCS = path.join(import.meta.dirname, '..', 'docs', 'performance.md');
const START = '<!-- bench:startup:start (written by `npm run startup -w bench`; edit outside these markers) -->';
const END = '<!-- bench:startup:end -->';

const WAYS = {
  tsx: ['--import', 'tsx', 'src/server.ts'],
  compiled: ['dist/server.js'],
} as const;
type Way = keyof typeof WAYS;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function startOnce(way: Way): Promise<{ readyMs: number; rssMb: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-startup-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...WAYS[way]], {
    cwd: SERVER,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200, () => false);
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`${way}: the server exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyMs = performance.now() - started;
    // Settled memory: what the instance holds while it waits for its first applicant.
    await new Promise((r) => setTimeout(r, 500));
    return { readyMs, rssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER, stdio: 'inherit' });
  const runs: Record<Way, { readyMs: number; rssMb: number }[]> = { tsx: [], compiled: [] };
  // One warm-up of each (the OS's file cache), then alternating rounds, so both see the same machine.
  await startOnce('tsx');
  await startOnce('compiled');
  for (let i = 0; i < ROUNDS; i++) {
    for (const way of ['tsx', 'compiled'] as const) runs[way].push(await startOnce(way));
  }
  const ready = { tsx: median(runs.tsx.map((r) => r.readyMs)), compiled: median(runs.compiled.map((r) => r.readyMs)) };
  const rss = { tsx: median(runs.tsx.map((r) => r.rssMb)), compiled: median(runs.compiled.map((r) => r.rssMb)) };
  const table = [
    '| Measure | tsx (TypeScript at start) | compiled (`node dist/server.js`) | Ratio compiled / tsx |',
    '|---|---|---|---|',
    `| Spawn to /readyz 200, median of ${ROUNDS} | ${ready.tsx.toFixed(0)} ms | ${ready.compiled.toFixed(0)} ms | ${(ready.compiled / ready.tsx).toFixed(2)} |`,
    `| Resident memory once ready, median | ${rss.tsx.toFixed(0)} MB | ${rss.compiled.toFixed(0)} MB | ${(rss.compiled / rss.tsx).toFixed(2)} |`,
  ].join('\n');
  console.log(table);
  const section = `${START}\n\n- **Date:** ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n- **Machine:** ${machine()}\n- **Settings:** an empty SQLite database in production mode (migrations run, no demo), each way started ${ROUNDS} times, alternating, after one warm-up of each\n\n${table}\n\n${END}`;
  replaceSection(DOCS, { start: START, end: END }, section, (text, current) => `${current.trimEnd()}\n\n## Starting an instance: compiled against tsx (issue #12)\n\n${text}\n`);
}

await main();
