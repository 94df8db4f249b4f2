/**
 * Issue #12, release day measured: 10,000 applicants with live sessions read their journey, their
 * review result and their score at the moment a result is released, against one compiled Gradus
 * instance on SQLite. In the same run, bare `node:http` serves the very same reply bytes for the
 * same requests (the baseline): the ratio is Gradus's throughput over the baseline's, and each side's
 * p99. Then a login storm (sign-ins with valid captchas and wrong passwords, far more than argon2
 * can hash) runs beside a fixed rate of those reads: sign-ins past the hashing queue must be
 * answered 429 with Retry-After rather than time out, and the reads' p99 must stay within 3x of
 * their p99 at the same rate without the storm. Results go to docs/performance.md.
 *
 *   npm run release-day -w bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { removeCompiledServer, startServer, type ServerProcess } from '../server/test/process/server-process';
import { againstBare, APPLICANTS, CALLS, CAPTCHA, CONNECTIONS, median, prepare, ROUNDS, run, SECONDS } from './release-day-load';
import { measureStack, stackServices, type StackFigures } from './release-day-stack';
import { machine, replaceSection } from './report';

/** The reads' fixed rate while the storm runs: the need is about 400 req/s. */
const STORM_READ_RATE = 400;
const STORM_CONNECTIONS = 200;
const DOCS = path.join(import.meta.dirname, '..', 'docs', 'performance.md');
const START = '<!-- bench:release-day:start (written by `npm run release-day -w bench`; edit outside these markers) -->';
const END = '<!-- bench:release-day:end -->';

