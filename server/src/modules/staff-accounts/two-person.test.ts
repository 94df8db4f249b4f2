import type { ParsedMail } from 'mailparser';
import { RoleKey, type AccountChangeReply, type AccountRequestConfirmed, type AccountRequestRow, type StaffAccountListView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, captcha, signIn, type TestApp } from '../../../test/harness';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';

/**
 * The two-person rule (issue #10): one system administrator cannot make anyone a publisher or an
 * administrator, nor learn a privileged account's password. The change waits for a second one,
 * and the one-time password goes by mail (a real SMTP exchange) to the account's own address.
 */
const base = '/mucgrs-service/staff/accounts';
let inbox: SmtpInbox;
let received: SmtpInbox['received'];
let t: TestApp;
let first: string;
let second: string;

const post = <T = null>(path: string, token: string, body: unknown, lang = 'en') => call<T>(t.app, `${base}/${path}`, { token, body, lang });
const open = async (token: string) => (await post<AccountRequestRow[]>('requests', token, {})).data;
const accountOf = async (q: string) => (await post<StaffAccountListView>('list', first, { q })).data.rows.find((r) => r.loginName === q);
const signInAs = async (loginName: string, password: string) => call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', { body: { loginName, password, ...(await captcha(t.app)) } });
const mailTo = async (address: string) => {
  for (let i = 0; i < 250 && !received.some((r) => r.to.includes(address)); i++) await new Promise((res) => setTimeout(res, 20));
  const found = received.filter((r) => r.to.includes(address));
  expect(found.length, `a mail to ${address}`).toBeGreaterThan(0);
  return found.at(-1)!.mail;
};
const passwordIn = (mail: ParsedMail) => /([A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4})/.exec(mail.text ?? '')![1]!;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  received = inbox.received;
  t = await buildTestApp({ env: { SMTP_URL: inbox.url, MAIL_FROM: 'Admissions <admissions@gradus.test>' }, mailer: 'real' });
  first = await signIn(t.app, 'sysadmin');
  second = await signIn(t.app, 'sysadmin2');
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

