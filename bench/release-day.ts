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
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCTOR_AREA, RESULT_STAGES, RoleKey, SCORE_KINDS } from '@gradus/contract';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { connect } from '../server/src/db/dialect';
import { createSession } from '../server/src/modules/session/service';
import { insertApplications, type ApplicationSpec } from '../server/test/application-factory';
import { removeCompiledServer, startServer, type ServerProcess } from '../server/test/process/server-process';
import { machine, replaceSection } from './report';

const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 64;
/** The reads' fixed rate while the storm runs: the need is about 400 req/s. */
const STORM_READ_RATE = 400;
const STORM_CONNECTIONS = 200;
const CAPTCHA = '2468';
const DOCS = path.join(import.meta.dirname, '..', 'docs', 'performance.md');
const START = '<!-- bench:release-day:start (written by `npm run release-day -w bench`; edit outside these markers) -->';
const END = '<!-- bench:release-day:end -->';

/** What an applicant's pages call on release day. */
const CALLS = [
  { path: '/mucgrs-service/doctor/journey', body: '{}' },
  { path: '/mucgrs-service/doctor/results/review', body: JSON.stringify({ stage: RESULT_STAGES[0] }) },
  { path: '/mucgrs-service/doctor/results/score', body: JSON.stringify({ kind: SCORE_KINDS[3] }) },
];

async function prepare(dataDir: string): Promise<string[]> {
  const env = { NODE_ENV: 'test', CAPTCHA_TEST_CODE: CAPTCHA, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const seeding = await startServer(env, 180_000);
  seeding.child.kill('SIGTERM');
  await seeding.exited;
  const { db } = connect({ kind: 'sqlite', file: path.join(dataDir, 'gradus.sqlite') });
  try {
    const now = Date.now();
    const programme = await db.selectFrom('programme').select(['id', 'department_id']).where('code', 'like', '%-PHD-%').orderBy('id').executeTakeFirstOrThrow();
    const specs: ApplicationSpec[] = Array.from({ length: APPLICANTS }, (_, i) => ({
      number: `20271${60_000 + i}`,
      name: `考生${i}`,
      registerType: 1,
      recruitYear: '2027',
      area: DOCTOR_AREA,
      departmentId: programme.department_id,
      programmeId: programme.id,
      formStatus: 'submitted',
      savedAt: now,
      submittedAt: now,
      paid: true,
      photo: 'approved',
      qualification: i % 5 === 0 ? 'fail' : 'pass',
    }));
    const ids = await insertApplications(db, now, specs);
    const role = await db.selectFrom('role').select('id').where('role_key', '=', RoleKey.DOCTOR).executeTakeFirstOrThrow();
    const tokens: string[] = [];
    await db.transaction().execute(async (trx) => {
      for (const id of ids) tokens.push(await createSession(trx, now, id, role.id, { ip: '127.0.0.1' }));
    });
    return tokens;
  } finally {
    await db.destroy();
  }
}

/** Each connection takes the next applicant and the next of their calls, so all 10,000 sessions are read. */
function releaseDayRequests(tokens: string[]): RequestSpec[] {
  let next = 0;
  return [
    {
      method: 'POST',
      setupRequest: (request) => {
        const n = next++;
        const call = CALLS[n % CALLS.length]!;
        return { ...request, path: call.path, body: call.body, headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[Math.floor(n / CALLS.length) % tokens.length]}` } };
      },
    },
  ];
}

/** A bare node:http server answering each path with the bytes Gradus answered it with. */
function bareServer(replies: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const source = `
const replies = ${JSON.stringify(replies)};
const bodies = Object.fromEntries(Object.entries(replies).map(([k, v]) => [k, Buffer.from(v)]));
require('node:http').createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const body = bodies[req.url];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json; charset=utf-8', 'content-length': body ? body.length : 0 });
    res.end(body);
  });
}).listen(0, '127.0.0.1', function () { process.send(this.address().port); });`;
  const file = path.join(os.tmpdir(), `gradus-bare-${process.pid}.cjs`);
  fs.writeFileSync(file, source);
  const child = fork(file, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve) => child.once('message', (port) => resolve({ url: `http://127.0.0.1:${String(port)}`, child })));
}

