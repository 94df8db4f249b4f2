/**
 * Benchmark 2: complete logins per second against the raw argon2id verify rate of this machine,
 * with the same parameters and the same concurrency. The goal "a login costs the password hash,
 * nothing else" holds when the server signs people in nearly as fast as it can verify hashes.
 *
 * Two subjects, both measured against the same baseline round:
 * - login only: captchas fetched in a batch before the timed phase, so the timed phase is exactly
 *   the loginRecruit call. This is what the goal is judged on (see docs/performance.md).
 * - full sign-in: a captcha fetch and a login per sign-in, as a real user does; shown for information.
 */
import os from 'node:os';
import type { RequestContext, RequestSpec } from 'autocannon';
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../server/src/lib/passwords';
import { CAPTCHA_CODE, DEMO_LOGIN, PATHS, fetchCaptcha, loginBody } from './gradus-client';
import { load } from './load';
import { profiled, startServer, withCpu, type RunningServer } from './servers';
import { GOALS, settings } from './settings';
import type { Comparison } from './stats';

const say = (line: string) => console.log(`  ${line}`);

/**
 * `concurrency` loops verifying back to back. The rate counts verifications finished before the
 * deadline; the CPU time (this process, argon2's thread pool included) is divided by all of them,
 * as the loops finish the ones under way before returning.
 */
async function verifyRate(stored: string, concurrency: number, seconds: number): Promise<{ rate: number; cpuPerVerify: number }> {
  const cpuBefore = process.cpuUsage();
  const deadline = performance.now() + seconds * 1000;
  let inTime = 0;
  let all = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      if (!(await verify(stored, DEMO_LOGIN.password))) throw new Error('argon2 verify of the known password failed');
      all++;
      if (performance.now() <= deadline) inTime++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const cpu = process.cpuUsage(cpuBefore);
  return { rate: inTime / seconds, cpuPerVerify: (cpu.user + cpu.system) / all };
}

/** Counts login replies by their envelope: errors are HTTP 200 too, so the status says nothing. */
function loginCounter() {
  const counts = { ok: 0, failed: 0, lastFailure: '' };
  const onResponse = (_status: number, body: string) => {
    if (body.startsWith('{"code":0')) counts.ok++;
    else {
      counts.failed++;
      counts.lastFailure = body.slice(0, 200);
    }
  };
  return { counts, onResponse };
}

const jsonPost = { method: 'POST', headers: { 'content-type': 'application/json' } };

/**
 * The fastest one verification runs here, alone: the login rate can never beat one such
 * verification per core, which bounds how many captchas a phase can use.
 */
async function fastestVerifySeconds(stored: string): Promise<number> {
  let fastest = Infinity;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await verify(stored, DEMO_LOGIN.password);
    fastest = Math.min(fastest, (performance.now() - started) / 1000);
  }
  return fastest;
}

/**
 * Captchas for a login-only phase, fetched before it. Sized from the upper bound above, not from
 * the measured rate: on a noisy machine the baseline can run slow and the logins fast.
 */
async function captchaPool(gradus: RunningServer, fastestVerify: number): Promise<string[]> {
  const needed = Math.ceil((os.availableParallelism() / fastestVerify) * settings.seconds * 1.25) + settings.connections * 2;
  const pool: string[] = [];
  const fetchers = Array.from({ length: 4 }, async () => {
    while (pool.length < needed) pool.push(await fetchCaptcha(gradus.url));
  });
  await Promise.all(fetchers);
  return pool;
}

/** Logins per second with captchas fetched beforehand: the timed phase is nothing but loginRecruit. */
async function loginOnlyRate(gradus: RunningServer, pool: string[]): Promise<number> {
  const size = pool.length;
  const { counts, onResponse } = loginCounter();
  const login: RequestSpec = {
    ...jsonPost,
    path: PATHS.login,
    setupRequest: (request) => ({ ...request, body: loginBody(pool.pop() ?? 'captcha-pool-ran-out') }),
    onResponse,
  };
  const result = await load({ url: gradus.url, requests: [login] });
  if (counts.failed) throw new Error(`${counts.failed} logins failed (pool of ${size} captchas); last reply: ${counts.lastFailure}`);
  return counts.ok / result.duration;
}