describe('two-person rule: a publisher or an administrator takes two system administrators', () => {
  it('files a new publisher as a request; the second administrator confirms and the password is mailed to the account, never shown', async () => {
    const asked = await post<AccountChangeReply>('create', first, { loginName: 'publisher-li', name: '李发布', email: 'li.fabu@gradus.example.edu', roleKeys: [RoleKey.ADMIN], permissions: ['results.publish'] });
    expect(asked.code, asked.msg).toBe(0);
    expect(asked.data.outcome).toBe('pending');
    expect(await accountOf('publisher-li')).toBeUndefined();

    const seenByFirst = (await open(first)).find((r) => r.loginName === 'publisher-li')!;
    expect(seenByFirst).toMatchObject({ action: 'create', mine: true, current: null, requestedBy: { loginName: 'sysadmin' }, change: { permissions: ['results.publish'], email: 'li.fabu@gradus.example.edu' } });
    const refused = await post('confirm', first, { requestId: seenByFirst.requestId });
    expect(refused.code).toBe(403);
    expect(refused.msg).toBe('You asked for this change: another system administrator must confirm it.');
    expect(await accountOf('publisher-li')).toBeUndefined();

    expect((await open(second)).find((r) => r.loginName === 'publisher-li')!.mine).toBe(false);
    const confirmed = await post<AccountRequestConfirmed>('confirm', second, { requestId: seenByFirst.requestId });
    expect(confirmed.code, confirmed.msg).toBe(0);
    expect(confirmed.data).toEqual({ mailedTo: 'li.fabu@gradus.example.edu' });
    const mail = await mailTo('li.fabu@gradus.example.edu');
    expect(mail.subject).toBe('Your admissions management system account');
    expect(mail.text).toContain('publisher-li');
    const password = passwordIn(mail);
    expect(JSON.stringify(confirmed.data) + confirmed.msg).not.toContain(password);

    expect(await accountOf('publisher-li')).toMatchObject({ roleKeys: [RoleKey.ADMIN], permissions: ['results.publish'], status: 'active' });
    expect(await open(first)).toEqual([]);
    // The owner signs in with the mailed password and must choose their own before anything else.
    const session = await signInAs('publisher-li', password);
    expect(session.code, session.msg).toBe(0);
    expect((await call(t.app, '/mucgrs-service/staff/dashboard', { token: session.data.token, body: {} })).code).toBe(403);
    const events = await t.app.ctx.db.selectFrom('audit_event').select(['event', 'user_id', 'detail']).where('subject', '=', 'publisher-li').orderBy('id').execute();
    expect(events.map((e) => e.event)).toEqual(['account.request', 'account.create']);
    expect(JSON.parse(events[1]!.detail!)).toMatchObject({ requestId: seenByFirst.requestId, requestedBy: 'sysadmin', permissions: ['results.publish'] });
  });

  it('files granting the publish permission to an existing account; until confirmed the account is unchanged', async () => {
    const reviewer = (await accountOf('expert-wu'))!;
    const token = await signIn(t.app, 'expertWu');
    const asked = await post<AccountChangeReply>('update', first, { userId: reviewer.userId, name: reviewer.name, email: reviewer.email ?? '', roleKeys: [RoleKey.REVIEWER], permissions: ['results.publish'] });
    expect(asked.data.outcome).toBe('pending');
    expect((await accountOf('expert-wu'))!.permissions).toEqual([]);
    // Their session goes on as it was until the grant is confirmed.
    expect((await call(t.app, '/mucgrs-service/system/user/getUserInfo', { token })).code).toBe(0);
    const request = (await open(second)).find((r) => r.loginName === 'expert-wu')!;
    expect(request).toMatchObject({ action: 'update', current: { permissions: [] }, change: { permissions: ['results.publish'] } });
    // One change per account waits at a time.
    const again = await post('update', first, { userId: reviewer.userId, name: reviewer.name, email: reviewer.email ?? '', roleKeys: [RoleKey.SYSADMIN] });
    expect(again.msg).toBe('A change of expert-wu already waits for a second administrator; confirm or decline it first.');
    expect((await post<AccountRequestConfirmed>('confirm', second, { requestId: request.requestId })).data).toEqual({ mailedTo: null });
    expect((await accountOf('expert-wu'))!.permissions).toEqual(['results.publish']);
    // A change of permissions ends the account's sessions: the next sign-in has the new ones.
    expect((await call(t.app, '/mucgrs-service/system/user/getUserInfo', { token })).code).toBe(401);
  });

  it("files a privileged account's password reset; the old password works until the second administrator confirms", async () => {
    const publisher = (await accountOf('publisher-li'))!;
    const before = await mailTo('li.fabu@gradus.example.edu');
    const asked = await post<AccountChangeReply>('resetPassword', first, { userId: publisher.userId });
    expect(asked.data.outcome).toBe('pending');
    expect(JSON.stringify(asked.data)).not.toMatch(/password"/);
    const session = await signInAs('publisher-li', passwordIn(before));
    expect(session.code).toBe(0);
    const request = (await open(second)).find((r) => r.loginName === 'publisher-li')!;
    expect(request).toMatchObject({ action: 'resetPassword', change: null, current: { permissions: ['results.publish'] } });
    const confirmed = await post<AccountRequestConfirmed>('confirm', second, { requestId: request.requestId });
    expect(confirmed.data).toEqual({ mailedTo: 'li.fabu@gradus.example.edu' });
    for (let i = 0; i < 250 && received.filter((r) => r.to.includes('li.fabu@gradus.example.edu')).length < 2; i++) await new Promise((res) => setTimeout(res, 20));
    const password = passwordIn(await mailTo('li.fabu@gradus.example.edu'));
    expect(password).not.toBe(passwordIn(before));
    expect((await call(t.app, '/mucgrs-service/system/user/getUserInfo', { token: session.data.token })).code).toBe(401);
    expect((await signInAs('publisher-li', passwordIn(before))).code).not.toBe(0);
    const next = await signInAs('publisher-li', password);
    expect(next.code).toBe(0);
    const info = await call<{ passwordChangeDue?: boolean }>(t.app, '/mucgrs-service/system/user/getUserInfo', { token: next.data.token });
    expect(info.data.passwordChangeDue).toBe(true);
  });

  it("files a change of a privileged account's address, where its one-time passwords would go", async () => {
    const admin = (await accountOf('sysadmin-2'))!;
    const asked = await post<AccountChangeReply>('update', first, { userId: admin.userId, name: admin.name, email: 'somewhere@else.example.com', roleKeys: [RoleKey.SYSADMIN] });
    expect(asked.data.outcome).toBe('pending');
    expect((await accountOf('sysadmin-2'))!.email).toBe('sysadmin-2@gradus.example.edu');
    // Nor may the account it is about confirm it.
    const request = (await open(second)).find((r) => r.loginName === 'sysadmin-2')!;
    expect(request.aboutCaller).toBe(true);
    const refused = await post('confirm', second, { requestId: request.requestId });
    expect(refused.code).toBe(403);
    expect(refused.msg).toBe('This change is about your own account: another system administrator must confirm it.');
    // The one who asked withdraws it, with a reason.
    expect((await post('decline', first, { requestId: request.requestId, reason: 'Typed the wrong address' })).code).toBe(0);
    expect(await open(first)).toEqual([]);
    const declined = await t.app.ctx.db.selectFrom('audit_event').select(['detail', 'user_id']).where('event', '=', 'account.requestDeclined').executeTakeFirstOrThrow();
    expect(declined.detail).toContain('Typed the wrong address');
  });

  it('makes an ordinary account at once: the two-person rule is for publishing and administration only', async () => {
    const made = await post<AccountChangeReply>('create', first, { loginName: 'plain-reviewer', name: '普通', roleKeys: [RoleKey.REVIEWER] });
    expect(made.data.outcome).toBe('done');
    expect(await accountOf('plain-reviewer')).toBeDefined();
  });
});

describe('two-person rule: refused, with a clear message, and nothing changes', () => {
  it('needs a reason to decline, and decides a request once', async () => {
    const asked = await post<AccountChangeReply>('create', first, { loginName: 'twice', name: '两次', email: 'twice@gradus.example.edu', roleKeys: [RoleKey.SYSADMIN] });
    const requestId = asked.data.outcome === 'pending' ? asked.data.requestId : 0;
    const noReason = await post('decline', second, { requestId, reason: ' ' }, 'zh-CN');
    expect(noReason.code).toBe(400);
    expect(noReason.msg).toContain('原因');
    expect((await open(second)).map((r) => r.loginName)).toContain('twice');
    expect((await post('decline', second, { requestId, reason: 'Not agreed with the dean' })).code).toBe(0);
    const late = await post('confirm', second, { requestId });
    expect(late.code).toBe(400);
    expect(late.msg).toBe('This request was already confirmed, declined or withdrawn.');
    expect(await accountOf('twice')).toBeUndefined();
    expect((await post('confirm', second, { requestId: 999_999 })).code).toBe(404);
  });

  it('confirms nothing about an account changed since the request', async () => {
    const admin = (await accountOf('admin'))!;
    const asked = await post<AccountChangeReply>('update', first, { userId: admin.userId, name: admin.name, email: admin.email ?? '', roleKeys: [RoleKey.ADMIN, RoleKey.REVIEWER, RoleKey.SYSADMIN], permissions: ['results.publish'] });
    expect(asked.data.outcome).toBe('pending');
    // Meanwhile someone renames it: confirming would undo that unseen.
    expect((await post('update', second, { userId: admin.userId, name: '周杰（招办）', email: admin.email ?? '', roleKeys: admin.roleKeys, permissions: admin.permissions })).data).toMatchObject({ outcome: 'done' });
    const request = (await open(second)).find((r) => r.loginName === 'admin')!;
    const stale = await post('confirm', second, { requestId: request.requestId });
    expect(stale.code).toBe(400);
    expect(stale.msg).toBe('admin was changed after this request was made; decline it and ask again.');
    expect((await accountOf('admin'))!.roleKeys).not.toContain(RoleKey.SYSADMIN);
    expect((await open(second)).map((r) => r.requestId)).toContain(request.requestId);
    expect((await post('decline', second, { requestId: request.requestId, reason: 'Stale' })).code).toBe(0);
  });

  it('changes nothing when the mail cannot go, and the request waits', async () => {
    // A mail server that is not there: the connection is refused for real.
    const down = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'Admissions <admissions@gradus.test>' }, mailer: 'real' });
    try {
      const [a, b] = [await signIn(down.app, 'sysadmin'), await signIn(down.app, 'sysadmin2')];
      const asked = await call<AccountChangeReply>(down.app, `${base}/create`, { token: a, body: { loginName: 'unmailed', name: '未寄', email: 'unmailed@gradus.example.edu', roleKeys: [RoleKey.SYSADMIN] } });
      const requestId = asked.data.outcome === 'pending' ? asked.data.requestId : 0;
      const failed = await call(down.app, `${base}/confirm`, { token: b, body: { requestId } });
      expect(failed.code).toBe(500);
      expect(failed.msg).toBe('The one-time password could not be mailed to unmailed@gradus.example.edu; nothing was changed. Try again later.');
      expect(await down.app.ctx.db.selectFrom('app_user').select('id').where('login_name', '=', 'unmailed').execute()).toEqual([]);
      expect((await call<AccountRequestRow[]>(down.app, `${base}/requests`, { token: b, body: {} })).data.map((r) => r.requestId)).toEqual([requestId]);
    } finally {
      await down.close();
    }
  });

  it('answers the requests to nobody but a system administrator', async () => {
    for (const who of ['admin', 'secretary', 'reviewer'] as const) {
      const token = await signIn(t.app, who);
      expect((await post('requests', token, {})).code, who).toBe(403);
      expect((await post('confirm', token, { requestId: 1 })).code, who).toBe(403);
      expect((await post('decline', token, { requestId: 1, reason: 'x' })).code, who).toBe(403);
    }
  });
});
