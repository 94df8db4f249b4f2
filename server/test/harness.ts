import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app';
import { runAdminCommand } from '../src/cli/commands';
import { loadConfig, type AppConfig } from '../src/config';
import { connect, type Connected } from '../src/db/dialect';
import { pglitePool } from '../src/db/pglite-pool';
import { FakeClock } from '../src/lib/clock';
import type { ThrottleLimits } from '../src/lib/throttle';
import type { Mailer, OutgoingMail } from '../src/plugins/mail';
import { DEMO_PASSWORD } from '../src/db/seed/demo';

export const dialect = (process.env.TEST_DIALECT ?? 'sqlite') as 'sqlite' | 'pglite' | 'postgres';
export const CAPTCHA = '2468';
export { DEMO_PASSWORD };

/** A fresh, empty database of the dialect under test, and how to throw it away. */
export async function freshDatabase(dataDir: string): Promise<{ database: Connected; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    return { database: connect({ kind: 'sqlite', file: path.join(dataDir, 'gradus.sqlite') }), drop: async () => {} };
  }
  if (dialect === 'pglite') {
    const pglite = new PGlite();
    return { database: connect({ kind: 'pglite', pool: pglitePool(pglite) }), drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  // Each test file gets its own schema on the shared server, dropped afterwards.
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    database: connect({ kind: 'postgres', url, schema }),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** Collects mail instead of sending it (tests of SMTP itself use a real smtp-server). */
export class MailSpy implements Mailer {
  sent: OutgoingMail[] = [];
  async send(mail: OutgoingMail): Promise<void> {
    this.sent.push(mail);
  }
}

export interface TestApp {
  app: FastifyInstance;
  clock: FakeClock;
  config: AppConfig;
  mail: MailSpy;
  dataDir: string;
  close(): Promise<void>;
}

export async function buildTestApp(
  opts: {
    limits?: Partial<ThrottleLimits>;
    env?: Record<string, string>;
    mailer?: Mailer | 'real';
    seed?: 'demo' | 'accounts' | 'none';
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA_TEST_CODE: CAPTCHA, WEB_DIST: path.join(dataDir, 'no-web'), ...opts.env });
  const clock = new FakeClock();
  const mail = new MailSpy();
  const { database, drop } = await freshDatabase(dataDir);
  const app = await buildApp({
    config,
    database,
    clock,
    // 'real' lets the app build its own mailer from the config (SMTP_URL or the outbox).
    ...(opts.mailer === 'real' ? {} : { mailer: opts.mailer ?? mail }),
    // Generous by default so suites are not throttled; throttling tests set their own limits.
    limits: { clientPerMinute: 10_000, ...opts.limits },
    // Demo accounts without the demo journeys: each suite sets up the stage it tests.
    seed: opts.seed ?? 'accounts',
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  return {
    app,
    clock,
    config,
    mail,
    dataDir,
    async close() {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Reply<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
  raw: LightMyRequestResponse;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  url: string,
  opts: { method?: 'GET' | 'POST'; body?: unknown; token?: string; lang?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const res = await app.inject({
    method: opts.method ?? 'POST',
    url,
    headers: {
      ...(opts.body !== undefined && typeof opts.body !== 'string' ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) } : {}),
  });
  let json: { code: number; msg: string; data: T } = { code: NaN, msg: '', data: undefined as T };
  if ((res.headers['content-type'] ?? '').toString().includes('json')) json = res.json();
  return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data, raw: res };
}

/** A fresh captcha answered with the test code. */
export async function captcha(app: FastifyInstance): Promise<{ uuid: string; code: string }> {
  const r = await call<{ uuid: string }>(app, '/api/v1/client/RandomImage', { body: {} });
  return { uuid: r.data.uuid, code: CAPTCHA };
}

export const DEMO = {
  assessment: { userRegisterType: 1, registerNo: '2027100001' },
  successive: { userRegisterType: 2, registerNo: '2027200001' },
  hmt: { userRegisterType: 4, registerNo: '2027400001' },
  taiwan: { userRegisterType: 4, registerNo: '2027400002' },
  camper: { userRegisterType: 3, candidateNo: '2027300001', name: '李娜' },
  tuimian: { userRegisterType: 5, candidateNo: '2027500001', name: '王芳' },
  reviewer: { loginName: 'reviewer' },
  admin: { loginName: 'admin' },
  publisher: { loginName: 'publisher' },
  secretary: { loginName: 'secretary' },
  secretaryEcon: { loginName: 'secretary-econ' },
  expertWang: { loginName: 'expert-wang' },
  expertZhou: { loginName: 'expert-zhou' },
  expertWu: { loginName: 'expert-wu' },
  sysadmin: { loginName: 'sysadmin' },
  sysadmin2: { loginName: 'sysadmin-2' },
} as const;
export type DemoAccount = keyof typeof DEMO;

/** Signs in as a demo account through the real login calls; returns the token. */
export async function signIn(app: FastifyInstance, who: DemoAccount, password = DEMO_PASSWORD): Promise<string> {
  const account = DEMO[who];
  const url = 'candidateNo' in account ? '/api/v1/client/masterLogin' : '/api/v1/client/loginRecruit';
  const r = await call<{ token: string }>(app, url, { body: { ...account, password, ...(await captcha(app)) } });
  if (r.code !== 0) throw new Error(`sign-in as ${who} failed: ${r.code} ${r.msg}`);
  return r.data.token;
}

/**
 * Runs an `npm run admin` command against the test app's database, at the test clock's time, as
 * the demo admissions officer (`admin`, who also holds the publish permission) unless `--as` says
 * otherwise.
 */
export const TEST_ACTOR = 'admin';

/** The user id of the staff account runAdmin acts as: what audit rows and decisions record. */
export async function testActorId(t: TestApp): Promise<number> {
  return (await t.app.ctx.db.selectFrom('app_user').select('id').where('login_name', '=', TEST_ACTOR).executeTakeFirstOrThrow()).id;
}
export function runAdmin(t: TestApp, ...argv: string[]): Promise<string> {
  return runAdminCommand(argv, { db: t.app.ctx.db, now: t.clock.now(), readPassword: async () => '', actorLogin: TEST_ACTOR });
}
