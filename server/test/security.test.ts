import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { buildTestApp, call, captcha, signIn, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('configuration', () => {
  it('refuses to start with CAPTCHA_TEST_CODE in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_CODE: '1234' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow();
  });
  it('refuses a DATABASE_URL that is not PostgreSQL and a bad PORT', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
  it('refuses a REDIS_URL that is not Redis and a grace period that is not a number', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).redisUrl).toBe('redis://cache:6379');
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });
  it('takes TRUST_PROXY as on, off, or the proxy’s own addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24' }).trustProxy).toBe('10.0.0.5,10.0.1.0/24');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
  it('defaults to port 8080 and ./data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
  });
});

describe('HTTP hardening', () => {
  it('sends pages a strict content security policy and the other browser protections', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(r.headers['strict-transport-security']).toContain('max-age=');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends JSON replies the headers that matter to them, and not the page policy', async () => {
    const r = await call(t.app, '/api/v1/client/portalInfo', { body: {} });
    expect(r.raw.headers['x-content-type-options']).toBe('nosniff');
    expect(r.raw.headers['x-frame-options']).toBe('DENY');
    expect(r.raw.headers['referrer-policy']).toBe('no-referrer');
    expect(r.raw.headers['content-security-policy']).toBeUndefined();
  });

  it('refuses a body over the limit with HTTP 413 and a translated message', async () => {
    const r = await call(t.app, '/api/v1/client/recruitRegister', { body: { name: 'x'.repeat(1_100_000) }, lang: 'zh-CN' });
    expect(r.status).toBe(413);
    expect(r.msg).toBe('上传的内容过大。');
  });

  it('answers unknown API paths with the JSON envelope', async () => {
    const r = await call(t.app, '/api/v1/client/nothing-here', { body: {} });
    expect(r.code).toBe(404);
  });
});

describe('logs hold no secrets', () => {
  it('never logs a password, token or ID number during register, login and calls', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // Its own SQLite file, whatever the dialect under test: this test is about logs, not storage.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-logs-'));
    const app = await buildApp({
      config: { ...t.config, dataDir },
      clock: t.clock,
      mailer: t.mail,
      limits: { clientPerMinute: 1000 },
      logger: { level: 'trace', stream, redact: ['req.headers.authorization', 'req.headers.cookie'] },
      seed: 'demo',
    });
    try {
      const idNumber = '11010519491231002X';
      const password = 'Secret-Lantern-77';
      const reg = await call<{ registerNo: string }>(app, '/api/v1/client/recruitRegister', {
        body: {
          userRegisterType: 1, name: '钱进', idType: '1', idNumber, sex: '0', email: 'qian@example.edu', mobile: '13700000000',
          password, securityQuestion: 'Pet?', securityAnswer: 'Mimi', ...(await captcha(app)),
        },
      });
      expect(reg.code).toBe(0);
      const login = await call<{ token: string }>(app, '/api/v1/client/loginRecruit', {
        body: { userRegisterType: 1, registerNo: reg.data.registerNo, password, ...(await captcha(app)) },
      });
      await call(app, '/mucgrs-service/system/user/getUserInfo', { token: login.data.token });
      await call(app, '/api/v1/client/loginRecruit', { body: { userRegisterType: 1, registerNo: reg.data.registerNo, password: 'Wrong-Secret-1', ...(await captcha(app)) } });
      // A mailed link opened in the browser: its token is in the address the log would show.
      const reviewLink = 'ReviewLinkSecret0123456789abcdefghijklmnopq';
      const resetLink = 'ResetLinkSecret0123456789abcdefghijklmnopqr';
      await call(app, `/review?token=${reviewLink}`, { method: 'GET' });
      await call(app, `/auth-redirect?lang=en&token=${resetLink}`, { method: 'GET' });
      const all = lines.join('');
      expect(all.length).toBeGreaterThan(0);
      expect(all).toContain('/review?token=[redacted]');
      for (const secret of [password, 'Wrong-Secret-1', login.data.token, idNumber, 'Mimi', reviewLink, resetLink]) expect(all).not.toContain(secret);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('sessions', () => {
  it('tokens are opaque, 256-bit and unguessable from one another', async () => {
    const a = await signIn(t.app, 'assessment');
    const b = await signIn(t.app, 'assessment');
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
  });
});
