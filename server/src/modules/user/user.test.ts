import { DOCTOR_AREA, SUMMER_CAMP_AREA, TMS_AREA } from '@gradus/contract';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type SessionUserView, type SystemConfigEntry } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO_PASSWORD, signIn, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const userInfo = (token?: string) => call<SessionUserView>(t.app, '/mucgrs-service/system/user/getUserInfo', { token });

describe('getUserInfo', () => {
  it('returns the doctoral applicant of spec section 3 with a masked ID number', async () => {
    const r = await userInfo(await signIn(t.app, 'assessment'));
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      userName: '张伟',
      loginName: '2027100001',
      registerNo: '2027100001',
      userRegisterType: 1,
      roles: [{ roleKey: 'zs_doctor', roleName: 'role.zs_doctor' }],
      systemDict: { recruitYear: '2027', registerType: 1 },
      summerCampDict: {},
    });
    expect(r.data.candidateNo).toBeUndefined();
    expect(r.data.idNumber).toMatch(/^110\*{11}\d{3}[\dX]$/);
    expect(Array.isArray(r.data.sysMenuList)).toBe(true);
  });

  it('gives summer-camp applicants their candidate number', async () => {
    const r = await userInfo(await signIn(t.app, 'camper'));
    expect(r.data).toMatchObject({ candidateNo: '2027300001', userRegisterType: 3, roles: [{ roleKey: 'zs_master' }] });
    expect(r.data.registerNo).toBeUndefined();
  });

  it('lists staff roles with the active one first', async () => {
    const r = await userInfo(await signIn(t.app, 'admin'));
    expect(r.data.roles.map((x) => x.roleKey)).toEqual(['zs_admin', 'zs_reviewer']);
    expect(r.data.idNumber).toBeNull();
  });

  it('answers a repeat call from the kept reply, and shows what changed once the caches see it', async () => {
    const token = await signIn(t.app, 'admin');
    const first = await userInfo(token);
    const again = await userInfo(token);
    expect(again.raw.body).toBe(first.raw.body);
    // The language is one of the reply's inputs.
    expect((await call<SessionUserView>(t.app, '/mucgrs-service/system/user/getUserInfo', { token, lang: 'zh-CN' })).msg).not.toBe(first.msg);
    // Another instance takes a role away: the kept reply must not outlive the role cache (10 s).
    const admin = await t.app.ctx.db.selectFrom('app_user').select('id').where('login_name', '=', 'admin').executeTakeFirstOrThrow();
    const reviewer = await t.app.ctx.db.selectFrom('role').select('id').where('role_key', '=', 'zs_reviewer').executeTakeFirstOrThrow();
    await t.app.ctx.db.deleteFrom('user_role').where('user_id', '=', admin.id).where('role_id', '=', reviewer.id).execute();
    try {
      t.clock.advance(10_000);
      expect((await userInfo(token)).data.roles.map((x) => x.roleKey)).toEqual(['zs_admin']);
    } finally {
      await t.app.ctx.db.insertInto('user_role').values({ user_id: admin.id, role_id: reviewer.id, order_num: 1 }).execute();
      t.clock.advance(10_000);
    }
  });

  it.each([
    ['no token', undefined, {}],
    ['a made-up token', 'x'.repeat(43), {}],
    ['a token in a cookie only', undefined, { cookie: 'Admin-Token=whatever' }],
    ['a malformed header', undefined, { authorization: 'Basic abc' }],
  ])('replies code 401 for %s', async (_name, token, headers) => {
    const r = await call(t.app, '/mucgrs-service/system/user/getUserInfo', { token, headers });
    expect(r.status).toBe(200);
    expect(r.code).toBe(401);
  });
});