async function captchas(base: string, count: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, () =>
        fetch(`${base}/api/v1/client/RandomImage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json() as Promise<{ data: { uuid: string } }>),
      ),
    );
    out.push(...batch.map((b) => b.data.uuid));
  }
  return out;
}

function storm(base: string, uuids: string[]): Promise<Result> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon({
      url: base,
      connections: STORM_CONNECTIONS,
      pipelining: 1,
      duration: SECONDS,
      // A sign-in that takes longer than this has, for a person, failed.
      timeout: 10,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const n = next++;
            return { ...request, path: '/api/v1/client/loginRecruit', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }, body: JSON.stringify({ userRegisterType: 1, registerNo: `20271${60_000 + (n % APPLICANTS)}`, password: `Wrong-Storm-${n}`, uuid: uuids[n % uuids.length], code: CAPTCHA }) };
          },
        },
      ],
    }).then(resolve, reject);
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-release-day-'));
  let gradus: ServerProcess | undefined;
  try {
    console.log(`preparing ${APPLICANTS.toLocaleString('en')} applicants with sessions...`);
    const tokens = await prepare({ DATA_DIR: dataDir }, { kind: 'sqlite', file: path.join(dataDir, 'gradus.sqlite') });
    // TRUST_PROXY: the storm comes from many addresses, as it would on the day (each address under its own limit).
    // BENCH_PROFILE=1: the server runs under --cpu-prof and writes bench/results/*.cpuprofile when it stops.
    const profiling = process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${path.join(import.meta.dirname, 'results')}`] : [];
    gradus = await startServer({ NODE_ENV: 'test', CAPTCHA_TEST_CODE: CAPTCHA, DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '1000000' }, 120_000, profiling);
    const rounds = await againstBare(gradus.url, tokens, 'one instance on SQLite');
    const ratio = median(rounds.map((r) => r.gradus.requests.average / r.bare.requests.average));
    const gradusRate = median(rounds.map((r) => r.gradus.requests.average));
    const gradusP99 = median(rounds.map((r) => r.gradus.latency.p99));
    if (process.env.BENCH_PROFILE === '1') {
      gradus.child.kill('SIGTERM');
      await gradus.exited;
      console.log('BENCH_PROFILE=1: profile written to bench/results; storm and docs skipped.');
      return;
    }
    const bareRate = median(rounds.map((r) => r.bare.requests.average));
    const bareP99 = median(rounds.map((r) => r.bare.latency.p99));

    // The storm: reads at the day's rate, first alone, then beside the sign-ins.
    const idle = await run(gradus.url, tokens, { connections: 40, overallRate: STORM_READ_RATE });
    const uuids = await captchas(gradus.url, 20_000);
    const [during, logins] = await Promise.all([run(gradus.url, tokens, { connections: 40, overallRate: STORM_READ_RATE }), storm(gradus.url, uuids)]);
    const statuses = logins.statusCodeStats ?? {};
    const answered = (code: string) => statuses[code]?.count ?? 0;
    const stormRatio = during.latency.p99 / Math.max(1, idle.latency.p99);

    // The one instance makes way for the three (the machine has two cores for everything).
    gradus.child.kill('SIGKILL');
    await gradus.exited;
    const services = stackServices();
    const stack: StackFigures | undefined = services ? await measureStack(services) : undefined;
    if (!services) console.log('three instances not measured: set BENCH_DATABASE_URL and BENCH_REDIS_URL (or TEST_DATABASE_URL and TEST_REDIS_URL)');

    const goals = {
      ratio: ratio >= 0.3,
      p99: gradusP99 < 100,
      storm: logins.timeouts === 0 && logins.errors === 0 && answered('429') > 0 && stormRatio <= 3,
    };
    const yes = (b: boolean) => (b ? 'yes' : 'NO');
    const table = [
      '| Measure | Bare `node:http`, same bytes | Gradus, one instance on SQLite | Goal | Met |',
      '|---|---|---|---|---|',
      `| Release-day reads, req/s (median of ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections) | ${Math.round(bareRate)} | ${Math.round(gradusRate)} | ratio ≥ 0.30 (here ${ratio.toFixed(2)}) | ${yes(goals.ratio)} |`,
      `| p99 latency of those reads | ${bareP99} ms | ${gradusP99} ms | < 100 ms | ${yes(goals.p99)} |`,
      stack
        ? `| The same reads through nginx to three instances on PostgreSQL + Redis, req/s (p99) | ${Math.round(stack.bareRate)} | ${Math.round(stack.rate)} (${stack.p99} ms) | ratio ≥ 0.30 (here ${stack.ratio.toFixed(2)}), p99 < 100 ms | ${yes(stack.ratio >= 0.3 && stack.p99 < 100)} |`
        : '| The same reads through nginx to three instances on PostgreSQL + Redis | | not measured (no PostgreSQL or Redis given) | ratio ≥ 0.30, p99 < 100 ms | NO |',
      `| Reads at ${STORM_READ_RATE} req/s: p99 alone / beside the login storm | | ${idle.latency.p99} ms / ${during.latency.p99} ms (×${stormRatio.toFixed(1)}) | ≤ 3× | ${yes(stormRatio <= 3)} |`,
      `| Login storm (${STORM_CONNECTIONS} connections, wrong passwords, valid captchas): answers 200 / 429 / time-outs / errors | | ${answered('200')} / ${answered('429')} / ${logins.timeouts} / ${logins.errors} | 429 rather than time-outs | ${yes(goals.storm)} |`,
    ].join('\n');
    console.log(table);
    const section = `${START}\n\n- **Date:** ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n- **Machine:** ${machine()}\n- **Settings:** ${APPLICANTS.toLocaleString('en')} doctoral applicants with sessions (SQLite, compiled server, one instance; then PostgreSQL and Redis, three instances behind nginx, on this same machine); each request the next applicant's next call of ${CALLS.map((c) => `\`${c.path}\``).join(', ')}; the baseline serves the bytes Gradus answered for each path\n\n${table}\n\n${END}`;
    replaceSection(DOCS, { start: START, end: END }, section, (text, current) => `${current.trimEnd()}\n\n## Release day (issue #12)\n\n${text}\n`);
  } finally {
    gradus?.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeCompiledServer();
  }
}

await main();
