import { RoleKey, type AccountChangeReply, type OneTimePassword, type StaffAccountListView, type StaffAccountOptionsView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, captcha, signIn, type TestApp } from '../../../test/harness';

let t: TestApp;
let sysadmin: string;
let cs: number;
let econ: number;

const base = '/mucgrs-service/staff/accounts';
const post = <T = null>(path: string, token: string, body: unknown, lang = 'en') => call<T>(t.app, `${base}/${path}`, { token, body, lang });
const listOf = async (body: object = {}) => (await post<StaffAccountListView>('list', sysadmin, { pageSize: 50, ...body })).data.rows;
const signInAs = async (loginName: string, password: string) => call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', { body: { loginName, password, ...(await captcha(t.app)) } });
const whoAmI = (token: string) => call(t.app, '/mucgrs-service/system/user/getUserInfo', { token });
/** An ordinary account's create or reset: done at once, with the one-time password to pass on. */
const made = async (path: 'create' | 'resetPassword', body: object): Promise<OneTimePassword> => {
  const r = await post<AccountChangeReply>(path, sysadmin, body);
  expect(r.code, r.msg).toBe(0);
  if (r.data.outcome !== 'done' || !r.data.oneTimePassword) throw new Error(`${path} did not answer a one-time password`);
  return r.data.oneTimePassword;
};
const OWN_PASSWORD = 'Own-choice-2027';
/** Signs in with a one-time password and chooses one's own, as the first sign-in must. */
const signInAndChoose = async (loginName: string, oneTime: string) => {
  const token = (await signInAs(loginName, oneTime)).data.token;
  const changed = await call(t.app, '/api/v1/client/changePasswd', { token, body: { oldPassword: oneTime, newPassword: OWN_PASSWORD } });
  expect(changed.code, changed.msg).toBe(0);
  return token;
};

beforeAll(async () => {
  t = await buildTestApp();
  sysadmin = await signIn(t.app, 'sysadmin');
  const departments = await t.app.ctx.db.selectFrom('department').select(['id', 'code']).execute();
  cs = departments.find((d) => d.code === 'CS')!.id;
  econ = departments.find((d) => d.code === 'ECON')!.id;
});
afterAll(async () => t.close());

