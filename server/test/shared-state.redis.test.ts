import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ReplyCode } from '@gradus/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connect } from '../src/db/dialect';
import { FakeClock } from '../src/lib/clock';
import { call, captcha, CAPTCHA, DEMO, DEMO_PASSWORD, MailSpy } from './harness';

/**
 * Two instances of one portal (one SQLite file, one Redis, in this process) share what each keeps in
 * memory: a session revoked on one is refused by the other at once, the throttle counts calls made
 * to either, a cache entry changed on one is reloaded by the other, and scheduled work holds a lock.
 * (The multi-instance test does the same with real processes behind nginx.)
 */
const REDIS_URL = process.env.TEST_REDIS_URL!;
const prefix = `gradus-test-${randomUUID().slice(0, 8)}:`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-redis-'));
let a: FastifyInstance;
let b: FastifyInstance;

async function instance(): Promise<FastifyInstance> {
  return buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA_TEST_CODE: CAPTCHA, WEB_DIST: path.join(dataDir, 'no-web'), REDIS_URL, REDIS_PREFIX: prefix, TRUST_PROXY: '1' }),
    database: connect({ kind: 'sqlite', file: path.join(dataDir, 'gradus.sqlite') }),
    // Frozen time: without the bus, a cached session would be answered from memory for ever.
    clock: new FakeClock(),
    mailer: new MailSpy(),
    limits: { clientPerMinute: 3 },
    seed: 'accounts',
  });
}

beforeAll(async () => {
  a = await instance();
  b = await instance();
});
afterAll(async () => {
  await a.close();
  await b.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

// Each test signs in from its own address (TRUST_PROXY: the forwarded one), so only the throttle test meets the limit.
const signIn = async (app: FastifyInstance, who: object, ip: string) =>
  call<{ token: string }>(app, '/api/v1/client/loginRecruit', { body: { ...who, password: DEMO_PASSWORD, ...(await captcha(app)) }, headers: { 'x-forwarded-for': ip } });
const userInfo = (app: FastifyInstance, token: string) => call(app, '/mucgrs-service/system/user/getUserInfo', { token });

/** Asks until `done` holds, and says how long that took (the bus is asynchronous, but fast). */
async function within(ms: number, done: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
  return performance.now() - started;
}

describe('two instances sharing Redis', () => {
  it('refuses on one instance, within 100 ms, a session signed out on the other', async () => {
    const { data } = await signIn(a, DEMO.assessment, '198.51.100.1');
    // B has checked the session and keeps it in its cache.
    expect((await userInfo(b, data.token)).code).toBe(0);
    expect((await userInfo(b, data.token)).code).toBe(0);
    expect((await call(a, '/api/v1/client/logout', { method: 'GET', token: data.token })).code).toBe(0);
    const took = await within(100, async () => (await userInfo(b, data.token)).code === ReplyCode.SESSION_EXPIRED);
    expect(took).toBeLessThan(100);
  });

  it('ends on the other instance the other sessions of someone who changes their password', async () => {
    const mine = (await signIn(a, DEMO.successive, '198.51.100.2')).data.token;
    const elsewhere = (await signIn(b, DEMO.successive, '198.51.100.2')).data.token;
    expect((await userInfo(b, elsewhere)).code).toBe(0);
    const changed = await call(a, '/api/v1/client/changePasswd', { token: mine, body: { oldPassword: DEMO_PASSWORD, newPassword: 'Lotus-Harbour-88' } });
    expect(changed.code).toBe(0);
    await within(100, async () => (await userInfo(b, elsewhere)).code === ReplyCode.SESSION_EXPIRED);
    expect((await userInfo(a, mine)).code).toBe(0);
  });

  it('counts one address’s sign-ins on both instances against one limit', async () => {
    const ip = '203.0.113.9';
    const codes = [];
    for (const app of [a, b, a, b]) codes.push((await signIn(app, DEMO.hmt, ip)).code);
    // Three a minute: alone, each instance would have allowed all four.
    expect(codes).toEqual([0, 0, 0, ReplyCode.THROTTLED]);
  });

  it('reloads on one instance a cache entry the other changed', async () => {
    let version = 1;
    const load = async () => `menus v${version}`;
    expect(await b.ctx.cache.get('test:menus', load)).toBe('menus v1');
    version = 2;
    expect(await b.ctx.cache.get('test:menus', load)).toBe('menus v1');
    a.ctx.cache.delete('test:menus');
    await within(100, async () => (await b.ctx.cache.get('test:menus', load)) === 'menus v2');
  });

  it('runs scheduled work on one instance at a time', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = a.ctx.locks.runExclusive('test-release', 10_000, () => held);
    await new Promise((r) => setTimeout(r, 20));
    expect(await b.ctx.locks.runExclusive('test-release', 10_000, async () => {})).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(await b.ctx.locks.runExclusive('test-release', 10_000, async () => {})).toBe(true);
  });

  it('ignores a message on the bus of no known shape', async () => {
    const { data } = await signIn(a, DEMO.taiwan, '198.51.100.3');
    expect((await userInfo(b, data.token)).code).toBe(0);
    const redis = new Redis(REDIS_URL);
    await redis.publish(`${prefix}bus`, JSON.stringify({ origin: 'elsewhere', message: { kind: 'session', sessionId: 'all' } }));
    await redis.publish(`${prefix}bus`, 'not json');
    await redis.quit();
    await new Promise((r) => setTimeout(r, 50));
    expect((await userInfo(b, data.token)).code).toBe(0);
  });
});
