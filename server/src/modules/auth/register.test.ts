import { SUMMER_CAMP_AREA } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../db/seed/demo';
import { translate } from '../../locales';
import { setConfigValue } from '../system-config/service';
import { buildTestApp, call, captcha, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const REGISTER = '/api/v1/client/recruitRegister';
let idSeq = 100;
/** A valid, not yet registered mainland ID number (born 1998). */
const freshId = () => withCheckDigit(`110105199803${String(10 + (idSeq % 18)).padStart(2, '0')}${String(idSeq++).padStart(3, '0')}`);

async function valid(overrides: Record<string, unknown> = {}) {
  return {
    userRegisterType: 1,
    name: '孙丽',
    idType: '1',
    idNumber: freshId(),
    sex: '1',
    email: 'sun.li@example.edu',
    mobile: '13912345678',
    password: 'Quiet-River-2027',
    securityQuestion: 'Name of my first teacher?',
    securityAnswer: 'Ms Wang',
    ...(await captcha(t.app)),
    ...overrides,
  };
}
const userCount = async () => Number((await t.app.ctx.db.selectFrom('app_user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('recruitRegister', () => {
  it.each([
    [1, 'registerNo', /^20271\d{5}$/],
    [2, 'registerNo', /^20272\d{5}$/],
    [3, 'candidateNo', /^20273\d{5}$/],
    [5, 'candidateNo', /^20275\d{5}$/],
  ])('issues type %i applicants a %s of year + type + sequence', async (type, field, pattern) => {
    const r = await call<Record<string, string>>(t.app, REGISTER, { body: await valid({ userRegisterType: type }) });
    expect(r.code).toBe(0);
    expect(r.data[field]).toMatch(pattern);
  });

  it('registers Hong Kong/Macao/Taiwan applicants with a permit and an international mobile', async () => {
    const r = await call<{ registerNo: string }>(t.app, REGISTER, {
      body: await valid({ userRegisterType: 4, idType: '2', idNumber: 'M87654321', mobile: '+85361234567' }),
    });
    expect(r.code).toBe(0);
    expect(r.data.registerNo).toMatch(/^20274\d{5}$/);
  });

  const hmtRow = async (registerNo: string) =>
    t.app.ctx.db.selectFrom('app_user').select(['name', 'id_type', 'id_number', 'mobile']).where('applicant_number', '=', registerNo).executeTakeFirstOrThrow();

  it.each([
    ['a Hong Kong residence permit', { idType: '5', idNumber: withCheckDigit('81000019990101123'), mobile: '+852 9123 4567', name: '陳大文' }, { id_type: '5', mobile: '+85291234567', name: '陳大文' }],
    ['a Taiwan compatriot permit', { idType: '3', idNumber: '12345678', mobile: '+886 912-345-678', name: '瑪拉‧達利' }, { id_type: '3', mobile: '+886912345678', name: '瑪拉·達利' }],
    ['a Macao home-return permit and a mainland mobile', { idType: '2', idNumber: 'M12345678', mobile: '13912345678', name: '何·安娜' }, { id_type: '2', mobile: '13912345678', name: '何·安娜' }],
  ])('registers a Hong Kong/Macao/Taiwan applicant with %s (Traditional name, middle dot read as ·, mobile stored without spaces)', async (_what, patch, stored) => {
    const r = await call<{ registerNo: string }>(t.app, REGISTER, { body: await valid({ userRegisterType: 4, ...patch }) });
    expect(r.code).toBe(0);
    expect(await hmtRow(r.data.registerNo)).toMatchObject(stored);
  });

  it('a name registered with ‧ signs in as typed with · or ‧ (master sign-in compares names)', async () => {
    const body = await valid({ userRegisterType: 3, name: '瑪拉‧達利' });
    const r = await call<{ candidateNo: string }>(t.app, REGISTER, { body });
    expect(r.code).toBe(0);
    for (const name of ['瑪拉·達利', '瑪拉‧達利']) {
      const login = await call<{ token: string }>(t.app, '/api/v1/client/masterLogin', {
        body: { userRegisterType: 3, candidateNo: r.data.candidateNo, name, password: body.password, ...(await captcha(t.app)) },
      });
      expect(login.code).toBe(0);
    }
  });

  it('issues consecutive unique numbers, also when registrations race', async () => {
    const bodies = await Promise.all(Array.from({ length: 6 }, () => valid({ userRegisterType: 2 })));
    const replies = await Promise.all(bodies.map((body) => call<{ registerNo: string }>(t.app, REGISTER, { body })));
    const numbers = replies.map((r) => r.data.registerNo);
    expect(replies.every((r) => r.code === 0)).toBe(true);
    expect(new Set(numbers).size).toBe(6);
  });

  it('lets the new applicant sign in with the number issued', async () => {
    const body = await valid();
    const r = await call<{ registerNo: string }>(t.app, REGISTER, { body });
    const login = await call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', {
      body: { userRegisterType: 1, registerNo: r.data.registerNo, password: body.password, ...(await captcha(t.app)) },
    });
    expect(login.code).toBe(0);
    expect(login.data.token.length).toBeGreaterThanOrEqual(43);
  });

  it('refuses a second registration of the same person, type and year', async () => {
    const body = await valid();
    expect((await call(t.app, REGISTER, { body })).code).toBe(0);
    const again = await call(t.app, REGISTER, { body: { ...body, ...(await captcha(t.app)), email: 'other@example.edu' } });
    expect(again.code).toBe(1003);
    expect(again.msg).toContain('already registered');
  });

  it('accepts a lower-case x and stores the number upper-case', async () => {
    const id = withCheckDigit('11010519491231002').replace('X', 'x');
    const body = await valid({ idNumber: id.toLowerCase() });
    const r = await call<{ registerNo: string }>(t.app, REGISTER, { body });
    expect(r.code).toBe(0);
    const row = await t.app.ctx.db.selectFrom('app_user').select('id_number').where('applicant_number', '=', r.data.registerNo).executeTakeFirstOrThrow();
    expect(row.id_number).toBe(id.toUpperCase());
  });

  const badInputs: Array<[string, Record<string, unknown>, string]> = [
    ['missing type', { userRegisterType: undefined }, 'Application type: required'],
    ['unknown type', { userRegisterType: 9 }, 'Application type: not one of the allowed choices'],
    ['missing name', { name: undefined }, 'Name: required'],
    ['blank name', { name: '   ' }, 'Name: required'],
    ['name with digits', { name: 'Li4' }, 'Name: use Chinese characters or letters only'],
    ['name too long', { name: '李'.repeat(51) }, 'Name: too long'],
    ['name of wrong type', { name: 42 }, 'Name: wrong type of value'],
    ['unknown ID type', { idType: '7' }, 'ID document type: not one of the allowed choices'],
    ['permit for a mainland type', { idType: '2', idNumber: 'H12345678' }, 'ID document type: this document type cannot be used'],
    ['missing ID number', { idNumber: undefined }, 'ID number: required'],
    ['short ID number', { idNumber: '1101051949' }, 'ID number: must be 18 characters'],
    ['bad province', { idNumber: withCheckDigit('16010519900101123') }, 'ID number: the first two digits'],
    ['29 February 1999', { idNumber: withCheckDigit('44030419990229123') }, 'ID number: the date of birth'],
    ['wrong check digit', { idNumber: '110105194912310021' }, 'ID number: the last character'],
    ['bad HK permit', { userRegisterType: 4, idType: '2', idNumber: 'Z1234', mobile: '+85361234567' }, 'ID number: not in a valid format'],
    ['Taiwan permit of 10 digits', { userRegisterType: 4, idType: '3', idNumber: '1234567890', mobile: '+886912345678' }, 'ID number: not in a valid format'],
    ['residence permit of a mainland area', { userRegisterType: 4, idType: '5', idNumber: withCheckDigit('11010519990101123'), mobile: '+886912345678' }, 'ID number: a residence permit number begins 810000, 820000 or 830000'],
    ['residence permit with a wrong check digit', { userRegisterType: 4, idType: '5', idNumber: `81000019990101123${withCheckDigit('81000019990101123').endsWith('1') ? '2' : '1'}`, mobile: '+886912345678' }, 'ID number: the last character'],
    ['residence permit for a mainland type', { idType: '5', idNumber: withCheckDigit('81000019990101123') }, 'ID document type: this document type cannot be used'],
    ['HK mobile without its country code', { userRegisterType: 4, idType: '2', idNumber: 'H12345678', mobile: '91234567' }, 'Mobile number: needs its country code'],
    ['+852 landline as mobile', { userRegisterType: 4, idType: '2', idNumber: 'H12345678', mobile: '+852 2345 6789' }, 'Mobile number: needs its country code'],
    ['+886 with the trunk 0', { userRegisterType: 4, idType: '3', idNumber: '12345678', mobile: '+886 0912 345 678' }, 'Mobile number: needs its country code'],
    ['unknown sex', { sex: 'M' }, 'Sex: not one of the allowed choices'],
    ['bad e-mail', { email: 'not-an-address' }, 'E-mail: not a valid e-mail address'],
    ['bad mobile', { mobile: '12345' }, 'Mobile number: not a valid mobile number'],
    ['short password', { password: 'abc123' }, 'Password: at least 8 characters'],
    ['common password', { password: 'qwerty123' }, 'Password: too common'],
    ['long password', { password: 'p'.repeat(129) }, 'Password: at most 128 characters'],
    ['missing question', { securityQuestion: '' }, 'Security question: required'],
    ['missing answer', { securityAnswer: undefined }, 'Security answer: required'],
    ['missing captcha code', { code: undefined }, 'Verification code: required'],
    ['bad captcha uuid', { uuid: 'nope' }, 'Verification code: expired'],
  ];
  it.each(badInputs)('bad input (%s) gets a message naming the field and writes nothing', async (_name, patch, message) => {
    const before = await userCount();
    const r = await call(t.app, REGISTER, { body: await valid(patch) });
    expect(r.status).toBe(200);
    expect(r.code).toBe(400);
    expect(r.msg).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it('names the field in the caller language', async () => {
    const r = await call(t.app, REGISTER, { lang: 'ja', body: await valid({ idNumber: '110105194912310021' }) });
    expect(r.msg).toBe('身分証番号：末尾のチェック文字が一致しません');
    const es = await call(t.app, REGISTER, { lang: 'es-ES', body: await valid({ email: 'x' }) });
    expect(es.msg).toBe('Correo electrónico: no es una dirección de correo válida');
  });

  it('refuses unreadable JSON with a message and no change', async () => {
    const before = await userCount();
    const r = await call(t.app, REGISTER, { body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(r.code).toBe(400);
    expect(r.msg).toBe('The request could not be read.');
    expect(await userCount()).toBe(before);
  });

  it('refuses a multipart form sent to a JSON call with a message and no change', async () => {
    // Multipart is parsed only by the calls that take an upload (http/uploads.ts).
    const before = await userCount();
    const boundary = 'gradus-test-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n张伟\r\n--${boundary}--\r\n`;
    const r = await call(t.app, REGISTER, { lang: 'zh-CN', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(r.status).toBe(200);
    expect(r.code).toBe(400);
    expect(r.msg).toBe(translate('zh-CN', 'error.invalidBody'));
    expect(await userCount()).toBe(before);
  });

  it('refuses a wrong captcha and writes nothing', async () => {
    const before = await userCount();
    const r = await call(t.app, REGISTER, { body: { ...(await valid()), code: '0000' } });
    expect(r.code).toBe(1001);
    expect(await userCount()).toBe(before);
  });

  it('refuses registration outside the configured window', async () => {
    await setConfigValue(t.app.ctx.db, t.clock.now(), SUMMER_CAMP_AREA, 'registrationEnd', new Date(t.clock.now() - 1000).toISOString());
    const r = await call(t.app, REGISTER, { body: await valid({ userRegisterType: 3 }) });
    expect(r.code).toBe(409);
    expect(r.msg).toContain('not open');
    const portal = await call<{ registrationOpen: Record<string, boolean> }>(t.app, '/api/v1/client/portalInfo', { body: {} });
    expect(portal.data.registrationOpen['3']).toBe(false);
  });

  it('stores argon2id hashes, never the password or the answer', async () => {
    const body = await valid();
    const r = await call<{ registerNo: string }>(t.app, REGISTER, { body });
    const row = await t.app.ctx.db.selectFrom('app_user').selectAll().where('applicant_number', '=', r.data.registerNo).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.security_answer_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(body.password);
  });

  it('records the registration in the audit table without secrets', async () => {
    const body = await valid();
    const r = await call<{ registerNo: string }>(t.app, REGISTER, { body });
    const events = await t.app.ctx.db.selectFrom('audit_event').selectAll().where('subject', '=', r.data.registerNo).execute();
    expect(events.map((e) => e.event)).toContain('register');
    expect(JSON.stringify(events)).not.toContain(body.idNumber);
  });
});