describe('staff accounts: the system administrator runs them', () => {
  it('lists the back-office accounts with roles, schools and permissions, and no applicant or external expert', async () => {
    const rows = await listOf();
    const logins = rows.map((r) => r.loginName);
    expect(logins).toEqual(expect.arrayContaining(['admin', 'secretary', 'reviewer', 'sysadmin']));
    expect(logins).toEqual([...logins].sort());
    const secretary = rows.find((r) => r.loginName === 'secretary')!;
    expect(secretary).toMatchObject({ roleKeys: [RoleKey.DEPT], status: 'active', self: false });
    expect(secretary.departments.map((d) => d.id)).toEqual([cs]);
    expect(rows.find((r) => r.loginName === 'admin')!.permissions).toEqual(['results.publish']);
    expect(rows.find((r) => r.loginName === 'sysadmin')!.self).toBe(true);
    expect(rows.every((r) => r.loginName !== '')).toBe(true);
    // Filters: part of a name or login, a role, a status.
    expect((await listOf({ q: 'SECRET' })).map((r) => r.loginName).sort()).toEqual(logins.filter((l) => l.includes('secret')).sort());
    expect((await listOf({ role: RoleKey.SYSADMIN })).map((r) => r.loginName)).toEqual(['sysadmin', 'sysadmin-2']);
    expect(await listOf({ status: 'disabled', q: 'admin' })).toEqual([]);
  });

  it('offers every staff role, every school and the publish permission', async () => {
    const r = await post<StaffAccountOptionsView>('options', sysadmin, {});
    expect(r.data.roles.sort()).toEqual([RoleKey.ADMIN, RoleKey.DEPT, RoleKey.REVIEWER, RoleKey.SYSADMIN].sort());
    expect(r.data.departments.map((d) => d.id)).toContain(cs);
    expect(r.data.permissions).toEqual(['results.publish']);
  });

  it('creates a secretary whose one-time password signs in to their school, and audits it', async () => {
    const created = await made('create', { loginName: 'sec-law', name: '周律', email: 'zhou.lv@gradus.example.edu', roleKeys: [RoleKey.DEPT], departmentIds: [econ] });
    expect(created.password).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    const session = await signInAs('sec-law', created.password);
    expect(session.code, session.msg).toBe(0);
    const listApplications = () => call<{ rows: { department: { id: number } | null }[] }>(t.app, '/mucgrs-service/staff/applications/list', { token: session.data.token, body: { pageSize: 100 } });
    // The administrator who read the one-time password out cannot act with it: it opens nothing but choosing one's own.
    const before = await listApplications();
    expect(before.code).toBe(403);
    expect(before.msg).toBe('Choose your own password first: the one-time password you signed in with allows nothing else.');
    expect(before.data).toBeUndefined();
    const me = await call<{ passwordChangeDue?: boolean; sysMenuList: unknown[] }>(t.app, '/mucgrs-service/system/user/getUserInfo', { token: session.data.token });
    expect(me.data).toMatchObject({ passwordChangeDue: true, sysMenuList: [] });
    const changed = await call(t.app, '/api/v1/client/changePasswd', { token: session.data.token, body: { oldPassword: created.password, newPassword: OWN_PASSWORD } });
    expect(changed.code, changed.msg).toBe(0);
    const list = await listApplications();
    expect(list.code).toBe(0);
    const after = await call<{ passwordChangeDue?: boolean; sysMenuList: unknown[] }>(t.app, '/mucgrs-service/system/user/getUserInfo', { token: session.data.token });
    expect(after.data.passwordChangeDue).toBeUndefined();
    expect(after.data.sysMenuList.length).toBeGreaterThan(0);
    expect(list.data.rows.every((r) => r.department?.id === econ)).toBe(true);
    const stored = await t.app.ctx.db.selectFrom('app_user').select(['password_hash', 'kind']).where('login_name', '=', 'sec-law').executeTakeFirstOrThrow();
    expect(stored.kind).toBe('staff');
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    const events = await t.app.ctx.db.selectFrom('audit_event').select(['event', 'subject']).where('event', '=', 'account.create').execute();
    expect(events).toContainEqual({ event: 'account.create', subject: 'sec-law' });
  });

  it('disables an account: its live session ends at once and it cannot sign in; enabling lets it sign in again', async () => {
    const created = { data: await made('create', { loginName: 'leaving', name: '吴离', roleKeys: [RoleKey.REVIEWER] }) };
    const token = await signInAndChoose('leaving', created.data.password);
    expect((await whoAmI(token)).code).toBe(0);
    const r = await post('disable', sysadmin, { userId: created.data.userId, reason: 'Left the university' });
    expect(r.code, r.msg).toBe(0);
    expect((await whoAmI(token)).code).toBe(401);
    expect((await signInAs('leaving', OWN_PASSWORD)).code).not.toBe(0);
    expect((await listOf({ q: 'leaving' }))[0]!.status).toBe('disabled');
    const audit = await t.app.ctx.db.selectFrom('audit_event').select('detail').where('event', '=', 'account.disable').where('subject', '=', 'leaving').executeTakeFirstOrThrow();
    expect(audit.detail).toContain('Left the university');
    expect((await post('enable', sysadmin, { userId: created.data.userId })).code).toBe(0);
    expect((await signInAs('leaving', OWN_PASSWORD)).code).toBe(0);
  });

  it('resets a password: the old one stops working, its sessions end, the new one signs in', async () => {
    const created = await made('create', { loginName: 'forgetful', name: '郑忘', roleKeys: [RoleKey.REVIEWER] });
    const token = await signInAndChoose('forgetful', created.password);
    expect((await post('list', token, {})).code).toBe(403);
    const reset = await made('resetPassword', { userId: created.userId });
    expect(reset.password).not.toBe(created.password);
    expect((await whoAmI(token)).code).toBe(401);
    expect((await signInAs('forgetful', OWN_PASSWORD)).code).not.toBe(0);
    // The reset one is one-time again: the account chooses its own before anything else.
    const again = await signInAs('forgetful', reset.password);
    expect(again.code).toBe(0);
    const mine = await call(t.app, '/mucgrs-service/staff/dashboard', { token: again.data.token, body: {} });
    expect(mine.msg).toContain('Choose your own password first');
    const changed = await call(t.app, '/api/v1/client/changePasswd', { token: again.data.token, body: { oldPassword: reset.password, newPassword: reset.password } });
    expect(changed.code).toBe(400);
  });

  it("changes an account's roles: its sessions end and the next sign-in has the new role; a name change keeps them", async () => {
    const created = { data: await made('create', { loginName: 'promoted', name: '钱升', roleKeys: [RoleKey.REVIEWER] }) };
    const token = await signInAndChoose('promoted', created.data.password);
    const renamed = await post<AccountChangeReply>('update', sysadmin, { userId: created.data.userId, name: '钱晋升', email: '', roleKeys: [RoleKey.REVIEWER] });
    expect(renamed.code, renamed.msg).toBe(0);
    expect(renamed.data).toEqual({ outcome: 'done', oneTimePassword: null });
    expect((await whoAmI(token)).code).toBe(0);
    const r = await post<AccountChangeReply>('update', sysadmin, { userId: created.data.userId, name: '钱晋升', roleKeys: [RoleKey.ADMIN, RoleKey.REVIEWER] });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.outcome).toBe('done');
    expect((await whoAmI(token)).code).toBe(401);
    const row = (await listOf({ q: 'promoted' }))[0]!;
    expect(row).toMatchObject({ name: '钱晋升', roleKeys: [RoleKey.ADMIN, RoleKey.REVIEWER], permissions: [] });
  });
});