describe('sessions end when they should', () => {
  it('logout revokes the token at once', async () => {
    const token = await signIn(t.app, 'assessment');
    expect((await call(t.app, '/api/v1/client/logout', { method: 'GET', token })).code).toBe(0);
    expect((await userInfo(token)).code).toBe(401);
    expect((await call(t.app, '/api/v1/client/logout', { method: 'GET', token })).code).toBe(401);
  });

  it('ends a session revoked by another instance within two seconds', async () => {
    const token = await signIn(t.app, 'assessment');
    expect((await userInfo(token)).code).toBe(0);
    // Another app instance (or the admin command) revokes the row directly.
    await t.app.ctx.db.updateTable('session').set({ revoked_at: t.clock.now() }).where('revoked_at', 'is', null).execute();
    t.clock.advance(2_000);
    expect((await userInfo(token)).code).toBe(401);
  });

  it('expires after the idle time without use', async () => {
    const token = await signIn(t.app, 'hmt');
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await userInfo(token)).code).toBe(0);
    t.clock.advance(SESSION_IDLE_MS - 60_000); // used a minute before it would have expired: still alive
    expect((await userInfo(token)).code).toBe(0);
    t.clock.advance(SESSION_IDLE_MS + 1);
    expect((await userInfo(token)).code).toBe(401);
  });

  it('expires at the absolute limit however busy it is', async () => {
    const token = await signIn(t.app, 'successive');
    const step = SESSION_IDLE_MS / 2;
    let elapsed = 0;
    while (elapsed + step < SESSION_ABSOLUTE_MS) {
      t.clock.advance(step);
      elapsed += step;
      expect((await userInfo(token)).code).toBe(0);
    }
    t.clock.advance(SESSION_ABSOLUTE_MS - elapsed);
    expect((await userInfo(token)).code).toBe(401);
  });
});

describe('changePasswd', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const mine = await signIn(t.app, 'hmt');
    const other = await signIn(t.app, 'hmt');
    const r = await call(t.app, '/api/v1/client/changePasswd', { token: mine, body: { oldPassword: DEMO_PASSWORD, newPassword: 'Lotus-Harbour-88' } });
    expect(r.code).toBe(0);
    expect((await userInfo(mine)).code).toBe(0);
    expect((await userInfo(other)).code).toBe(401);
    await expect(signIn(t.app, 'hmt')).rejects.toThrow(/1002/);
    const back = await signIn(t.app, 'hmt', 'Lotus-Harbour-88');
    expect((await call(t.app, '/api/v1/client/changePasswd', { token: back, body: { oldPassword: 'Lotus-Harbour-88', newPassword: DEMO_PASSWORD } })).code).toBe(0);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const token = await signIn(t.app, 'assessment');
    const r = await call(t.app, '/api/v1/client/changePasswd', { token, body: { oldPassword: 'not-my-password', newPassword: 'Lotus-Harbour-88' } });
    expect(r.code).toBe(1005);
    expect(await signIn(t.app, 'assessment')).toBeTruthy();
  });

  it.each([
    [{ newPassword: 'Lotus-Harbour-88' }, 'Current password: required'],
    [{ oldPassword: DEMO_PASSWORD }, 'New password: required'],
    [{ oldPassword: DEMO_PASSWORD, newPassword: 'short' }, 'New password: at least 8 characters'],
    [{ oldPassword: DEMO_PASSWORD, newPassword: 'password123' }, 'New password: too common'],
    [{ oldPassword: DEMO_PASSWORD, newPassword: 'y'.repeat(129) }, 'New password: at most 128 characters'],
    [{ oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }, 'New password: must differ'],
    [{ oldPassword: 12345678, newPassword: 'Lotus-Harbour-88' }, 'Current password: wrong type'],
  ])('bad input %o -> "%s", nothing changed', async (body, message) => {
    const token = await signIn(t.app, 'assessment');
    const r = await call(t.app, '/api/v1/client/changePasswd', { token, body });
    expect(r.code).toBe(400);
    expect(r.msg).toContain(message);
    expect(await signIn(t.app, 'assessment')).toBeTruthy();
  });

  it('answers in the caller language', async () => {
    const token = await signIn(t.app, 'assessment');
    const r = await call(t.app, '/api/v1/client/changePasswd', { token, lang: 'zh-CN,zh;q=0.9', body: { oldPassword: DEMO_PASSWORD, newPassword: 'short' } });
    expect(r.msg).toBe('新密码：至少 8 个字符');
  });

  it('is refused to summer-camp applicants (wrong role), on the server too', async () => {
    const token = await signIn(t.app, 'camper');
    const r = await call(t.app, '/api/v1/client/changePasswd', { token, body: { oldPassword: DEMO_PASSWORD, newPassword: 'Lotus-Harbour-88' } });
    expect(r.code).toBe(403);
    expect(await signIn(t.app, 'camper')).toBeTruthy();
  });

  it('needs a session', async () => {
    const r = await call(t.app, '/api/v1/client/changePasswd', { body: { oldPassword: DEMO_PASSWORD, newPassword: 'Lotus-Harbour-88' } });
    expect(r.code).toBe(401);
  });
});