const run = (url: string, tokens: string[], extra: Partial<Parameters<typeof autocannon>[0]> = {}): Promise<Result> =>
  new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: SECONDS, requests: releaseDayRequests(tokens), ...extra });
    instance.then(resolve, reject);
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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
  let bare: { url: string; child: ChildProcess } | undefined;
  try {
    console.log(`preparing ${APPLICANTS.toLocaleString('en')} applicants with sessions...`);
    const tokens = await prepare(dataDir);
    // TRUST_PROXY: the storm comes from many addresses, as it would on the day (each address under its own limit).
    gradus = await startServer({ NODE_ENV: 'test', CAPTCHA_TEST_CODE: CAPTCHA, DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '1000000' }, 120_000);
    const replies: Record<string, string> = {};
    for (const call of CALLS) {
      const res = await fetch(`${gradus.url}${call.path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[1]}` }, body: call.body });
      replies[call.path] = await res.text();
      if (!replies[call.path]!.startsWith('{"code":0')) throw new Error(`${call.path}: ${replies[call.path]!.slice(0, 200)}`);
    }
    bare = await bareServer(replies);
    // Warm-up of both (JIT, SQLite's page cache), then alternating rounds.
    await run(gradus.url, tokens, { duration: 3 });
    await run(bare.url, tokens, { duration: 3 });
    const rounds: { bare: Result; gradus: Result }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const b = await run(bare.url, tokens);
      const g = await run(gradus.url, tokens);
      if (g.non2xx > 0 || g.errors > 0) throw new Error(`Gradus answered ${g.non2xx} non-2xx and ${g.errors} errors`);
      rounds.push({ bare: b, gradus: g });
      console.log(`round ${i + 1}: bare ${Math.round(b.requests.average)} req/s p99 ${b.latency.p99} ms; Gradus ${Math.round(g.requests.average)} req/s p99 ${g.latency.p99} ms`);
    }
    const ratio = median(rounds.map((r) => r.gradus.requests.average / r.bare.requests.average));
    const gradusRate = median(rounds.map((r) => r.gradus.requests.average));
    const gradusP99 = median(rounds.map((r) => r.gradus.latency.p99));
    const bareRate = median(rounds.map((r) => r.bare.requests.average));
    const bareP99 = median(rounds.map((r) => r.bare.latency.p99));

    // The storm: reads at the day's rate, first alone, then beside the sign-ins.
    const idle = await run(gradus.url, tokens, { connections: 40, overallRate: STORM_READ_RATE });
    const uuids = await captchas(gradus.url, 20_000);
    const [during, logins] = await Promise.all([run(gradus.url, tokens, { connections: 40, overallRate: STORM_READ_RATE }), storm(gradus.url, uuids)]);
    const statuses = logins.statusCodeStats ?? {};
    const answered = (code: string) => statuses[code]?.count ?? 0;
    const stormRatio = during.latency.p99 / Math.max(1, idle.latency.p99);

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
      `| Reads at ${STORM_READ_RATE} req/s: p99 alone / beside the login storm | | ${idle.latency.p99} ms / ${during.latency.p99} ms (×${stormRatio.toFixed(1)}) | ≤ 3× | ${yes(stormRatio <= 3)} |`,
      `| Login storm (${STORM_CONNECTIONS} connections, wrong passwords, valid captchas): answers 200 / 429 / time-outs / errors | | ${answered('200')} / ${answered('429')} / ${logins.timeouts} / ${logins.errors} | 429 rather than time-outs | ${yes(goals.storm)} |`,
    ].join('\n');
    console.log(table);
    const section = `${START}\n\n- **Date:** ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n- **Machine:** ${machine()}\n- **Settings:** ${APPLICANTS.toLocaleString('en')} doctoral applicants with sessions (SQLite, compiled server, one instance); each request the next applicant's next call of ${CALLS.map((c) => `\`${c.path}\``).join(', ')}; the baseline serves the bytes Gradus answered for each path\n\n${table}\n\n${END}`;
    replaceSection(DOCS, { start: START, end: END }, section, (text, current) => `${current.trimEnd()}\n\n## Release day (issue #12)\n\n${text}\n`);
  } finally {
    gradus?.child.kill('SIGKILL');
    bare?.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeCompiledServer();
  }
}

await main();
