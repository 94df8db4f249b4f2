import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './harness';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A stand-in for web/dist: the server's job is to serve whatever the build produced.
  dist = path.join(process.env.TMPDIR ?? '/tmp', `gradus-dist-${process.pid}-${Date.now()}`);
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Gradus</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await buildTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => t.close());

describe('serving the web app', () => {
  it.each([['/'], ['/login'], ['/dashboard?tab=1'], ['/doctorRegister/doctorRegisterApply'], ['/no/such/page']])(
    'answers %s with the single-page app, so deep links and reloads work',
    async (url) => {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.body).toContain('<div id="root">');
      expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('serves hashed assets with a long cache life', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toContain('immutable');
  });

  it('serves a file built after the server started (a rebuild needs no restart)', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'late-5678.js'), 'console.log(2)');
    const r = await t.app.inject({ method: 'GET', url: '/assets/late-5678.js' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('console.log(2)');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/assets/gone-9999.js' });
    expect(r.statusCode).toBe(404);
  });

  it('answers unknown API paths with the envelope, not the page', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/mucgrs-service/nothing' });
    expect(r.json()).toMatchObject({ code: 404 });
  });
});
