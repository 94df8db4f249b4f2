/**
 * The release-day load (bench/release-day.ts): the applicants and their sessions, the mix of calls
 * each makes, the bare `node:http` baseline serving the same bytes, and one measured run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCTOR_AREA, RESULT_STAGES, RoleKey, SCORE_KINDS } from '@gradus/contract';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { connect, type DatabaseTarget } from '../server/src/db/dialect';
import { createSession } from '../server/src/modules/session/service';
import { insertApplications, type ApplicationSpec } from '../server/test/application-factory';
import { startServer } from '../server/test/process/server-process';

export const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 10_000);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// Three, so the median is a middle round rather than the better of two.
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const CONNECTIONS = 64;
export const CAPTCHA = '2468';

/** What an applicant's pages call on release day. */
export const CALLS = [
  { path: '/mucgrs-service/doctor/journey', body: '{}' },
  { path: '/mucgrs-service/doctor/results/review', body: JSON.stringify({ stage: RESULT_STAGES[0] }) },
  { path: '/mucgrs-service/doctor/results/score', body: JSON.stringify({ kind: SCORE_KINDS[3] }) },
];

/** Seeds the demo through a first start with `env`, then adds the applicants and their sessions. */
export async function prepare(env: Record<string, string>, target: DatabaseTarget): Promise<string[]> {
  const seeding = await startServer({ NODE_ENV: 'test', CAPTCHA_TEST_CODE: CAPTCHA, LOG_LEVEL: 'warn', ...env }, 180_000);
  seeding.child.kill('SIGTERM');
  await seeding.exited;
  const { db } = connect(target);
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
export function releaseDayRequests(tokens: string[]): RequestSpec[] {
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
export function bareServer(replies: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
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

export const run = (url: string, tokens: string[], extra: Partial<Parameters<typeof autocannon>[0]> = {}): Promise<Result> =>
  new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: SECONDS, requests: releaseDayRequests(tokens), ...extra });
    instance.then(resolve, reject);
  });

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;


export interface Round {
  bare: Result;
  gradus: Result;
}

/**
 * Gradus at `url` against bare `node:http` serving, for each call, the bytes Gradus answered it
 * with: a warm-up of both (JIT, caches), then alternating rounds. The baseline stops afterwards.
 */
export async function againstBare(url: string, tokens: string[], label: string): Promise<Round[]> {
  const replies: Record<string, string> = {};
  for (const call of CALLS) {
    const res = await fetch(`${url}${call.path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[1]}` }, body: call.body });
    replies[call.path] = await res.text();
    if (!replies[call.path]!.startsWith('{"code":0')) throw new Error(`${call.path}: ${replies[call.path]!.slice(0, 200)}`);
  }
  const bare = await bareServer(replies);
  try {
    await run(url, tokens, { duration: 3 });
    await run(bare.url, tokens, { duration: 3 });
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const b = await run(bare.url, tokens);
      const g = await run(url, tokens);
      if (g.non2xx > 0 || g.errors > 0) throw new Error(`${label} answered ${g.non2xx} non-2xx and ${g.errors} errors`);
      rounds.push({ bare: b, gradus: g });
      console.log(`${label}, round ${i + 1}: bare ${Math.round(b.requests.average)} req/s p99 ${b.latency.p99} ms; Gradus ${Math.round(g.requests.average)} req/s p99 ${g.latency.p99} ms`);
    }
    return rounds;
  } finally {
    bare.child.kill('SIGKILL');
  }
}
