import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCTOR_AREA, ReplyCode } from '@gradus/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA, DEMO, DEMO_PASSWORD } from '../harness';
import { startSmtpInbox, type SmtpInbox } from '../smtp-inbox';
import { startNginx, type Nginx } from './nginx';
import { removeCompiledServer, startServer, type ServerProcess } from './server-process';

/**
 * Production's shape (docs/deploy.md): three compiled instances on one PostgreSQL database and one
 * Redis, behind nginx, sharing one DATA_DIR. Sessions, throttles and scheduled work behave as one
 * portal's, and a killed instance's traffic moves to the others.
 */
const PG_URL = process.env.TEST_DATABASE_URL!;
const REDIS_URL = process.env.TEST_REDIS_URL!;
const database = `gradus_stack_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const prefix = `gradus-stack-${randomUUID().slice(0, 8)}:`;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-stack-'));
const instances: ServerProcess[] = [];
let nginx: Nginx;
let inbox: SmtpInbox;

async function admin(sqlText: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await c.query(sqlText, params);
  } finally {
    await c.end();
  }
}
const dbUrl = () => {
  const u = new URL(PG_URL);
  u.pathname = `/${database}`;
  return u.toString();
};
async function inPortal<T extends pg.QueryResultRow>(sqlText: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: dbUrl() });
  await c.connect();
  try {
    return (await c.query<T>(sqlText, params)).rows;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin(`create database ${database}`);
  inbox = await startSmtpInbox();
  const env = {
    NODE_ENV: 'test',
    CAPTCHA_TEST_CODE: CAPTCHA,
    DATABASE_URL: dbUrl(),
    REDIS_URL,
    REDIS_PREFIX: prefix,
    DATA_DIR: path.join(root, 'data'),
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT_PER_MINUTE: '5',
    SMTP_URL: inbox.url,
  };
  // The first migrates and seeds the demo; the other two find both done.
  instances.push(await startServer(env, 180_000));
  instances.push(...(await Promise.all([startServer(env, 120_000), startServer(env, 120_000)])));
  nginx = await startNginx(path.join(root, 'nginx'), instances.map((i) => i.port));
}, 300_000);

afterAll(async () => {
  await nginx?.stop();
  for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGTERM');
  await Promise.all(instances.map((i) => i.exited));
  await inbox?.close();
  await admin(`drop database if exists ${database} with (force)`);
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  fs.rmSync(root, { recursive: true, force: true });
  removeCompiledServer();
}, 60_000);

type Envelope<T = unknown> = { code: number; msg: string; data: T };
async function post<T = unknown>(base: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  // A throttled call is 429 with its envelope and Retry-After; anything else not 200 is a failure.
  if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  else if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as Envelope<T>;
}
async function signIn(base: string, who: object, forwardedFor: string): Promise<Envelope<{ token: string }>> {
  const headers = { 'x-forwarded-for': forwardedFor };
  const { data } = await post<{ uuid: string }>(base, '/api/v1/client/RandomImage', {}, headers);
  return post(base, '/api/v1/client/loginRecruit', { ...who, password: DEMO_PASSWORD, uuid: data.uuid, code: CAPTCHA }, headers);
}
const userInfo = (base: string, token: string) => post(base, '/mucgrs-service/system/user/getUserInfo', {}, { authorization: `Bearer ${token}` });

describe('three instances behind nginx on PostgreSQL and Redis', { timeout: 60_000 }, () => {
  it('serves a session signed in on one from the others, and refuses it on them within 100 ms of its sign-out', async () => {
    const [one, two, three] = instances.map((i) => i.url) as [string, string, string];
    const { code, data } = await signIn(one, DEMO.assessment, '198.51.100.1');
    expect(code).toBe(0);
    expect((await userInfo(two, data.token)).code).toBe(0);
    expect((await userInfo(three, data.token)).code).toBe(0);
    const res = await fetch(`${one}/api/v1/client/logout`, { headers: { authorization: `Bearer ${data.token}` } });
    expect(((await res.json()) as Envelope).code).toBe(0);
    const signedOut = performance.now();
    const refusedAt = await Promise.all(
      [two, three].map(async (base) => {
        while ((await userInfo(base, data.token)).code !== ReplyCode.SESSION_EXPIRED) {
          if (performance.now() - signedOut > 1000) throw new Error(`${base} still accepts the session`);
        }
        return performance.now() - signedOut;
      }),
    );
    expect(Math.max(...refusedAt)).toBeLessThan(100);
  });

  it('counts one address’s sign-ins on all three against one limit', async () => {
    const codes = [];
    for (const [i, who] of [DEMO.successive, DEMO.hmt, DEMO.taiwan, DEMO.successive, DEMO.hmt, DEMO.taiwan].entries()) {
      codes.push((await signIn(instances[i % 3]!.url, who, '203.0.113.50')).code);
    }
    // Five a minute per address; the sixth is refused, though no instance saw more than two.
    expect(codes).toEqual([0, 0, 0, 0, 0, ReplyCode.THROTTLED]);
  });

  it('publishes a scheduled release once, though all three look for due releases every second', async () => {
    const before = await inPortal<{ n: string }>(`select count(*) as n from audit_event where event = 'cycle.release'`);
    const officer = (await inPortal<{ id: number }>(`select id from app_user where login_name = 'admin'`))[0]!.id;
    const year = (await inPortal<{ system_value: string }>(`select system_value from system_config where system_key = 'recruitYear' limit 1`))[0]?.system_value ?? '2027';
    const at = Date.now() + 1500;
    const [plan] = await inPortal<{ id: number }>(
      `insert into release_plan (area, recruit_year, release, at, state, planned_by, planned_at, confirmed_by, confirmed_at) values ($5, $1, 'finalScore', $2, 'scheduled', $3, $4, $3, $4) returning id`,
      [year, at, officer, Date.now(), DOCTOR_AREA],
    );
    for (let i = 0; i < 100; i++) {
      const [row] = await inPortal<{ state: string }>(`select state from release_plan where id = $1`, [plan!.id]);
      if (row!.state === 'published') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Three more seconds: every instance has looked again since.
    await new Promise((r) => setTimeout(r, 3000));
    const after = await inPortal<{ n: string }>(`select count(*) as n from audit_event where event = 'cycle.release'`);
    expect(Number(after[0]!.n) - Number(before[0]!.n)).toBe(1);
    const notices = inbox.received.filter((m) => /成绩|结果|result/i.test(m.mail.subject ?? ''));
    const recipients = notices.flatMap((m) => m.to);
    expect(new Set(recipients).size).toBe(recipients.length);
  });

  it('moves a killed instance’s traffic to the other two: applicants reading their pages see no error', async () => {
    const { data } = await signIn(nginx.url, DEMO.hmt, 'ignored');
    const errors: string[] = [];
    let served = 0;
    let killedAt = Infinity;
    const stopAt = performance.now() + 4000;
    // Twenty applicants reading pages through nginx, one request after another.
    const reader = async () => {
      while (performance.now() < stopAt) {
        const started = performance.now();
        try {
          const r = await userInfo(nginx.url, data.token);
          if (r.code !== 0) errors.push(`code ${r.code} ${r.msg}`);
          else served++;
        } catch (err) {
          // A request already inside the instance at the instant it died cannot be answered by it; nginx
          // retries what it had not sent. Only those count as the kill's own.
          if (started > killedAt) errors.push(String(err));
        }
      }
    };
    const load = Array.from({ length: 20 }, reader);
    await new Promise((r) => setTimeout(r, 1000));
    instances[1]!.child.kill('SIGKILL');
    await instances[1]!.exited;
    killedAt = performance.now();
    await Promise.all(load);
    expect(await instances[1]!.exited).toBe('SIGKILL');
    expect(errors).toEqual([]);
    expect(served).toBeGreaterThan(100);
    // The other two still answer everything, directly and through nginx.
    for (const i of [instances[0]!, instances[2]!]) expect((await fetch(`${i.url}/readyz`)).status).toBe(200);
  });
});
