import { CAPTCHA_TTL_MS } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, captcha, DEMO_PASSWORD, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ limits: { accountFailures: 5, accountLockMinutes: 15 } });
});
afterAll(async () => t.close());

const RECRUIT = '/api/v1/client/loginRecruit';
const MASTER = '/api/v1/client/masterLogin';

describe('RandomImage (captcha)', () => {
  it('returns an image as a data URL and a uuid', async () => {
    const r = await call<{ uuid: string; img: string }>(t.app, '/api/v1/client/RandomImage', { body: {} });
    expect(r.code).toBe(0);
    expect(r.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(r.data.img.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(r.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([[{ extra: 1 }], ['"text"']])('refuses a body that is not empty (%o)', async (body) => {
    const r = await call(t.app, '/api/v1/client/RandomImage', { body, headers: { 'content-type': 'application/json' } });
    expect(r.code).toBe(400);
  });

  it('is single-use: a right answer works once, a wrong one burns it', async () => {
    const c = await captcha(t.app);
    const body = { userRegisterType: 1, registerNo: '2027100001', password: DEMO_PASSWORD, ...c };
    expect((await call(t.app, RECRUIT, { body })).code).toBe(0);
    expect((await call(t.app, RECRUIT, { body })).code).toBe(1001);
    const d = await captcha(t.app);
    expect((await call(t.app, RECRUIT, { body: { ...body, ...d, code: 'zzzz' } })).code).toBe(1001);
    expect((await call(t.app, RECRUIT, { body: { ...body, ...d } })).code).toBe(1001);
  });

  it('expires after two minutes', async () => {
    const c = await captcha(t.app);
    t.clock.advance(CAPTCHA_TTL_MS + 1);
    const r = await call(t.app, RECRUIT, { body: { userRegisterType: 1, registerNo: '2027100001', password: DEMO_PASSWORD, ...c } });
    expect(r.code).toBe(1001);
    expect(r.msg).toContain('verification code');
  });
});

describe('loginRecruit', () => {
  it.each([
    ['a doctoral applicant', { userRegisterType: 1, registerNo: '2027100001' }],
    ['a successive master-doctor applicant', { userRegisterType: 2, registerNo: '2027200001' }],
    ['a Hong Kong/Macao/Taiwan applicant', { userRegisterType: 4, registerNo: '2027400001' }],
    ['staff by login name', { loginName: 'reviewer' }],
  ])('signs in %s and returns an opaque token', async (_who, account) => {
    const r = await call<{ token: string }>(t.app, RECRUIT, { body: { ...account, password: DEMO_PASSWORD, ...(await captcha(t.app)) } });
    expect(r.code).toBe(0);
    expect(r.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.app.ctx.db.selectFrom('session').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(r.data.token);
  });

  it('gives the same reply for a wrong password and an unknown number', async () => {
    const wrong = await call(t.app, RECRUIT, { body: { userRegisterType: 1, registerNo: '2027100001', password: 'not-the-password', ...(await captcha(t.app)) } });
    const unknown = await call(t.app, RECRUIT, { body: { userRegisterType: 1, registerNo: '2027199999', password: 'not-the-password', ...(await captcha(t.app)) } });
    expect(wrong.code).toBe(1002);
    expect({ code: unknown.code, msg: unknown.msg }).toEqual({ code: wrong.code, msg: wrong.msg });
  });

  it('refuses a right number under the wrong register type', async () => {
    const r = await call(t.app, RECRUIT, { body: { userRegisterType: 2, registerNo: '2027100001', password: DEMO_PASSWORD, ...(await captcha(t.app)) } });
    expect(r.code).toBe(1002);
  });

  it('sends summer-camp and tuimian types to masterLogin (wrong call for the role)', async () => {
    const r = await call(t.app, RECRUIT, { body: { userRegisterType: 3, registerNo: '2027300001', password: DEMO_PASSWORD, ...(await captcha(t.app)) } });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('candidate number');
  });

  it.each([
    [{ registerNo: undefined }, 'Registration number: required'],
    [{ registerNo: '2027-0001' }, 'Registration number: must be digits only'],
    [{ registerNo: '1'.repeat(21) }, 'Registration number: too long'],
    [{ password: '' }, 'Password: required'],
    [{ password: 'p'.repeat(129) }, 'Password: at most 128 characters'],
    [{ userRegisterType: 'phd' }, 'Application type: wrong type of value'],
    [{ code: '' }, 'Verification code: required'],
    [{ uuid: undefined }, 'Verification code: required'],
  ])('bad input %o -> "%s"', async (patch, message) => {
    const r = await call(t.app, RECRUIT, { body: { userRegisterType: 1, registerNo: '2027100001', password: DEMO_PASSWORD, ...(await captcha(t.app)), ...patch } });
    expect(r.code).toBe(400);
    expect(r.msg).toContain(message);
  });

  it('refuses staff with a wrong password with the staff wording', async () => {
    const r = await call(t.app, RECRUIT, { body: { loginName: 'admin', password: 'nope-nope-nope', ...(await captcha(t.app)) } });
    expect(r.code).toBe(1002);
    expect(r.msg).toBe('Login name or password is incorrect.');
  });
});

describe('masterLogin', () => {
  it.each([
    ['summer camp', { userRegisterType: 3, candidateNo: '2027300001', name: '李娜' }],
    ['tuimian', { userRegisterType: 5, candidateNo: '2027500001', name: '王芳' }],
  ])('signs in a %s applicant with number, name and password', async (_who, account) => {
    const r = await call<{ token: string }>(t.app, MASTER, { body: { ...account, password: DEMO_PASSWORD, ...(await captcha(t.app)) } });
    expect(r.code).toBe(0);
  });

  it('refuses the wrong name with the same reply as a wrong password', async () => {
    const name = await call(t.app, MASTER, { body: { userRegisterType: 3, candidateNo: '2027300001', name: '李四', password: DEMO_PASSWORD, ...(await captcha(t.app)) } });
    const pw = await call(t.app, MASTER, { body: { userRegisterType: 3, candidateNo: '2027300001', name: '李娜', password: 'wrong-wrong-1', ...(await captcha(t.app)) } });
    expect(name.code).toBe(1002);
    expect(name.msg).toBe(pw.msg);
  });

  it('refuses doctoral types (wrong call for the role)', async () => {
    const r = await call(t.app, MASTER, { body: { userRegisterType: 1, candidateNo: '2027100001', name: '张伟', password: DEMO_PASSWORD, ...(await captcha(t.app)) } });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('registration number');
  });

  it.each([
    [{ name: '' }, 'Name: required'],
    [{ candidateNo: 'abc' }, 'Candidate number: must be digits only'],
    [{ userRegisterType: undefined }, 'Application type: required'],
  ])('bad input %o -> "%s"', async (patch, message) => {
    const r = await call(t.app, MASTER, { body: { userRegisterType: 3, candidateNo: '2027300001', name: '李娜', password: DEMO_PASSWORD, ...(await captcha(t.app)), ...patch } });
    expect(r.code).toBe(400);
    expect(r.msg).toContain(message);
  });
});

describe('throttling', () => {
  it('locks an account after five failures, even for the right password, and lifts the lock later', async () => {
    const body = async (password: string) => ({ userRegisterType: 2, registerNo: '2027200001', password, ...(await captcha(t.app)) });
    for (let i = 0; i < 5; i++) expect((await call(t.app, RECRUIT, { body: await body('guess-guess-' + i) })).code).toBe(1002);
    const locked = await call(t.app, RECRUIT, { body: await body(DEMO_PASSWORD) });
    expect(locked.status).toBe(429);
    expect(locked.code).toBe(429);
    expect(locked.msg).toMatch(/wait 15 minutes/);
    t.clock.advance(15 * 60_000 + 1);
    expect((await call(t.app, RECRUIT, { body: await body(DEMO_PASSWORD) })).code).toBe(0);
  });

  it('locks unknown accounts exactly like known ones', async () => {
    const body = async () => ({ userRegisterType: 1, registerNo: '2027188888', password: 'guess-guess-1', ...(await captcha(t.app)) });
    for (let i = 0; i < 5; i++) expect((await call(t.app, RECRUIT, { body: await body() })).code).toBe(1002);
    expect((await call(t.app, RECRUIT, { body: await body() })).status).toBe(429);
  });

  it('limits each client address per minute', async () => {
    const strict = await buildTestApp({ limits: { clientPerMinute: 3 } });
    try {
      const attempt = async () =>
        call(strict.app, RECRUIT, { body: { userRegisterType: 1, registerNo: '2027100001', password: DEMO_PASSWORD, ...(await captcha(strict.app)) } });
      for (let i = 0; i < 3; i++) expect((await attempt()).code).toBe(0);
      const fourth = await attempt();
      expect(fourth.status).toBe(429);
      strict.clock.advance(60_001);
      expect((await attempt()).code).toBe(0);
    } finally {
      await strict.close();
    }
  });
});

describe('audit', () => {
  it('records successes and failures with the account tried, never the password', async () => {
    await call(t.app, RECRUIT, { body: { loginName: 'admin', password: 'Secret-Attempt-1', ...(await captcha(t.app)) } });
    const rows = await t.app.ctx.db.selectFrom('audit_event').selectAll().where('subject', '=', 'staff:admin').execute();
    expect(rows.map((r) => r.event)).toContain('login.failure');
    expect(JSON.stringify(rows)).not.toContain('Secret-Attempt-1');
  });
});
