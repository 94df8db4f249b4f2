import { RoleKey, type MenuView, type StaffRoleListView, type StaffRoleView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';
import { syncReferenceData } from '../../db/seed/reference';

let t: TestApp;
let sysadmin: string;
let admin: string;
let secretary: string;

const base = '/mucgrs-service/staff/roles';
const roles = async () => (await call<StaffRoleListView>(t.app, `${base}/list`, { token: sysadmin, body: {} })).data.roles;
const roleOf = async (key: string) => (await roles()).find((r) => r.roleKey === key)!;
const grantedOf = (role: StaffRoleView) => role.groups.flatMap((g) => g.pages.flatMap((p) => (p.granted ? [p.key, ...p.buttons.filter((b) => b.granted).map((b) => b.key)] : [])));
const save = (role: StaffRoleView, granted: string[], token = sysadmin, lang = 'en') => call<{ role: StaffRoleView }>(t.app, `${base}/save`, { token, lang, body: { roleKey: role.roleKey, granted, version: role.version } });
const menusOf = async (token: string) => (await call<{ sysMenuList: MenuView[] }>(t.app, '/mucgrs-service/system/user/getUserInfo', { token })).data.sysMenuList;
const deniedRows = () => t.app.ctx.db.selectFrom('role_menu_denied').selectAll().execute();

beforeAll(async () => {
  t = await buildTestApp();
  [sysadmin, admin, secretary] = await Promise.all([signIn(t.app, 'sysadmin'), signIn(t.app, 'admin'), signIn(t.app, 'secretary')]);
});
afterAll(async () => t.close());

describe("roles' pages and buttons: the system administrator narrows each staff role", () => {
  it('lists each staff role with its scope, its accounts and the pages its policy allows, all granted at first', async () => {
    const list = await roles();
    expect(list.map((r) => r.roleKey)).toEqual([RoleKey.ADMIN, RoleKey.DEPT, RoleKey.REVIEWER, RoleKey.SYSADMIN]);
    const dept = list.find((r) => r.roleKey === RoleKey.DEPT)!;
    expect(dept.scope).toBe('departments');
    expect(dept.accounts).toBeGreaterThanOrEqual(2);
    const pages = dept.groups.flatMap((g) => g.pages);
    expect(pages.map((p) => p.key)).toContain('staff/applications');
    // The secretary's policy allows no exam sittings: the page is not offered at all.
    expect(pages.map((p) => p.key)).not.toContain('staff/exams');
    expect(pages.every((p) => p.granted)).toBe(true);
    expect(pages.find((p) => p.key === 'staff/applications')!.buttons.map((b) => b.key)).toEqual(['staff:applications:export', 'staff:applications:batch']);
    expect(list.find((r) => r.roleKey === RoleKey.SYSADMIN)!.locked).toEqual(['staff/roles']);
  });

  it('a denied page leaves the menu and its calls are refused at once; granting it back restores both', async () => {
    const office = await roleOf(RoleKey.ADMIN);
    const exams = () => call(t.app, '/mucgrs-service/staff/exams/sessions', { token: admin, body: {}, lang: 'en' });
    expect((await exams()).code).toBe(0);
    const saved = await save(office, grantedOf(office).filter((k) => k !== 'staff/exams'));
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.role.groups.flatMap((g) => g.pages).find((p) => p.key === 'staff/exams')!.granted).toBe(false);

    const refused = await exams();
    expect(refused.code).toBe(403);
    expect(refused.msg).toMatch(/does not include this page/);
    expect((await menusOf(admin)).map((m) => m.component)).not.toContain('staff/exams');
    // The rest of the office's pages still work.
    expect((await call(t.app, '/mucgrs-service/staff/cycle/years', { token: admin, body: {} })).code).toBe(0);
    // A restart keeps the denial: the reference sync does not grant it back.
    await syncReferenceData(t.app.ctx.db);
    t.app.ctx.cache.clear();
    expect((await exams()).code).toBe(403);

    const back = await save(saved.data.role, grantedOf(office));
    expect(back.code, back.msg).toBe(0);
    expect((await exams()).code).toBe(0);
    expect((await menusOf(admin)).map((m) => m.component)).toContain('staff/exams');
    expect(await deniedRows()).toEqual([]);
  });

  it('a denied button is refused on its own: the secretary keeps the list but not its export', async () => {
    const dept = await roleOf(RoleKey.DEPT);
    const listed = () => call(t.app, '/mucgrs-service/staff/applications/list', { token: secretary, body: {} });
    const exported = () => call(t.app, '/mucgrs-service/staff/applications/export', { token: secretary, body: {}, lang: 'zh-CN' });
    const saved = await save(dept, grantedOf(dept).filter((k) => k !== 'staff:applications:export'));
    expect(saved.code, saved.msg).toBe(0);
    expect((await listed()).code).toBe(0);
    const refused = await exported();
    expect(refused.code).toBe(403);
    expect(refused.msg).toMatch(/角色不包含此页面或按钮/);
    const perms = (await menusOf(secretary)).filter((m) => m.menuType === 'F').map((m) => m.perms);
    expect(perms).toContain('staff:applications:batch');
    expect(perms).not.toContain('staff:applications:export');
    // The office keeps its own export: a denial is the role's.
    expect((await call(t.app, '/mucgrs-service/staff/applications/export', { token: admin, body: {} })).status).toBe(200);
    expect((await save(saved.data.role, grantedOf(dept))).code).toBe(0);
    expect((await listed()).code).toBe(0);
  });

  it('is audited with what was denied before and after', async () => {
    const rows = await t.app.ctx.db.selectFrom('audit_event').select(['event', 'subject', 'detail']).where('event', '=', 'roles.save').orderBy('id').execute();
    expect(rows.map((r) => r.subject)).toEqual([RoleKey.ADMIN, RoleKey.ADMIN, RoleKey.DEPT, RoleKey.DEPT]);
    expect(JSON.parse(rows[0]!.detail!)).toEqual({ denied: ['staff/exams'], before: [] });
    expect(JSON.parse(rows[1]!.detail!)).toEqual({ denied: [], before: ['staff/exams'] });
  });
});

