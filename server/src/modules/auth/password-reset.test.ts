import { RESET_LINK_TTL_MS } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APPLICANTS } from '../../db/seed/demo';
import { buildTestApp, call, captcha, DEMO_PASSWORD, signIn, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const zhang = DEMO_APPLICANTS[0]!; // type 1, 2027100001
const li = DEMO_APPLICANTS[2]!; // type 3, 2027300001
const userInfo = (token: string) => call(t.app, '/mucgrs-service/system/user/getUserInfo', { token });

describe('forgetPasswordSearch', () => {
  it('finds a doctoral registration number and the security question', async () => {
    const r = await call(t.app, '/api/v1/client/forgetPasswordSearch', {
      body: { userRegisterType: 1, name: zhang.name, idNumber: zhang.idNumber, ...(await captcha(t.app)) },
    });
    expect(r.code).toBe(0);
    expect(r.data).toEqual({ registerNo: '2027100001', securityQuestion: 'In which city was your primary school?' });
  });

  it('finds a summer-camp candidate number', async () => {
    const r = await call(t.app, '/api/v1/client/forgetPasswordSearch', {
      body: { userRegisterType: 3, name: li.name, idNumber: li.idNumber.toLowerCase(), ...(await captcha(t.app)) },
    });
    expect(r.data).toMatchObject({ candidateNo: '2027300001' });
  });

  it.each([
    ['another name', { name: '张三' }],
    ['another type', { userRegisterType: 2 }],
  ])('does not match %s', async (_n, patch) => {
    const r = await call(t.app, '/api/v1/client/forgetPasswordSearch', {
      body: { userRegisterType: 1, name: zhang.name, idNumber: zhang.idNumber, ...(await captcha(t.app)), ...patch },
    });
    expect(r.code).toBe(404);
    expect(r.msg).toContain('do not match');
  });

  it.each([
    [{ name: undefined }, 'Name: required'],
    [{ idNumber: '' }, 'ID number: required'],
    [{ userRegisterType: 0 }, 'Application type: not one of the allowed choices'],
    [{ code: undefined }, 'Verification code: required'],
  ])('bad input %o -> "%s"', async (patch, message) => {
    const r = await call(t.app, '/api/v1/client/forgetPasswordSearch', {
      body: { userRegisterType: 1, name: zhang.name, idNumber: zhang.idNumber, ...(await captcha(t.app)), ...patch },
    });
    expect(r.code).toBe(400);
    expect(r.msg).toContain(message);
  });
});

describe('resetByQuestion', () => {
  const body = async (patch: Record<string, unknown> = {}) => ({
    userRegisterType: 1,
    number: '2027100001',
    idNumber: zhang.idNumber,
    securityAnswer: '  BEIJING ',
    newPassword: 'Maple-Lantern-51',
    ...(await captcha(t.app)),
    ...patch,
  });

  it('sets the new password, ends every session, and the old password stops working', async () => {
    const before = await signIn(t.app, 'assessment');
    expect((await call(t.app, '/api/v1/client/resetByQuestion', { body: await body() })).code).toBe(0);
    expect((await userInfo(before)).code).toBe(401);
    await expect(signIn(t.app, 'assessment')).rejects.toThrow(/1002/);
    const token = await signIn(t.app, 'assessment', 'Maple-Lantern-51');
    await call(t.app, '/api/v1/client/changePasswd', { token, body: { oldPassword: 'Maple-Lantern-51', newPassword: DEMO_PASSWORD } });
  });

  it.each([
    ['a wrong answer', { securityAnswer: 'Shanghai' }],
    ['a wrong ID number', { idNumber: DEMO_APPLICANTS[1]!.idNumber }],
    ['an unknown number', { number: '2027109999' }],
  ])('gives one reply for %s and changes nothing', async (_n, patch) => {
    const r = await call(t.app, '/api/v1/client/resetByQuestion', { body: await body(patch) });
    expect(r.code).toBe(1002);
    expect(r.msg).toBe('The answer to the security question is incorrect.');
    expect(await signIn(t.app, 'assessment')).toBeTruthy();
  });

  it.each([
    [{ newPassword: '12345678' }, 'New password: too common'],
    [{ securityAnswer: '' }, 'Security answer: required'],
    [{ number: undefined }, 'Registration or candidate number: required'],
    [{ idNumber: 'x'.repeat(31) }, 'ID number: too long'],
  ])('bad input %o -> "%s"', async (patch, message) => {
    const r = await call(t.app, '/api/v1/client/resetByQuestion', { body: await body(patch) });
    expect(r.code).toBe(400);
    expect(r.msg).toContain(message);
  });
});

describe('resetByEmail', () => {
  const fields = { userRegisterType: '3', number: '2027300001', idNumber: li.idNumber, email: 'LI.NA@example.edu' };

  function multipart(parts: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
    const boundary = '----gradus' + Math.random().toString(16).slice(2);
    const chunks: Buffer[] = [];
    for (const [k, v] of Object.entries(parts)) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    }
    if (file) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
      chunks.push(file.bytes, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const send = (parts: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }, lang = 'en') => {
    const body = multipart(parts, file);
    return t.app.inject({ method: 'POST', url: '/api/v1/client/resetByEmail', payload: body.payload, headers: { ...body.headers, 'accept-language': lang } });
  };
  const waitForMail = async (count: number) => {
    for (let i = 0; i < 50 && t.mail.sent.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  };
  const linkIn = (text: string) => /\/auth-redirect\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it('mails a single-use link valid for 30 minutes, and the link sets the password', async () => {
    const sent = t.mail.sent.length;
    const res = await send(fields, undefined, 'zh-CN');
    expect(res.json()).toMatchObject({ code: 0 });
    await waitForMail(sent + 1);
    const mail = t.mail.sent[sent]!;
    expect(mail.to).toBe('li.na@example.edu');
    expect(mail.subject).toBe('设置您的 Gradus 账号新密码');
    const token = linkIn(mail.text)!;
    expect(mail.text).toContain(`${t.config.publicUrl}/auth-redirect?token=`);
    const session = await signIn(t.app, 'camper');
    const ok = await call(t.app, '/api/v1/client/resetByEmailConfirm', { body: { token, newPassword: 'Harbor-Willow-73' } });
    expect(ok.code).toBe(0);
    expect((await userInfo(session)).code).toBe(401);
    expect(await signIn(t.app, 'camper', 'Harbor-Willow-73')).toBeTruthy();
    const again = await call(t.app, '/api/v1/client/resetByEmailConfirm', { body: { token, newPassword: 'Another-Pass-99' } });
    expect(again.code).toBe(1004);
  });

  it('expires the link after 30 minutes', async () => {
    const sent = t.mail.sent.length;
    await send(fields);
    await waitForMail(sent + 1);
    const token = linkIn(t.mail.sent[sent]!.text)!;
    t.clock.advance(RESET_LINK_TTL_MS + 1);
    const r = await call(t.app, '/api/v1/client/resetByEmailConfirm', { body: { token, newPassword: 'Harbor-Willow-74' } });
    expect(r.code).toBe(1004);
  });

  it('gives the same reply when the details do not match, and sends nothing', async () => {
    const sent = t.mail.sent.length;
    const match = (await send(fields)).json();
    const wrongMail = (await send({ ...fields, email: 'someone@else.org' })).json();
    const unknown = (await send({ ...fields, number: '2027309999' })).json();
    expect(wrongMail).toEqual(match);
    expect(unknown).toEqual(match);
    await waitForMail(sent + 3);
    expect(t.mail.sent.length).toBe(sent + 1);
  });

  it('keeps an ID-card scan with the request, owned by the applicant', async () => {
    t.clock.advance(60 * 60_000 + 1); // past the hourly limit of reset mails the tests above used up
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
    const res = await send(fields, { name: '身份证.png', bytes: png, type: 'image/png' });
    expect(res.json().code).toBe(0);
    const scan = await t.app.ctx.db.selectFrom('stored_file').selectAll().where('category', '=', 'resetIdScan').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(scan.original_name).toBe('身份证.png');
    expect(scan.mime_type).toBe('image/png');
    expect(scan.owner_user_id).not.toBeNull();
  });

  it('refuses a renamed executable as the scan and keeps no bytes', async () => {
    const before = await t.app.ctx.db.selectFrom('stored_file').select('id').execute();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0)]);
    const res = await send(fields, { name: 'id.jpg', bytes: exe, type: 'image/jpeg' });
    expect(res.json()).toMatchObject({ code: 400, msg: 'Only JPG, PNG or PDF files are accepted.' });
    expect(await t.app.ctx.db.selectFrom('stored_file').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a scan over 5 MB', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10, 7)]);
    const res = await send(fields, { name: 'id.jpg', bytes: big, type: 'image/jpeg' });
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe('The upload is too large.');
  });

  it.each([
    [{ email: 'nope' }, 'E-mail: not a valid e-mail address'],
    [{ number: '' }, 'Registration or candidate number: required'],
    [{ userRegisterType: '8' }, 'Application type: not one of the allowed choices'],
  ])('bad input %o -> "%s"', async (patch, message) => {
    const res = await send({ ...fields, ...patch });
    expect(res.json().code).toBe(400);
    expect(res.json().msg).toContain(message);
  });

  it('refuses a malformed multipart body with a message and keeps nothing', async () => {
    const before = await t.app.ctx.db.selectFrom('stored_file').select('id').execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/resetByEmail',
      payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(res.json()).toEqual({ code: 400, msg: 'The request could not be read.' });
    expect(await t.app.ctx.db.selectFrom('stored_file').select('id').execute()).toHaveLength(before.length);
  });

  it('sends at most three reset mails an hour per account, with the same reply', async () => {
    const zhangFields = { userRegisterType: '1', number: '2027100001', idNumber: zhang.idNumber, email: zhang.email };
    const sent = t.mail.sent.length;
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push((await send(zhangFields)).json());
    await waitForMail(sent + 5);
    expect(t.mail.sent.length).toBe(sent + 3);
    expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
    t.clock.advance(60 * 60_000 + 1);
    await send(zhangFields);
    await waitForMail(sent + 4);
    expect(t.mail.sent.length).toBe(sent + 4);
  });

  it('refuses a bad confirmation body', async () => {
    const r = await call(t.app, '/api/v1/client/resetByEmailConfirm', { body: { token: 'abc', newPassword: 'short' } });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('New password: at least 8 characters');
  });
});
