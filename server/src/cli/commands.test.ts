import { DOCTOR_AREA } from '@gradus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, captcha, dialect, type TestApp } from '../../test/harness';
import { CheckFailed, runAdminCommand, UsageError } from './commands';

let t: TestApp;
beforeAll(async () => {
  // Production seeds nothing: the first administrator comes from this command.
  t = await buildTestApp({ seed: 'none' });
});
afterAll(async () => t.close());

const run = (argv: string[], password = 'Granite-Orchid-19') =>
  runAdminCommand(argv, { db: t.app.ctx.db, now: t.clock.now(), readPassword: async () => password });

describe('admin commands', () => {
  it('creates the first administrator, who can then sign in as admin and switch to reviewer', async () => {
    expect(await t.app.ctx.db.selectFrom('app_user').select('id').execute()).toHaveLength(0);
    expect(await run(['create-admin', '--login', 'registrar', '--name', 'Registrar'])).toContain('created registrar');
    const login = await call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', {
      body: { loginName: 'registrar', password: 'Granite-Orchid-19', ...(await captcha(t.app)) },
    });
    expect(login.code).toBe(0);
    const info = await call<{ roles: Array<{ roleKey: string }> }>(t.app, '/mucgrs-service/system/user/getUserInfo', { token: login.data.token });
    expect(info.data.roles.map((r) => r.roleKey)).toEqual(['zs_admin', 'zs_reviewer']);
  });

  it.each([
    [['create-admin', '--login', 'registrar', '--name', 'Again'], 'Granite-Orchid-19', /taken/],
    [['create-admin', '--login', 'x', '--name', 'Short'], 'Granite-Orchid-19', /login name/],
    [['create-admin', '--login', 'weakling', '--name', 'Weak'], 'password', /password refused: tooCommon/],
    [['create-admin', '--name', 'No login'], 'Granite-Orchid-19', /missing --login/],
    [['set-config', 'nowhere', 'k', 'v'], '', /systemType must be/],
    // Publishing and stage windows go through their own commands and policies, never around them.
    [['set-config', DOCTOR_AREA, 'release.2027.finalScore', '1'], '', /belongs to a cycle: use set-stage or release/],
    [['set-config', DOCTOR_AREA, 'stage.2027.feePaid.closesAt', '2027-01-01T00:00:00Z'], '', /belongs to a cycle/],
    [['set-config', DOCTOR_AREA, 'registrationEnd', '2027-01-01T00:00:00Z'], '', /belongs to a cycle/],
    [['set-recruit-year', '27'], '', /year such as 2027/],
    [['explode'], '', /unknown command/],
    [['verify-audit', '--fix'], '', /verify-audit takes no arguments/],
  ])('refuses %o with a clear message', async (argv, password, message) => {
    await expect(run(argv, password)).rejects.toThrow(UsageError);
    await expect(run(argv, password)).rejects.toThrow(message);
  });

  it('sets configuration and the recruitment year', async () => {
    await run(['set-recruit-year', '2028']);
    await run(['set-config', DOCTOR_AREA, 'notice', '<p>Hello</p>']);
    const portal = await call<{ recruitYear: string }>(t.app, '/api/v1/client/portalInfo', { body: {} });
    expect(portal.data.recruitYear).toBe('2028');
  });
});

// Last in this file: it breaks the audit chain for good.
describe('verify-audit', () => {
  it('reports the chain intact, then names the entry someone with the database file changed', async () => {
    expect(await run(['verify-audit'])).toMatch(/^audit trail: [1-9]\d* entr(y|ies), chain intact\nnewest hash: [0-9a-f]{64}$/);
    const created = await t.app.ctx.db.selectFrom('audit_event').select(['id', 'at']).where('event', '=', 'admin.create').where('subject', '=', 'registrar').executeTakeFirstOrThrow();
    // The database refuses the change while its triggers stand; an attacker with the file drops them first.
    const forge = sql`update audit_event set detail = '{"roleKeys":["zs_reviewer"],"permissions":[]}' where id = ${created.id}`;
    await expect(forge.execute(t.app.ctx.db)).rejects.toThrow(/append-only/);
    await sql.raw(dialect === 'sqlite' ? 'drop trigger audit_event_no_update' : 'drop trigger audit_event_no_change on audit_event').execute(t.app.ctx.db);
    await forge.execute(t.app.ctx.db);
    await expect(run(['verify-audit'])).rejects.toThrow(CheckFailed);
    await expect(run(['verify-audit'])).rejects.toThrow(`chain broken at entry ${created.id} (admin.create, ${new Date(created.at).toISOString()})`);
  });
});