describe('roles: refused with a clear message, nothing changed', () => {
  const refusedWith = async (role: StaffRoleView, granted: string[], status: number, msg: RegExp, token = sysadmin) => {
    const r = await save(role, granted, token);
    expect(r.code, r.msg).toBe(status);
    expect(r.msg).toMatch(msg);
    expect(await deniedRows()).toEqual([]);
    expect(await roleOf(role.roleKey)).toEqual(role);
  };

  it('a role granting itself the publish permission: a person holds it, never a role', async () => {
    const sys = await roleOf(RoleKey.SYSADMIN);
    await refusedWith(sys, [...grantedOf(sys), 'results.publish'], 400, /granted to a person/);
    const office = await roleOf(RoleKey.ADMIN);
    await refusedWith(office, [...grantedOf(office), 'results.publish'], 400, /never to a role/);
  });

  it('a page the policy does not offer the role, a button without its page, the Roles page taken from the system administrator', async () => {
    const expert = await roleOf(RoleKey.REVIEWER);
    await refusedWith(expert, [...grantedOf(expert), 'staff/exams'], 400, /staff\/exams is not offered to this role/);
    const dept = await roleOf(RoleKey.DEPT);
    await refusedWith(dept, [...grantedOf(dept).filter((k) => k !== 'staff/applications')], 400, /staff:applications:export cannot be granted without its page/);
    const sys = await roleOf(RoleKey.SYSADMIN);
    await refusedWith(sys, grantedOf(sys).filter((k) => k !== 'staff/roles'), 400, /keeps the Roles page/);
  });

  it('a save based on grants someone changed since: 409, the other change kept', async () => {
    const expert = await roleOf(RoleKey.REVIEWER);
    const first = await save(expert, grantedOf(expert).filter((k) => k !== 'staff/myInterviews'));
    expect(first.code, first.msg).toBe(0);
    const stale = await save(expert, grantedOf(expert));
    expect(stale.code).toBe(409);
    expect(stale.msg).toMatch(/changed this role's pages since you opened them/);
    expect((await roleOf(RoleKey.REVIEWER)).groups.flatMap((g) => g.pages).find((p) => p.key === 'staff/myInterviews')!.granted).toBe(false);
    expect((await save(first.data.role, grantedOf(expert))).code).toBe(0);
  });

  it('an unknown role, a body of the wrong shape, and anyone but the system administrator', async () => {
    const bad = await call(t.app, `${base}/save`, { token: sysadmin, lang: 'en', body: { roleKey: 'zs_doctor', granted: 'all', version: '' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/Role/);
    const office = await roleOf(RoleKey.ADMIN);
    const byOffice = await save(office, grantedOf(office).filter((k) => k !== 'staff/exams'), admin);
    expect(byOffice.code).toBe(403);
    expect(await deniedRows()).toEqual([]);
    expect((await call(t.app, `${base}/list`, { token: secretary, body: {} })).code).toBe(403);
  });
});
