import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { ReplyCode } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APPLICANTS, withCheckDigit } from '../src/db/seed/demo';
import { jpeg, pdf } from '../src/modules/doctor/materials/fixtures';
import { PasswordGate } from '../src/lib/password-gate';
import { buildTestApp, call, captcha, DEMO, DEMO_PASSWORD, signIn, type TestApp } from './harness';

/**
 * The hostile-input suite (issue #12): the classes of attack no single feature owns. Each is
 * refused, nothing is lost or changed, and nothing answers 5xx. (Token reuse after sign-out on
 * another instance is shown by shared-state.redis.test.ts and the multi-instance test.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { TRUST_PROXY: '1', HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000', PUBLIC_URL: 'https://yjszs.example.edu.cn' },
    limits: { clientPerMinute: 10_000, accountFailures: 5, accountLockMinutes: 15 },
  });
});
afterAll(async () => t.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const login = async (body: object, ip: string) => call(t.app, '/api/v1/client/loginRecruit', { body: { ...body, ...(await captcha(t.app)) }, headers: from(ip) });
const count = async (table: 'app_user' | 'user_role' | 'session' | 'stored_file' | 'application_form') =>
  Number((await t.app.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('credential stuffing from many addresses', () => {
  it('locks the account after five failures however many addresses they come from, and the right password waits too', async () => {
    const target = DEMO.successive;
    const codes = [];
    for (let i = 0; i < 8; i++) codes.push((await login({ ...target, password: `Guess-${i}-Summer` }, `198.51.100.${10 + i}`)).code);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill(ReplyCode.BAD_CREDENTIALS));
    expect(codes.slice(5)).toEqual(Array(3).fill(ReplyCode.THROTTLED));
    const rightButLocked = await login({ ...target, password: DEMO_PASSWORD }, '198.51.100.99');
    expect(rightButLocked.code).toBe(ReplyCode.THROTTLED);
    expect(rightButLocked.status).toBe(429);
    expect(Number(rightButLocked.raw.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers a spray of one password over many accounts and addresses with the same refusal each time', async () => {
    const replies = [];
    for (let i = 0; i < 12; i++) replies.push(await login({ userRegisterType: 1, registerNo: `20271${String(90_000 + i)}`, password: 'Spring-2027-Pass' }, `203.0.113.${i}`));
    expect(new Set(replies.map((r) => `${r.status} ${r.code} ${r.msg}`)).size).toBe(1);
    expect(replies[0]!.code).toBe(ReplyCode.BAD_CREDENTIALS);
  });
});

describe('a login storm', () => {
  it('answers sign-ins past the hashing queue at once with 429 and Retry-After, and a turned-away one keeps its captcha', async () => {
    const gate = t.app.ctx.passwords;
    t.app.ctx.passwords = new PasswordGate(1, 3);
    try {
      const attempts = await Promise.all(
        Array.from({ length: 24 }, async (_, i) => {
          const c = await captcha(t.app);
          const started = performance.now();
          const r = await call(t.app, '/api/v1/client/loginRecruit', { body: { userRegisterType: 1, registerNo: `20271${70_000 + i}`, password: 'Storm-Password-1', ...c }, headers: from(`198.18.0.${i}`) });
          return { r, c, ms: performance.now() - started };
        }),
      );
      const busy = attempts.filter((a) => a.r.status === 429);
      expect(busy.length).toBeGreaterThan(10);
      for (const a of busy) {
        expect(a.r.code).toBe(ReplyCode.THROTTLED);
        expect(a.r.raw.headers['retry-after']).toBe('2');
        expect(a.r.msg).toMatch(/busy/);
      }
      // The others were heard out: wrong password, not a time-out and not a server error.
      const heard = attempts.filter((a) => a.r.status !== 429);
      expect(heard.length).toBeGreaterThanOrEqual(4);
      for (const a of heard) expect(a.r.code).toBe(ReplyCode.BAD_CREDENTIALS);
      // Turned away before its captcha was used: the applicant's second try needs no new one.
      t.app.ctx.passwords = gate;
      const again = await call(t.app, '/api/v1/client/loginRecruit', { body: { ...DEMO.assessment, password: DEMO_PASSWORD, ...busy[0]!.c }, headers: from('198.18.1.1') });
      expect(again.code).toBe(0);
    } finally {
      t.app.ctx.passwords = gate;
    }
  });
});

describe('a storm on the other password calls', () => {
  it('makes registration, resets and password changes wait for the same hashing places: past them 429 with Retry-After, nothing written, the captcha kept', async () => {
    const gate = t.app.ctx.passwords;
    // No queue, and its one place taken: every call that hashes is turned away at once.
    const full = new PasswordGate(1, 0);
    const leave = await full.enter();
    const assessment = DEMO_APPLICANTS.find((a) => a.number === DEMO.assessment.registerNo)!;
    const registration = { userRegisterType: 1, name: '孙丽', idType: '1', idNumber: withCheckDigit('11010519980312777'), sex: '1', email: 'sun.li@example.edu', mobile: '13912345678', password: 'Quiet-River-2027', securityQuestion: 'Name of my first teacher?', securityAnswer: 'Ms Wang' };
    const token = await signIn(t.app, 'assessment');
    const users = await count('app_user');
    t.app.ctx.passwords = full;
    try {
      const c = await captcha(t.app);
      const refused = [
        await call(t.app, '/api/v1/client/recruitRegister', { body: { ...registration, ...c }, headers: from('198.18.2.1') }),
        await call(t.app, '/api/v1/client/resetByQuestion', { body: { userRegisterType: 1, number: DEMO.assessment.registerNo, idNumber: assessment.idNumber, securityAnswer: 'Beijing', newPassword: 'Maple-Lantern-51', ...(await captcha(t.app)) }, headers: from('198.18.2.2') }),
        await call(t.app, '/api/v1/client/resetByEmailConfirm', { body: { token: 'a'.repeat(43), newPassword: 'Maple-Lantern-51' }, headers: from('198.18.2.3') }),
        await call(t.app, '/api/v1/client/changePasswd', { body: { oldPassword: DEMO_PASSWORD, newPassword: 'Maple-Lantern-51' }, token, headers: from('198.18.2.4') }),
      ];
      for (const r of refused) {
        expect(r.status).toBe(429);
        expect(r.code).toBe(ReplyCode.THROTTLED);
        expect(r.raw.headers['retry-after']).toBe('2');
      }
      expect(await count('app_user')).toBe(users);
      // Turned away before its captcha was used: the same captcha registers once a place is free.
      leave();
      t.app.ctx.passwords = gate;
      const again = await call(t.app, '/api/v1/client/recruitRegister', { body: { ...registration, ...c }, headers: from('198.18.2.1') });
      expect(again.code).toBe(0);
      expect(await count('app_user')).toBe(users + 1);
      // The password was not changed by the refused calls.
      expect(await signIn(t.app, 'assessment')).toBeTruthy();
    } finally {
      t.app.ctx.passwords = gate;
    }
  });
});

describe('account enumeration', () => {
  it('gives an unknown number the same reply as a known one with the wrong password', async () => {
    const known = await login({ ...DEMO.hmt, password: 'Not-Her-Password-1' }, '192.0.2.1');
    const unknown = await login({ userRegisterType: 4, registerNo: '2027499999', password: 'Not-Her-Password-1' }, '192.0.2.2');
    expect({ status: unknown.status, code: unknown.code, msg: unknown.msg }).toEqual({ status: known.status, code: known.code, msg: known.msg });
    expect(unknown.raw.headers['content-length']).toBe(known.raw.headers['content-length']);
  });

  it('takes as long for an unknown number as for a known one (a password hash is checked either way)', async () => {
    const time = async (registerNo: string, i: number) => {
      const started = performance.now();
      await login({ userRegisterType: 4, registerNo, password: `Wrong-Password-${i}` }, `192.0.2.${100 + i}`);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so both see the same machine; each account stays under its lock-out.
    for (let i = 0; i < 4; i++) {
      known.push(await time(DEMO.taiwan.registerNo, i));
      unknown.push(await time(`20274${String(80_000 + i)}`, i));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('Host-header poisoning of mailed links', () => {
  it('puts PUBLIC_URL in a reset link whatever Host and X-Forwarded-Host the request names', async () => {
    const camper = DEMO_APPLICANTS.find((a) => a.number === '2027300001')!;
    const boundary = 'hostile-boundary';
    const fields = { userRegisterType: '3', number: camper.number, idNumber: camper.idNumber, email: camper.email! };
    const payload = Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
    const sent = t.mail.sent.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/resetByEmail',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, host: 'evil.example', 'x-forwarded-host': 'evil.example', ...from('192.0.2.50') },
    });
    expect(res.json()).toMatchObject({ code: 0 });
    for (let i = 0; i < 50 && t.mail.sent.length === sent; i++) await new Promise((r) => setTimeout(r, 20));
    const mail = t.mail.sent[sent]!;
    expect(mail.text).toContain('https://yjszs.example.edu.cn/auth-redirect?token=');
    expect(mail.text).not.toContain('evil.example');
  });
});

describe('slow clients', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Opens a connection, sends `first`, then one byte a little later each time, until the server closes it. */
  const trickle = (first: string, drip: string) =>
    new Promise<{ closedAfterMs: number; reply: string }>((resolve) => {
      const started = performance.now();
      const socket = net.connect(port, '127.0.0.1');
      let reply = '';
      socket.on('data', (d: Buffer) => (reply += d.toString()));
      socket.write(first);
      const timer = setInterval(() => socket.write(drip), 300);
      const done = () => {
        clearInterval(timer);
        resolve({ closedAfterMs: performance.now() - started, reply });
      };
      socket.on('close', done);
      socket.on('error', () => {});
    });

  it('cuts off a client that trickles its headers (slowloris) once the headers deadline passes', async () => {
    const { closedAfterMs, reply } = await trickle('GET /healthz HTTP/1.1\r\nHost: x\r\n', 'X-a: b\r\n');
    expect(closedAfterMs).toBeLessThan(4000);
    expect(reply).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it('cuts off a body that arrives a byte at a time, and the portal goes on answering', async () => {
    const { closedAfterMs } = await trickle('POST /api/v1/client/portalInfo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":"', 'x');
    expect(closedAfterMs).toBeLessThan(5000);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(ok.status).toBe(200);
  });
});

