import { AUDIT_EVENTS, type AuditChainView, type AuditLogView, type OnlineSessionsView, type SignInLogView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, captcha, DEMO, signIn, type TestApp } from '../../../test/harness';
import { audit } from '../audit/service';

let t: TestApp;
let sysadmin: string;
let admin: string;
let applicant: string;

const post = <T = null>(path: string, token: string, body: unknown, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/${path}`, { token, body, lang });
const auditLog = async (body: object = {}) => (await post<AuditLogView>('logs/audit', sysadmin, { pageSize: 100, ...body })).data;
const signIns = async (body: object = {}) => (await post<SignInLogView>('logs/signIns', sysadmin, { pageSize: 100, ...body })).data;
const online = async () => (await post<OnlineSessionsView>('sessions/online', sysadmin, { pageSize: 100 })).data;
const whoAmI = (token: string) => call(t.app, '/mucgrs-service/system/user/getUserInfo', { token });
/** The Beijing calendar day `ms` falls on. */
const beijingDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const sessionOf = async (loginName: string) => (await online()).rows.find((r) => r.user.loginName === loginName)!;

beforeAll(async () => {
  t = await buildTestApp();
  const wrong = await call(t.app, '/api/v1/client/loginRecruit', { body: { loginName: 'admin', password: 'not-the-password', ...(await captcha(t.app)) } });
  expect(wrong.code).toBe(1002);
  admin = await signIn(t.app, 'admin');
  applicant = await signIn(t.app, 'assessment');
  t.clock.advance(60_000);
  sysadmin = await signIn(t.app, 'sysadmin');
});
afterAll(async () => t.close());

describe('the audit trail', () => {
  it('lists entries newest first with who acted, and filters by event, actor, subject and Beijing day', async () => {
    const all = await auditLog();
    expect(all.total).toBe(all.rows.length);
    expect(all.rows.map((r) => r.id)).toEqual([...all.rows.map((r) => r.id)].sort((a, b) => b - a));
    const newest = all.rows[0]!;
    expect(newest).toMatchObject({ event: 'login.success', subject: 'staff:sysadmin', ip: '127.0.0.1', detail: null });
    expect(newest.actor).toMatchObject({ kind: 'staff', loginName: 'sysadmin', name: '钱刚', applicantNumber: null });
    expect(newest.at).toBe(new Date(t.clock.now()).toISOString());

    const failures = await auditLog({ event: 'login.failure' });
    expect(failures.rows.map((r) => [r.subject, r.actor?.loginName])).toEqual([['staff:admin', 'admin']]);
    // "admin" is part of admin's and sysadmin's login names; a name and an applicant number work too.
    expect(new Set((await auditLog({ actor: 'ADMIN' })).rows.map((r) => r.actor!.loginName))).toEqual(new Set(['admin', 'sysadmin']));
    expect((await auditLog({ actor: '钱' })).rows.every((r) => r.actor!.loginName === 'sysadmin')).toBe(true);
    expect((await auditLog({ actor: DEMO.assessment.registerNo })).rows.map((r) => r.event)).toEqual(['login.success']);
    expect((await auditLog({ subject: 'staff:adm' })).rows.map((r) => r.subject)).toEqual(['staff:admin', 'staff:admin']);

    const today = beijingDay(t.clock.now());
    const dayAfter = beijingDay(t.clock.now() + 86_400_000);
    const dayBefore = beijingDay(t.clock.now() - 86_400_000);
    expect((await auditLog({ from: today, to: today })).total).toBe(all.total);
    expect((await auditLog({ from: dayAfter })).total).toBe(0);
    expect((await auditLog({ to: dayBefore })).total).toBe(0);
  });

  it('pages newest first, and offers every kind of event to filter by', async () => {
    for (let i = 0; i < 25; i++) await audit(t.app.ctx.db, t.clock.now(), 'role.switch', { userId: null, subject: `paging-${i}` });
    const first = await post<AuditLogView>('logs/audit', sysadmin, { pageSize: 20, event: 'role.switch' });
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ total: 25, pageNum: 1, pageSize: 20 });
    const second = await post<AuditLogView>('logs/audit', sysadmin, { pageSize: 20, pageNum: 2, event: 'role.switch' });
    expect([...first.data.rows, ...second.data.rows].map((r) => r.subject)).toEqual(Array.from({ length: 25 }, (_, i) => `paging-${24 - i}`));
    expect(first.data.rows[0]!.actor).toBeNull();
    expect(AUDIT_EVENTS).toContain('session.forcedSignOut');
    for (const event of AUDIT_EVENTS) expect((await post('logs/audit', sysadmin, { event })).code, event).toBe(0);
  });

  it('never carries an ID number, a password or a token', async () => {
    const ids = await t.app.ctx.db.selectFrom('app_user').select('id_number').where('id_number', 'is not', null).execute();
    const hashes = await t.app.ctx.db.selectFrom('app_user').select('password_hash').execute();
    const replies = [await post('logs/audit', sysadmin, { pageSize: 100 }), await post('logs/signIns', sysadmin, { pageSize: 100 }), await post('sessions/online', sysadmin, { pageSize: 100 })];
    for (const reply of replies) {
      const text = reply.raw.body;
      for (const { id_number } of ids) expect(text).not.toContain(id_number);
      for (const { password_hash } of hashes) expect(text).not.toContain(password_hash);
      for (const token of [sysadmin, admin, applicant]) expect(text).not.toContain(token);
    }
  });

  it('says the chain is intact, counting every entry', async () => {
    const r = await post<AuditChainView>('logs/verify', sysadmin, {});
    expect(r.code, r.msg).toBe(0);
    const entries = await t.app.ctx.db.selectFrom('audit_event').select('id').execute();
    expect(r.data).toMatchObject({ entries: entries.length, intact: true, firstBroken: null });
    expect(r.data.newestHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the sign-in log', () => {
  it('shows who signed in, from where, and what failed', async () => {
    const log = await signIns();
    expect(log.rows.map((r) => [r.outcome, r.tried])).toEqual([
      ['success', 'sysadmin'],
      ['success', DEMO.assessment.registerNo],
      ['success', 'admin'],
      ['failure', 'admin'],
    ]);
    const applicantRow = log.rows[1]!;
    expect(applicantRow).toMatchObject({ registerType: DEMO.assessment.userRegisterType, ip: '127.0.0.1', account: { kind: 'applicant', applicantNumber: DEMO.assessment.registerNo, name: '张伟', loginName: null } });
    expect((await signIns({ outcome: 'failure' })).rows.map((r) => [r.tried, r.account?.loginName])).toEqual([['admin', 'admin']]);
    expect((await signIns({ account: '张' })).rows.map((r) => r.tried)).toEqual([DEMO.assessment.registerNo]);
    expect((await signIns({ account: 'sysad' })).total).toBe(1);
    expect((await signIns({ ip: '127.0.' })).total).toBe(log.total);
    expect((await signIns({ ip: '10.' })).total).toBe(0);
    expect((await signIns({ from: beijingDay(t.clock.now() + 86_400_000) })).total).toBe(0);
  });

  it('records a sign-out, and an account locked against guessing once a minute, not once per guess', async () => {
    const token = await signIn(t.app, 'reviewer');
    expect((await call(t.app, '/api/v1/client/logout', { method: 'GET', token })).code).toBe(0);
    const [out] = (await signIns({ outcome: 'signOut' })).rows;
    expect(out).toMatchObject({ outcome: 'signOut', tried: 'reviewer', account: expect.objectContaining({ loginName: 'reviewer' }) });
    const guess = async () => call(t.app, '/api/v1/client/loginRecruit', { body: { loginName: 'expert-wu', password: 'guess-guess-1', ...(await captcha(t.app)) } });
    for (let i = 0; i < t.app.ctx.limits.accountFailures + 3; i++) await guess();
    expect((await guess()).code).toBe(429);
    const throttled = (await signIns({ outcome: 'throttled' })).rows;
    expect(throttled).toHaveLength(1);
    expect(throttled[0]).toMatchObject({ tried: 'expert-wu', account: expect.objectContaining({ loginName: 'expert-wu' }) });
  });

  it('keeps nothing of what was typed for an account that does not exist (an ID number or a password in the wrong box)', async () => {
    const before = (await signIns({ outcome: 'failure' })).total;
    const idNumber = '110101199003077777';
    await call(t.app, '/api/v1/client/loginRecruit', { body: { userRegisterType: 1, registerNo: idNumber, password: 'guess-guess-1', ...(await captcha(t.app)) } });
    await call(t.app, '/api/v1/client/loginRecruit', { body: { loginName: 'Pasted-Pass-2027', password: 'guess-guess-1', ...(await captcha(t.app)) } });
    const failures = await signIns({ outcome: 'failure' });
    expect(failures.total).toBe(before + 2);
    expect(failures.rows.slice(0, 2)).toEqual([expect.objectContaining({ tried: null, account: null }), expect.objectContaining({ tried: null, account: null })]);
    const text = JSON.stringify((await auditLog()).rows);
    expect(text).not.toContain(idNumber);
    expect(text.toLowerCase()).not.toContain('pasted-pass-2027');
  });

  it("shows who decided about an applicant and when, not the outcome or the reason (the applicant's record)", async () => {
    await audit(t.app.ctx.db, t.clock.now(), 'review.decide', { userId: null, subject: '2027100001', detail: { recruitYear: '2027', stage: 'qualificationReview', outcome: 'fail', reason: 'Degree not recognised' } });
    const [row] = (await auditLog({ event: 'review.decide' })).rows;
    expect(row).toMatchObject({ subject: '2027100001', detail: { recruitYear: '2027', stage: 'qualificationReview' } });
    expect(JSON.stringify(row)).not.toMatch(/fail|Degree not recognised/);
  });
});

describe('who is online, and the forced sign-out', () => {
  it('lists live sessions, latest activity first, marking the caller’s own', async () => {
    const view = await online();
    expect(view.total).toBe(view.rows.length);
    const mine = view.rows[0]!;
    expect(mine).toMatchObject({ self: true, role: 'zs_sysadmin', user: { kind: 'staff', loginName: 'sysadmin', name: '钱刚' }, ip: '127.0.0.1' });
    expect(view.rows.filter((r) => r.self)).toHaveLength(1);
    const student = view.rows.find((r) => r.user.kind === 'applicant')!;
    expect(student).toMatchObject({ role: 'zs_doctor', user: { applicantNumber: DEMO.assessment.registerNo, loginName: null } });
    expect(Date.parse(student.lastSeenAt)).toBeLessThanOrEqual(Date.parse(mine.lastSeenAt));
  });

  it('ends a session at once: its next call gets 401, the trail records who, whom and why', async () => {
    expect((await whoAmI(admin)).code).toBe(0);
    const target = await sessionOf('admin');
    const r = await post('sessions/signOut', sysadmin, { sessionId: target.sessionId, reason: 'Laptop left unlocked in room 301' });
    expect(r.code, r.msg).toBe(0);
    expect((await whoAmI(admin)).code).toBe(401);
    expect((await online()).rows.map((s) => s.sessionId)).not.toContain(target.sessionId);
    const [entry] = (await auditLog({ event: 'session.forcedSignOut' })).rows;
    expect(entry).toMatchObject({ subject: 'admin', actor: { loginName: 'sysadmin' }, detail: { sessionId: target.sessionId, userId: target.user.userId, reason: 'Laptop left unlocked in room 301' } });
    // Already over: nothing left to end.
    const again = await post('sessions/signOut', sysadmin, { sessionId: target.sessionId, reason: 'again' });
    expect(again.code).toBe(404);
    expect(again.msg).toBe('This session has already ended or does not exist.');
  });

  it('refuses to end the caller’s own session (Sign out is for that), in their language', async () => {
    const mine = (await online()).rows.find((r) => r.self)!;
    const r = await post('sessions/signOut', sysadmin, { sessionId: mine.sessionId, reason: 'test' }, 'zh-CN');
    expect(r.code).toBe(403);
    expect(r.msg).toBe('这是您自己的会话，请使用“退出登录”。');
    expect((await whoAmI(sysadmin)).code).toBe(0);
  });

  it('no longer lists a session once it has been idle too long', async () => {
    const before = await online();
    expect(before.rows.some((r) => r.user.kind === 'applicant')).toBe(true);
    t.clock.advance(2 * 60 * 60_000 - 30_000);
    // The administrator's own call keeps their session alive; the applicant has been idle for two hours.
    const after = await online();
    expect(after.rows.some((r) => r.user.kind === 'applicant')).toBe(false);
    expect(after.rows.some((r) => r.self)).toBe(true);
    applicant = await signIn(t.app, 'assessment');
  });
});

describe('bad input: a clear message naming the field, and nothing changes', () => {
  it.each([
    ['logs/audit', { event: 'login.maybe' }, 'Event: not one of the allowed choices'],
    ['logs/audit', { pageSize: 30 }, 'Page size: not one of the allowed choices'],
    ['logs/audit', { from: '2026-02-30' }, 'From: not in a valid format'],
    ['logs/audit', { from: '22/11/2026' }, 'From: not in a valid format'],
    ['logs/audit', { from: '2026-11-22', to: '2026-11-21' }, 'To: the last day is before the first'],
    ['logs/audit', { actor: 'x'.repeat(65) }, 'By: '],
    ['logs/audit', { q: 'admin' }, 'not an accepted field'],
    ['logs/signIns', { outcome: 'maybe' }, 'Outcome: not one of the allowed choices'],
    ['logs/signIns', { event: 'login.success' }, 'not an accepted field'],
    ['logs/signIns', { ip: 42 }, 'Address: '],
    ['sessions/online', { pageNum: 0 }, 'Page'],
    ['sessions/signOut', { sessionId: 'all' }, 'Session: wrong type of value; Reason: required'],
  ])('%s %o -> "%s"', async (path, body, message) => {
    const r = await post(path, sysadmin, body);
    expect(r.code).toBe(400);
    expect(r.msg).toContain(message);
    expect(r.data).toBeUndefined();
  });

  it('needs a reason to end a session, and the session lives on without one', async () => {
    const student = (await online()).rows.find((r) => r.user.kind === 'applicant')!;
    const r = await post('sessions/signOut', sysadmin, { sessionId: student.sessionId, reason: '   ' });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('Reason: required');
    expect((await whoAmI(applicant)).code).toBe(0);
  });
});

describe('nobody but the system administrator', () => {
  it('refuses the admissions office, a secretary, a reviewer and an applicant, with no data, and ends nothing', async () => {
    const student = (await online()).rows.find((r) => r.user.kind === 'applicant')!;
    const before = (await auditLog()).total;
    for (const who of ['admin', 'secretary', 'reviewer', 'assessment'] as const) {
      const token = await signIn(t.app, who);
      for (const [path, body] of [
        ['logs/audit', {}],
        ['logs/signIns', {}],
        ['logs/verify', {}],
        ['sessions/online', {}],
        ['sessions/signOut', { sessionId: student.sessionId, reason: 'not mine to end' }],
      ] as const) {
        const r = await post(path, token, body);
        expect(r.code, `${who} ${path}`).toBe(403);
        expect(r.data, `${who} ${path}`).toBeUndefined();
      }
    }
    expect((await whoAmI(applicant)).code).toBe(0);
    // Their sign-ins are in the trail; nothing they tried here is.
    expect((await auditLog({ event: 'session.forcedSignOut' })).total).toBe(1);
    expect((await auditLog()).total).toBe(before + 4);
  });
});