describe('switchRole', () => {
  it('switches among roles the user really holds', async () => {
    const token = await signIn(t.app, 'admin');
    expect((await call(t.app, '/mucgrs-service/system/user/switchRole', { token, body: { roleKey: 'zs_reviewer' } })).code).toBe(0);
    expect((await userInfo(token)).data.roles[0]?.roleKey).toBe('zs_reviewer');
    expect((await call(t.app, '/mucgrs-service/system/user/switchRole', { token, body: { roleKey: 'zs_admin' } })).code).toBe(0);
    expect((await userInfo(token)).data.roles[0]?.roleKey).toBe('zs_admin');
  });

  it.each([['zs_admin'], ['zs_reviewer'], ['zs_master']])('refuses an applicant switching to %s (wrong role)', async (roleKey) => {
    const token = await signIn(t.app, 'assessment');
    const r = await call(t.app, '/mucgrs-service/system/user/switchRole', { token, body: { roleKey } });
    expect(r.code).toBe(403);
    expect((await userInfo(token)).data.roles[0]?.roleKey).toBe('zs_doctor');
  });

  it('has no "role name + -token" trick', async () => {
    expect((await userInfo('zs_admin-token')).code).toBe(401);
  });

  it.each([[{}], [{ roleKey: '' }], [{ roleKey: 'x'.repeat(65) }], [{ roleKey: 7 }]])('bad input %o is refused', async (body) => {
    const token = await signIn(t.app, 'admin');
    const r = await call(t.app, '/mucgrs-service/system/user/switchRole', { token, body });
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/^Role: /);
  });
});

describe('systemConfig/detail', () => {
  it('lists every area of configuration and never a secret', async () => {
    const token = await signIn(t.app, 'assessment');
    const r = await call<SystemConfigEntry[]>(t.app, '/mucgrs-service/grsjy/systemConfig/detail', { token, body: {} });
    expect(r.code).toBe(0);
    const types = new Set(r.data.map((e) => e.systemType));
    for (const type of ['system', DOCTOR_AREA, 'master', SUMMER_CAMP_AREA, TMS_AREA, 'gat']) expect(types).toContain(type);
    expect(r.data.find((e) => e.systemKey === 'paymentSandboxKey')).toBeUndefined();
    expect(JSON.stringify(r.data)).not.toMatch(/demo-[a-z0-9]+"/);
  });

  it('needs a session and an empty body', async () => {
    expect((await call(t.app, '/mucgrs-service/grsjy/systemConfig/detail', { body: {} })).code).toBe(401);
    const token = await signIn(t.app, 'assessment');
    expect((await call(t.app, '/mucgrs-service/grsjy/systemConfig/detail', { token, body: { systemType: DOCTOR_AREA } })).code).toBe(400);
  });
});

describe('portalInfo (public)', () => {
  it('tells the login page the year, the name and which registrations are open', async () => {
    const r = await call(t.app, '/api/v1/client/portalInfo', { body: {} });
    expect(r.data).toMatchObject({ recruitYear: '2027', systemName: 'Gradus', registrationOpen: { '1': true, '3': true } });
  });
});