describe('staff accounts: refused, with a clear message, and nothing changes', () => {
  const sysadminId = async () => (await t.app.ctx.db.selectFrom('app_user').select('id').where('login_name', '=', 'sysadmin').executeTakeFirstOrThrow()).id;

  it('never lets an administrator grant themselves a permission or role, disable or reset themselves', async () => {
    const me = await sysadminId();
    const grant = await post('update', sysadmin, { userId: me, name: '钱刚', email: 'sysadmin@gradus.example.edu', roleKeys: [RoleKey.SYSADMIN], permissions: ['results.publish'] });
    expect(grant.code).toBe(403);
    expect(grant.msg).toBe('You cannot change the roles, schools or permissions of your own account; another administrator can.');
    expect((await post('update', sysadmin, { userId: me, name: '钱刚', email: 'sysadmin@gradus.example.edu', roleKeys: [RoleKey.SYSADMIN, RoleKey.ADMIN] })).code).toBe(403);
    expect((await listOf({ q: 'sysadmin' }))[0]).toMatchObject({ roleKeys: [RoleKey.SYSADMIN], permissions: [] });
    expect((await post('disable', sysadmin, { userId: me, reason: 'x' })).code).toBe(403);
    expect((await post('resetPassword', sysadmin, { userId: me })).code).toBe(403);
    // Their own name and address are theirs to correct.
    expect((await post('update', sysadmin, { userId: me, name: '钱刚', email: 'qian.gang@gradus.example.edu', roleKeys: [RoleKey.SYSADMIN] })).code).toBe(0);
  });

  it('refuses a login name already taken, in the caller language', async () => {
    const r = await post('create', sysadmin, { loginName: 'secretary', name: '重名', roleKeys: [RoleKey.REVIEWER] }, 'zh-CN');
    expect(r.code).toBe(400);
    expect(r.msg).toBe('登录名：secretary 已被使用，请另选一个。');
    // In another case too: sign-in and its throttles know login names in lower case.
    expect((await post('create', sysadmin, { loginName: 'Secretary', name: '重名', roleKeys: [RoleKey.REVIEWER] })).msg).toBe('Login name: Secretary is taken; choose another.');
  });

  it.each([
    [{ loginName: 'a b', name: 'X', roleKeys: [RoleKey.REVIEWER] }, 'Login name: not in a valid form'],
    [{ loginName: 'newbie', name: '', roleKeys: [RoleKey.REVIEWER] }, 'Name: required'],
    [{ loginName: 'newbie', name: 'X', roleKeys: [] }, 'Roles: required'],
    [{ loginName: 'newbie', name: 'X', roleKeys: [RoleKey.DOCTOR] }, 'Roles, row 1: not one of the allowed choices'],
    [{ loginName: 'newbie', name: 'X', roleKeys: [RoleKey.REVIEWER, RoleKey.REVIEWER] }, 'Roles: a role is ticked twice'],
    [{ loginName: 'newbie', name: 'X', roleKeys: [RoleKey.DEPT] }, 'Schools: a department secretary needs at least one school'],
    [{ loginName: 'newbie', name: 'X', roleKeys: [RoleKey.REVIEWER], departmentIds: [1] }, 'Schools: only a department secretary has schools'],
    [{ loginName: 'newbie', name: 'X', roleKeys: [RoleKey.REVIEWER], permissions: ['everything'] }, 'Permissions, row 1: not one of the allowed choices'],
    [{ loginName: 'newbie', name: 'X', email: 'not-an-address', roleKeys: [RoleKey.REVIEWER] }, 'E-mail'],
    [{ loginName: 'newbie', name: 'X', roleKeys: [RoleKey.REVIEWER], password: 'chosen' }, 'Password: not an accepted field'],
    [{ loginName: 'newbie', name: 'X', roleKeys: [RoleKey.ADMIN], permissions: ['results.publish'] }, 'an account that may publish or administer needs an email address'],
    [{ loginName: 'newbie', name: 'X', roleKeys: [RoleKey.SYSADMIN], email: '' }, 'an account that may publish or administer needs an email address'],
  ])('create %o -> "%s"', async (body, message) => {
    const r = await post('create', sysadmin, body);
    expect(r.code).toBe(400);
    expect(r.msg).toContain(message);
    expect(await t.app.ctx.db.selectFrom('app_user').select('id').where('login_name', 'in', ['newbie', 'a b']).execute()).toEqual([]);
  });

  it('refuses an unknown school or account', async () => {
    expect((await post('create', sysadmin, { loginName: 'newbie', name: 'X', roleKeys: [RoleKey.DEPT], departmentIds: [99999] })).msg).toBe('Schools: one of them does not exist.');
    expect((await post('disable', sysadmin, { userId: 99999, reason: 'gone' })).code).toBe(404);
    // An applicant is not a staff account.
    const applicant = await t.app.ctx.db.selectFrom('app_user').select('id').where('kind', '=', 'applicant').executeTakeFirstOrThrow();
    expect((await post('resetPassword', sysadmin, { userId: applicant.id })).code).toBe(404);
  });

  it('needs a reason to disable', async () => {
    const secretary = (await listOf({ q: 'secretary-econ' }))[0]!;
    const r = await post('disable', sysadmin, { userId: secretary.userId, reason: '  ' });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('Reason: required');
    expect((await listOf({ q: 'secretary-econ' }))[0]!.status).toBe('active');
  });

  it('answers nobody but the system administrator', async () => {
    for (const who of ['admin', 'secretary', 'reviewer', 'assessment'] as const) {
      const token = await signIn(t.app, who);
      const r = await post('list', token, {});
      expect(r.code, who).toBe(403);
      expect(r.data, who).toBeUndefined();
      expect((await post('create', token, { loginName: 'sneaky', name: 'X', email: 'sneaky@gradus.example.edu', roleKeys: [RoleKey.SYSADMIN] })).code, who).toBe(403);
    }
    expect(await t.app.ctx.db.selectFrom('app_user').select('id').where('login_name', '=', 'sneaky').execute()).toEqual([]);
  });
});