/** Sign-ins per second, each a captcha fetch followed by a login, as the sign-in screen does. */
async function fullSignInRate(gradus: RunningServer, duration?: number): Promise<number> {
  const { counts, onResponse } = loginCounter();
  const captcha: RequestSpec = {
    ...jsonPost,
    path: PATHS.captcha,
    body: '{}',
    onResponse: (_status, body, context) => {
      context.uuid = (JSON.parse(body) as { data: { uuid: string } }).data.uuid;
    },
  };
  const login: RequestSpec = {
    ...jsonPost,
    path: PATHS.login,
    setupRequest: (request, context: RequestContext) => ({ ...request, body: loginBody(String(context.uuid)) }),
    onResponse,
  };
  const result = await load({ url: gradus.url, requests: [captcha, login], ...(duration ? { duration } : {}) });
  if (counts.failed) throw new Error(`${counts.failed} sign-ins failed; last reply: ${counts.lastFailure}`);
  return counts.ok / result.duration;
}

export async function benchLogin(database: { label: string; url?: string }): Promise<Comparison[]> {
  const stored = await hash(DEMO_LOGIN.password, ARGON2_OPTIONS);
  const fastestVerify = await fastestVerifySeconds(stored);
  const gradus = await startServer({ kind: 'gradus', captchaCode: CAPTCHA_CODE, ...(database.url ? { databaseUrl: database.url } : {}) });
  try {
    await fullSignInRate(gradus, settings.warmupSeconds);
    const verifies: number[] = [];
    const loginOnly: number[] = [];
    const fullSignIn: number[] = [];
    const cpu = { verify: [] as number[], loginOnly: [] as number[], fullSignIn: [] as number[] };
    for (let round = 1; round <= settings.rounds; round++) {
      const baseline = await verifyRate(stored, settings.connections, settings.seconds);
      verifies.push(baseline.rate);
      cpu.verify.push(baseline.cpuPerVerify);
      const pool = await captchaPool(gradus, fastestVerify);
      // Profiling (BENCH_PROFILE=1) covers the first round's timed phases only.
      const phase = (name: string, run: () => Promise<number>) =>
        withCpu(gradus, PATHS.login, () => (round === 1 ? profiled(gradus, `${name}-${database.label.toLowerCase()}`, run) : run()));
      const only = await phase('login-only', () => loginOnlyRate(gradus, pool));
      loginOnly.push(only.result);
      cpu.loginOnly.push(only.cpuPerRequest);
      const full = await phase('sign-in', () => fullSignInRate(gradus));
      fullSignIn.push(full.result);
      cpu.fullSignIn.push(full.cpuPerRequest);
      const ms = (micros: number) => `${(micros / 1000).toFixed(1)} ms CPU`;
      say(
        `round ${round}: argon2 verify ${baseline.rate.toFixed(1)}/s (${ms(baseline.cpuPerVerify)} each), ` +
          `login only ${only.result.toFixed(1)}/s (${ms(only.cpuPerRequest)}), full sign-in ${full.result.toFixed(1)}/s (${ms(full.cpuPerRequest)})`,
      );
    }
    const common = {
      database: database.label,
      baselineLabel: `argon2id verify ×${settings.connections}`,
      baseline: verifies,
      unit: { baseline: 'verify/s', subject: 'logins/s' },
    };
    return [
      {
        ...common,
        title: 'Login (captchas pre-fetched)',
        subjectLabel: 'Gradus loginRecruit',
        subject: loginOnly,
        goal: GOALS.login,
        cpu: { baseline: cpu.verify, subject: cpu.loginOnly },
      },
      {
        ...common,
        title: 'Sign-in incl. captcha',
        subjectLabel: 'Gradus RandomImage + loginRecruit',
        subject: fullSignIn,
        goal: null,
        cpu: { baseline: cpu.verify, subject: cpu.fullSignIn },
        note: 'for information: what a real sign-in costs',
      },
    ];
  } finally {
    await gradus.stop();
  }
}
