import { Writable } from 'node:stream';
import { ReplyCode } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, captcha, DEMO, type TestApp } from './harness';
import { enqueueMail } from '../src/modules/outbox/outbox';

/** What an operations team reads off an instance: health, readiness, metrics, and logs joined by request id. */
describe('operations', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    t = await buildTestApp({ limits: { clientPerMinute: 2 }, logger: { level: 'info', stream: sink } });
  });
  afterAll(async () => t.close());

  it('counts the mail still waiting in the outbox as a queue', async () => {
    // Due in an hour, so the relay leaves them be while they are counted.
    const later = t.clock.now() + 3_600_000;
    await enqueueMail(t.app.ctx.db, later, [1, 2].map((i) => ({ dedupeKey: `depth:${i}`, topic: 'depth', to: `d${i}@example.edu`, subject: 'S', text: 'T' })));
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/gradus_queue_depth\{queue="mail-outbox"\} 2/);
    await t.app.ctx.db.deleteFrom('mail_outbox').where('topic', '=', 'depth').execute();
  });

  it('answers /healthz, and /readyz until the instance drains', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('counts requests by route pattern, with their latency, and throttle refusals', async () => {
    await call(t.app, '/api/v1/client/portalInfo', { body: {} });
    // Three sign-ins from one address with a limit of two a minute: the third is refused.
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(t.app, '/api/v1/client/loginRecruit', { body: { ...DEMO.assessment, password: 'wrong-password-1', ...(await captcha(t.app)) } });
      codes.push(r.code);
    }
    expect(codes[2]).toBe(ReplyCode.THROTTLED);
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/gradus_http_requests_total\{method="POST",route="\/api\/v1\/client\/portalInfo",status="200"\} 1/);
    expect(text).toMatch(/gradus_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/client\/loginRecruit"\} 3/);
    expect(text).toMatch(/gradus_throttle_refusals_total\{kind="client"\} 1/);
    expect(text).toMatch(/gradus_queue_depth\{queue="ticket-printing"\} 0/);
    expect(text).toMatch(/gradus_queue_depth\{queue="mail-outbox"\} 0/);
    // No applicant's number or name is ever a label.
    expect(text).not.toContain(DEMO.assessment.registerNo);
  });

  it('gives every reply a request id, and writes it on the JSON log line of the request', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/healthz' });
    const b = await t.app.inject({ method: 'GET', url: '/healthz' });
    const id = String(a.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).not.toBe(id);
    // Not behind a trusted proxy: a caller's own id is not taken.
    const own = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(own.headers['x-request-id']).not.toBe('abc-123');
    const lines = logLines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; req?: { url: string } });
    const ofA = lines.filter((l) => l.reqId === id);
    expect(ofA.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofA[0]!.req!.url).toBe('/healthz');
  });

  it('takes the proxy’s request id behind a trusted proxy, but only a short plain one', async () => {
    const behind = await buildTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const kept = await behind.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'nginx-4f2a9c' } });
      expect(kept.headers['x-request-id']).toBe('nginx-4f2a9c');
      const forged = await behind.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'x'.repeat(65) } });
      expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const injected = await behind.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b"c' } });
      expect(injected.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await behind.close();
    }
  });

  it('turns /readyz to 503 once it drains, while /healthz still answers', async () => {
    t.app.drain();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