describe('decompression bombs', () => {
  it('refuses a gzip-encoded body without inflating it', async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024, 0x20));
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/client/portalInfo', payload: bomb, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: ReplyCode.BAD_INPUT });
  });

  it('refuses a photo whose header claims a huge image before decoding it', async () => {
    const token = await signIn(t.app, 'assessment');
    const huge = jpeg(60_000, 60_000);
    const files = await count('stored_file');
    const res = await upload(token, 'idPhoto', huge, 'me.jpg', 'image/jpeg');
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json<{ code: number }>().code).toBe(ReplyCode.BAD_INPUT);
    expect(await count('stored_file')).toBe(files);
  });
});

function upload(token: string, category: string, content: Buffer, filename: string, type: string) {
  const boundary = 'hostile-upload';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\n${category}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: '/mucgrs-service/doctor/materials/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
}

describe('polyglot uploads', () => {
  it('refuses HTML dressed as a PDF, and serves a PDF that hides HTML only as a PDF download the browser will not sniff', async () => {
    const token = await signIn(t.app, 'assessment');
    const dressed = await upload(token, 'transcript', Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'), 'transcript.pdf', 'application/pdf');
    expect(dressed.json<{ code: number }>().code).toBe(ReplyCode.BAD_INPUT);

    const polyglot = Buffer.concat([pdf(800), Buffer.from('<html><script>alert(1)</script></html>')]);
    const stored = await upload(token, 'transcript', polyglot, 'transcript.pdf', 'text/html');
    const file = stored.json<{ code: number; data: { file: { filePath: string } } }>();
    expect(file.code).toBe(0);
    const served = await call(t.app, '/mucgrs-service/system/files/getFileByte', { token, body: { filePath: file.data.file.filePath } });
    expect(served.status).toBe(200);
    expect(served.raw.headers['content-type']).toBe('application/pdf');
    expect(served.raw.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps a JPEG with a ZIP appended an image, never an archive', async () => {
    const token = await signIn(t.app, 'hmt');
    const zipTail = Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000payload.exe', 'latin1');
    const res = await upload(token, 'idPhoto', Buffer.concat([jpeg(330, 462), zipTail]), 'photo.zip', 'application/zip');
    const body = res.json<{ code: number; data?: { file: { filePath: string; type: string } } }>();
    expect(res.statusCode).toBeLessThan(500);
    if (body.code === 0) {
      expect(body.data!.file.type).toBe('jpg');
      expect(body.data!.file.filePath).toMatch(/\.jpg$/);
    } else expect(body.code).toBe(ReplyCode.BAD_INPUT);
  });
});

describe('mass assignment', () => {
  it('gives no call a way to set what its caller may not: extra fields on every JSON call change nothing and break nothing', async () => {
    const applicant = await signIn(t.app, 'assessment');
    const staff = await signIn(t.app, 'admin');
    const state = async () => ({
      users: await count('app_user'),
      roles: await count('user_role'),
      forms: await count('application_form'),
      paid: Number((await t.app.ctx.db.selectFrom('payment_order').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'paid').executeTakeFirstOrThrow()).n),
    });
    const before = await state();
    // Plain extra fields, past the JSON parser: each call's own schema (or its service) must ignore or refuse them.
    const extras = { isAdmin: true, roleKey: 'zs_sysadmin', role_key: 'zs_sysadmin', user_id: 1, userId: 1, status: 'paid', permissions: ['results.publish'] };
    const posts = t.app.registeredRoutes.filter((r) => r.method === 'POST' && !r.url.includes(':') && !/logout|upload|resetByEmail$|notify|sandbox-gateway/.test(r.url));
    expect(posts.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const answers = new Set<number>();
    for (const r of posts) {
      for (const token of [applicant, staff]) {
        const res = await t.app.inject({ method: 'POST', url: r.url, payload: JSON.stringify(extras), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
        if (res.statusCode >= 500) failures.push(`${r.url}: HTTP ${res.statusCode}`);
        if (res.statusCode === 200 && String(res.headers['content-type']).includes('json')) answers.add(res.json<{ code: number }>().code);
      }
    }
    expect(failures).toEqual([]);
    // The calls were reached, not stopped at the parser: refused by policy or schema, and some served.
    expect([...answers]).toEqual(expect.arrayContaining([ReplyCode.BAD_INPUT, ReplyCode.FORBIDDEN, ReplyCode.OK]));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await state()).toEqual(before);
    // The applicant is still an applicant, the officer still an officer.
    expect((await call<{ roles: { roleKey: string }[] }>(t.app, '/mucgrs-service/system/user/getUserInfo', { token: applicant })).raw.body).not.toContain('zs_sysadmin');
  });

  it('refuses __proto__ and constructor.prototype in a body outright', async () => {
    for (const payload of ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/client/portalInfo', payload, headers: { 'content-type': 'application/json' } });
      expect(res.json()).toMatchObject({ code: ReplyCode.BAD_INPUT });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});


describe('malformed and over-long Unicode', () => {
  let seq = 0;
  /** A registration that would succeed, its security question (free text) replaced by `name` (raw bytes or JSON text). */
  const registration = async (name: Buffer | string) => {
    const body = JSON.stringify({
      userRegisterType: 1,
      name: '孙丽',
      idType: '1',
      idNumber: withCheckDigit(`110105199804${String(10 + (seq % 18))}${String(seq++).padStart(3, '0')}`),
      sex: '1',
      email: 'hostile@example.edu',
      mobile: '13912345678',
      password: 'Quiet-River-2027',
      securityQuestion: 'NAME_SLOT',
      securityAnswer: 'Ms Wang',
      ...(await captcha(t.app)),
    });
    const [before, after] = body.split('"NAME_SLOT"') as [string, string];
    return Buffer.concat([Buffer.from(before), typeof name === 'string' ? Buffer.from(name) : Buffer.concat([Buffer.from('"'), name, Buffer.from('"')]), Buffer.from(after)]);
  };
  const register = (payload: Buffer | string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/client/recruitRegister', payload, headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN', ...from('192.0.2.200') } });

  it('registers the same body with a real question, one with a supplementary-plane character included', async () => {
    const users = await count('app_user');
    expect((await register(await registration('"我的第一位老师？"'))).json()).toMatchObject({ code: 0 });
    expect((await register(await registration('"𠮷野家在哪条街？"'))).json()).toMatchObject({ code: 0 });
    expect(await count('app_user')).toBe(users + 2);
  });

  it('refuses bytes that are not UTF-8 (an overlong slash, a lone continuation byte), a lone surrogate and a NUL, registering nobody', async () => {
    const users = await count('app_user');
    const names = [Buffer.from([0xe8, 0x80, 0x81, 0xe5, 0xb8, 0x88, 0xc0, 0xaf]), Buffer.from([0xe8, 0x80, 0x81, 0xe5, 0xb8, 0x88, 0x80]), '"\\ud800老师"', '"老师\\u0000名字"', '"老师\\u001b[2J"'];
    for (const name of names) {
      const res = await register(await registration(name));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: ReplyCode.BAD_INPUT, msg: expect.stringMatching(/[\u4e00-\u9fff]/) });
    }
    expect(await count('app_user')).toBe(users);
  });

  it('refuses an over-long question, a body past the limit and a body nested past reason, registering nobody', async () => {
    const users = await count('app_user');
    expect((await register(await registration(JSON.stringify('问'.repeat(5000))))).json()).toMatchObject({ code: ReplyCode.BAD_INPUT });
    const huge = await register(await registration(JSON.stringify('x'.repeat(2 * 1024 * 1024))));
    expect(huge.statusCode).toBe(413);
    const deep = await register('{"a":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}');
    expect(deep.statusCode).toBeLessThan(500);
    expect(deep.json()).toMatchObject({ code: ReplyCode.BAD_INPUT });
    expect(await count('app_user')).toBe(users);
  });
});
