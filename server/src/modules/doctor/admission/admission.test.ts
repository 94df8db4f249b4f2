import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cyclesOfJourney, DOCTOR_AREA } from '@gradus/contract';
import type { AdmissionDetailView, AdmissionKind, ArchiveInfo, NoticeInfo, PaperLetterInfo } from '@gradus/contract';
import { buildTestApp, call, signIn, type TestApp, runAdmin } from '../../../../test/harness';
import { pdfText } from '../../../../test/pdf';
import { UsageError } from '../../../cli/commands';
import { AppError } from '../../../lib/app-error';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { setReleased } from '../journey/releases';

/** The proposed admission on both doctoral cycles: the doctor one and the Hong Kong, Macao and Taiwan one (gat). */
const publishBoth = async (on: boolean) => {
  for (const cycle of cyclesOfJourney(DOCTOR_AREA)) await setReleased(db(), now(), 'proposedAdmission', on, { actor: PORTAL_ACTOR, cycle });
};
import { setTrackingNumber } from './staff';

let t: TestApp;
/** 张伟 (A) is admitted; 刘洋 (B) is admitted later for the wrong-owner tests; 陳嘉欣 has no decision. */
let a: string;
let b: string;
let hmt: string;
const users: Record<'a' | 'b' | 'hmt', { id: number; recruit_year: string }> = {} as never;
const NUMBERS = { a: '2027100001', b: '2027200001', hmt: '2027400001' } as const;

const db = () => t.app.ctx.db;
const now = () => t.clock.now();
const admin = (...argv: string[]) => runAdmin(t, ...argv);
const detail = <K extends AdmissionKind>(token: string, kind: K, lang?: string) =>
  call<AdmissionDetailView<K>>(t.app, '/mucgrs-service/doctor/admission/detail', { token, body: { kind }, ...(lang ? { lang } : {}) });
const save = (token: string, kind: AdmissionKind, data: unknown, lang?: string) =>
  call<{ updatedAt: string }>(t.app, '/mucgrs-service/doctor/admission/save', { token, body: { kind, data }, ...(lang ? { lang } : {}) });
const letter = (token: string) => call(t.app, '/mucgrs-service/doctor/admission/letterPdf', { token, body: {} });
const record = (who: 'a' | 'b', kind: AdmissionKind) =>
  db().selectFrom('admission_record').selectAll().where('user_id', '=', users[who].id).where('kind', '=', kind).executeTakeFirst();

async function decide(who: 'a' | 'b' | 'hmt', outcome: 'pass' | 'fail' | null): Promise<void> {
  const u = users[who];
  await db().deleteFrom('review_decision').where('user_id', '=', u.id).where('stage', '=', 'proposedAdmission').execute();
  if (outcome) {
    await db().insertInto('review_decision').values({ user_id: u.id, recruit_year: u.recruit_year, area: DOCTOR_AREA, stage: 'proposedAdmission', outcome, reason: null, decided_by: null, decided_at: now() }).execute();
  }
}

const ARCHIVE: ArchiveInfo = {
  archiveUnitName: '北京市海淀区人才交流中心',
  archiveUnitAddress: '北京市海淀区中关村大街 1 号',
  archivePostcode: '100080',
  archiveContactPerson: '李老师',
  archiveContactPhone: '010-62751234',
  heldByTalentCentre: true,
};
const NOTICE: NoticeInfo = {
  noticeRecipient: '张伟',
  noticeMobile: '13800138000',
  noticeProvince: '北京市',
  noticeCity: '北京市',
  noticeAddress: '海淀区学院路 30 号 5 号楼 201',
  noticePostcode: '100083',
};
const PAPER_LETTER: PaperLetterInfo = {
  letterRecipientUnit: '北京市海淀区人才交流中心档案室',
  letterAddress: '北京市海淀区中关村大街 1 号 3 层',
  letterPostcode: '100080',
  letterContactPerson: '王老师',
  letterContactPhone: '13912345678',
};

beforeAll(async () => {
  t = await buildTestApp();
  [a, b, hmt] = [await signIn(t.app, 'assessment'), await signIn(t.app, 'successive'), await signIn(t.app, 'hmt')];
  for (const who of ['a', 'b', 'hmt'] as const) {
    const row = await db().selectFrom('app_user').select(['id', 'recruit_year']).where('applicant_number', '=', NUMBERS[who]).executeTakeFirstOrThrow();
    users[who] = { id: row.id, recruit_year: row.recruit_year! };
    // Whatever the demo seed holds for them, these tests start from no paperwork.
    await db().deleteFrom('admission_record').where('user_id', '=', row.id).execute();
  }
  await decide('a', 'pass');
  await decide('b', 'fail');
  await decide('hmt', null);
  await publishBoth(false);
});
afterAll(async () => t.close());

describe('who may use admission paperwork', () => {
  it('nobody before the proposed admission is published, not even an admitted applicant', async () => {
    for (const r of [await detail(a, 'archive'), await save(a, 'archive', ARCHIVE), await letter(a)]) {
      expect(r.code).toBe(403);
      expect(r.msg).toMatch(/not available at your stage/);
    }
    expect(await record('a', 'archive')).toBeUndefined();
  });

  it('after publication: a failed applicant and one without a decision are refused, in their language', async () => {
    await publishBoth(true);
    for (const token of [b, hmt]) {
      const r = await save(token, 'notice', NOTICE, 'zh-CN');
      expect(r.code).toBe(403);
      expect(r.msg).toBe('您当前的报名阶段暂不能进行此操作。');
      expect((await detail(token, 'archive')).code).toBe(403);
      expect((await letter(token)).code).toBe(403);
    }
    expect(await record('b', 'notice')).toBeUndefined();
  });

  it.each([['reviewer'], ['admin'], ['camper'], ['tuimian']] as const)('is refused to %s', async (who) => {
    const token = await signIn(t.app, who);
    expect((await detail(token, 'archive')).code).toBe(403);
    expect((await save(token, 'archive', ARCHIVE)).code).toBe(403);
    expect((await letter(token)).code).toBe(403);
  });

  it('is refused without a session', async () => {
    expect((await call(t.app, '/mucgrs-service/doctor/admission/detail', { body: { kind: 'archive' } })).code).toBe(401);
    expect((await call(t.app, '/mucgrs-service/doctor/admission/letterPdf', { body: {} })).code).toBe(401);
  });
});

describe('an admitted applicant', () => {
  it('starts from suggestions: the notice address from the form and the name from registration', async () => {
    await db()
      .insertInto('application_form')
      .values({
        user_id: users.a.id,
        recruit_year: users.a.recruit_year,
        area: 'doctor',
        status: 'submitted',
        sections_json: JSON.stringify({ contact: { mobile: '13700137000', province: '北京市', city: '北京市', mailingAddress: '学院路 30 号', postcode: '100083' } }),
        version: 1,
        saved_at: now(),
        submitted_at: now(),
        created_at: now(),
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'recruit_year', 'area']).doUpdateSet({
          sections_json: JSON.stringify({ contact: { mobile: '13700137000', province: '北京市', city: '北京市', mailingAddress: '学院路 30 号', postcode: '100083' } }),
        }),
      )
      .execute();
    const r = await detail(a, 'notice');
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ kind: 'notice', saved: false, updatedAt: null, trackingNumber: null, editable: true, lock: null });
    expect(r.data.data).toEqual({ noticeRecipient: '张伟', noticeMobile: '13700137000', noticeProvince: '北京市', noticeCity: '北京市', noticeAddress: '学院路 30 号', noticePostcode: '100083' });
    expect((await detail(a, 'archive')).data.data).toEqual({});
    expect((await detail(a, 'paperLetter')).data.data).toEqual({});
  });

  it('saves the archive-holding unit, reads it back, and the menus are recomputed', async () => {
    let loads = 0;
    t.app.ctx.cache.delete(`gates:${users.a.id}`);
    await t.app.ctx.cache.get(`gates:${users.a.id}`, async () => ++loads);
    const r = await save(a, 'archive', { ...ARCHIVE, archivePostcode: ' 100 080 ', archiveContactPhone: '010 6275 1234' });
    expect(r.code).toBe(0);
    expect(r.data.updatedAt).toBe(new Date(now()).toISOString());
    await t.app.ctx.cache.get(`gates:${users.a.id}`, async () => ++loads);
    expect(loads).toBe(2);
    const back = await detail(a, 'archive');
    expect(back.data).toMatchObject({ saved: true, updatedAt: r.data.updatedAt, trackingNumber: null, editable: true });
    // Spaces typed inside numbers are dropped, not refused.
    expect(back.data.data).toEqual({ ...ARCHIVE, archivePostcode: '100080', archiveContactPhone: '01062751234' });
  });

  it('the paper letter starts from the archive unit, and saves its own mailing info', async () => {
    const start = await detail(a, 'paperLetter');
    expect(start.data.data).toMatchObject({ letterRecipientUnit: ARCHIVE.archiveUnitName, letterPostcode: '100080', letterContactPerson: '李老师' });
    expect((await save(a, 'paperLetter', PAPER_LETTER)).code).toBe(0);
    expect((await detail(a, 'paperLetter')).data).toMatchObject({ saved: true, data: PAPER_LETTER });
  });

  it('saves the notice address and changes it again while the stage is open', async () => {
    expect((await save(a, 'notice', NOTICE)).code).toBe(0);
    t.clock.advance(60_000);
    expect((await save(a, 'notice', { ...NOTICE, noticeAddress: '海淀区学院路 37 号' })).code).toBe(0);
    const r = await detail(a, 'notice');
    expect(r.data.data.noticeAddress).toBe('海淀区学院路 37 号');
    expect(r.data.updatedAt).toBe(new Date(now()).toISOString());
    const rows = await db().selectFrom('admission_record').select('id').where('user_id', '=', users.a.id).where('kind', '=', 'notice').execute();
    expect(rows).toHaveLength(1);
  });
});

type Case = [AdmissionKind, string, unknown, RegExp];
const BAD: Case[] = [
  ['archive', 'archiveUnitName', '', /Unit holding your personnel file: required/],
  ['archive', 'archiveUnitName', 'x'.repeat(101), /Unit holding your personnel file: too long/],
  ['archive', 'archiveUnitAddress', '   ', /Address of that unit: required/],
  ['archive', 'archivePostcode', '10008', /Postcode of that unit: must be 6 digits/],
  ['archive', 'archivePostcode', 'ABCDEF', /Postcode of that unit: must be 6 digits/],
  ['archive', 'archiveContactPerson', '李老师123', /Contact person at that unit: use Chinese characters or letters only/],
  ['archive', 'archiveContactPhone', '62751234', /Contact phone of that unit: enter a mainland mobile number or a landline with its area code/],
  ['archive', 'archiveContactPhone', '1380013800', /Contact phone of that unit: enter a mainland mobile/],
  ['archive', 'heldByTalentCentre', 'yes', /Held by a talent-exchange centre: wrong type of value/],
  ['archive', 'heldByTalentCentre', undefined, /Held by a talent-exchange centre: required/],
  ['notice', 'noticeRecipient', '', /Recipient: required/],
  ['notice', 'noticeMobile', '010-62751234', /Recipient mobile number: not a valid mobile number/],
  ['notice', 'noticeProvince', '', /Province: required/],
  ['notice', 'noticeCity', 'x'.repeat(31), /City: too long/],
  ['notice', 'noticeAddress', 42, /Detailed address: wrong type of value/],
  ['notice', 'noticePostcode', '1000830', /Postcode: must be 6 digits/],
  ['paperLetter', 'letterRecipientUnit', '', /Receiving unit: required/],
  ['paperLetter', 'letterAddress', '', /Mailing address: required/],
  ['paperLetter', 'letterPostcode', '', /Postcode: required/],
  ['paperLetter', 'letterContactPerson', '@@', /Contact person: use Chinese characters or letters only/],
  ['paperLetter', 'letterContactPhone', '12345', /Contact phone: enter a mainland mobile/],
];
const GOOD = { archive: ARCHIVE, notice: NOTICE, paperLetter: PAPER_LETTER };

describe('bad input names the field and saves nothing', () => {
  it.each(BAD)('%s.%s = %j', async (kind, field, value, message) => {
    const before = await record('a', kind);
    t.clock.advance(1000);
    const r = await save(a, kind, { ...GOOD[kind], [field]: value });
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(message);
    expect(await record('a', kind)).toEqual(before);
  });

  it('in the caller language', async () => {
    const r = await save(a, 'archive', { ...ARCHIVE, archivePostcode: '1' }, 'zh-CN');
    expect(r.msg).toBe('档案所在单位邮编：应为 6 位数字');
  });

  it('refuses an unknown kind, a missing data object and fields it does not take', async () => {
    const before = await record('a', 'archive');
    const unknownKind = await call(t.app, '/mucgrs-service/doctor/admission/save', { token: a, body: { kind: 'diploma', data: ARCHIVE } });
    expect(unknownKind.code).toBe(400);
    expect(unknownKind.msg).toMatch(/Kind: not one of the allowed choices/);
    const noData = await call(t.app, '/mucgrs-service/doctor/admission/save', { token: a, body: { kind: 'archive' } });
    expect(noData.code).toBe(400);
    expect(noData.msg).toMatch(/Information: required/);
    expect((await save(a, 'archive', { ...ARCHIVE, userId: users.b.id })).code).toBe(400);
    expect((await call(t.app, '/mucgrs-service/doctor/admission/save', { token: a, body: { kind: 'archive', data: ARCHIVE, userId: users.b.id } })).code).toBe(400);
    expect((await call(t.app, '/mucgrs-service/doctor/admission/detail', { token: a, body: {} })).code).toBe(400);
    expect(await record('a', 'archive')).toEqual(before);
  });
});

describe('one applicant never reaches another', () => {
  it("B, once admitted, sees only B's own (empty) records and B's save leaves A's untouched", async () => {
    await decide('b', 'pass');
    const aArchive = await record('a', 'archive');
    const r = await detail(b, 'archive');
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ saved: false, data: {} });
    expect(JSON.stringify(r.raw.json())).not.toContain(ARCHIVE.archiveUnitName);
    // B's paper letter is not prefilled from A's archive unit either.
    expect((await detail(b, 'paperLetter')).data.data).toEqual({});
    expect((await save(b, 'archive', { ...ARCHIVE, archiveUnitName: '上海市人才服务中心' })).code).toBe(0);
    expect(await record('a', 'archive')).toEqual(aArchive);
    expect((await detail(a, 'archive')).data.data.archiveUnitName).toBe(ARCHIVE.archiveUnitName);
  });
});

describe('a Hong Kong, Macao or Taiwan applicant', () => {
  it('may give a mobile number outside the mainland for the notice; a mainland applicant may not', async () => {
    await decide('hmt', 'pass');
    expect((await detail(hmt, 'notice')).data.internationalMobile).toBe(true);
    expect((await detail(a, 'notice')).data.internationalMobile).toBe(false);
    expect((await save(hmt, 'notice', { ...NOTICE, noticeMobile: '+852 9123 4567' })).code).toBe(0);
    expect((await detail(hmt, 'notice')).data.data.noticeMobile).toBe('+85291234567');
    expect((await save(hmt, 'notice', { ...NOTICE, noticeMobile: '13800138000' })).code).toBe(0);

    const before = await record('a', 'notice');
    const refused = await save(a, 'notice', { ...NOTICE, noticeMobile: '+852 9123 4567' });
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('Recipient mobile number: not a valid mobile number');
    expect(await record('a', 'notice')).toEqual(before);
  });

  it('posts the notice to a Hong Kong address without a postcode, but never a mainland applicant’s', async () => {
    const { noticePostcode: _none, ...withoutPostcode } = NOTICE;
    expect((await save(hmt, 'notice', { ...withoutPostcode, noticeProvince: '香港', noticeCity: '九龍', noticeAddress: '九龍塘達之路83號', noticeMobile: '+852 9123 4567' })).code).toBe(0);
    expect((await detail(hmt, 'notice')).data.data).not.toHaveProperty('noticePostcode');
    const mismatch = await save(hmt, 'notice', { ...NOTICE, noticeMobile: '+852 2345 6789' });
    expect(mismatch.code).toBe(400);
    expect(mismatch.msg).toMatch(/^Recipient mobile number: needs its country code/);

    const before = await record('a', 'notice');
    const refused = await save(a, 'notice', withoutPostcode);
    expect(refused.code).toBe(400);
    expect(refused.msg).toMatch(/postcode: required/i);
    expect(await record('a', 'notice')).toEqual(before);
  });

  it('has no personnel file to name and no file-transfer letter: the notice is their paperwork', async () => {
    const archive = (await detail(hmt, 'archive')).data;
    expect(archive).toMatchObject({ applies: false, editable: false, data: {} });
    expect((await detail(hmt, 'paperLetter')).data.applies).toBe(false);
    expect((await detail(hmt, 'notice')).data.applies).toBe(true);
    expect((await detail(a, 'archive')).data.applies).toBe(true);
    const rows = () => db().selectFrom('admission_record').select('kind').where('user_id', '=', users.hmt.id).execute();
    const before = await rows();
    for (const kind of ['archive', 'paperLetter'] as const) {
      const refused = await save(hmt, kind, kind === 'archive' ? ARCHIVE : PAPER_LETTER, 'zh-CN');
      expect(refused.code).toBe(409);
      expect(refused.msg).toBe('港澳台考生在内地没有人事档案，无需填写档案所在单位，也没有调档函。未做任何更改。');
    }
    const noLetter = await letter(hmt);
    expect(noLetter.code).toBe(409);
    expect(noLetter.msg).toMatch(/^Applicants from Hong Kong, Macao and Taiwan have no personnel file/);
    expect(await rows()).toEqual(before);
    // With the notice's address saved (above), the timeline counts the paperwork as done.
    const journey = await call<{ stages: { stage: string; state: string }[] }>(t.app, '/mucgrs-service/doctor/journey', { token: hmt, body: {} });
    expect(journey.data.stages.find((s) => s.stage === 'admissionPaperwork')?.state).toBe('done');
  });

  it('still gets a translated refusal for what is no phone number at all, and nothing changes', async () => {
    const hmtNotice = () => db().selectFrom('admission_record').selectAll().where('user_id', '=', users.hmt.id).where('kind', '=', 'notice').executeTakeFirst();
    const before = await hmtNotice();
    const r = await save(hmt, 'notice', { ...NOTICE, noticeMobile: 'call me' }, 'zh-CN');
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/^收件人手机号：/);
    expect(await hmtNotice()).toEqual(before);
    await decide('hmt', null);
  });
});

describe('the file-transfer letter', () => {
  it('is refused until the archive unit is saved', async () => {
    await db().deleteFrom('admission_record').where('user_id', '=', users.b.id).execute();
    const r = await letter(b);
    expect(r.code).toBe(404);
    expect(r.msg).toMatch(/unit holding your personnel file first/);
  });

  it('names the applicant in Chinese, the registration number, the programme and the archive unit', async () => {
    const programme = await db().selectFrom('programme').select(['id', 'name_zh']).where('code', '=', 'CS-PHD-081200').executeTakeFirstOrThrow();
    await db()
      .updateTable('application_form')
      .set({ sections_json: JSON.stringify({ application: { departmentId: 1, programmeId: programme.id } }) })
      .where('user_id', '=', users.a.id)
      .execute();
    await admin('set-stage', '--stage', 'admissionPaperwork', '--closes', '2027-06-30T17:00:00+08:00');
    const r = await letter(a);
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toBe('application/pdf');
    expect(r.raw.headers['cache-control']).toBe('private, no-store');
    expect(String(r.raw.headers['content-disposition'])).toContain(encodeURIComponent('张伟-调档函.pdf'));
    const text = await pdfText(r.raw.rawPayload);
    expect(text).toContain('调 档 函');
    expect(text).toContain('张伟');
    expect(text).toContain('2027100001');
    expect(text).toContain(ARCHIVE.archiveUnitName);
    expect(text).toContain(programme.name_zh);
    expect(text).toContain('2027年6月30日');
  });
});

describe('when the stage window closes', () => {
  it('everything is read-only with a clear message, and the letter can still be printed', async () => {
    await admin('set-stage', '--stage', 'admissionPaperwork', '--closes', new Date(now() - 1000).toISOString());
    const r = await detail(a, 'archive');
    expect(r.data).toMatchObject({ saved: true, editable: false, lock: 'closed' });
    const before = await record('a', 'archive');
    const refused = await save(a, 'archive', { ...ARCHIVE, archiveUnitName: '改名' });
    expect(refused.code).toBe(403);
    expect(refused.msg).toMatch(/period has closed; these details can no longer be changed/);
    expect(await record('a', 'archive')).toEqual(before);
    expect((await letter(a)).status).toBe(200);
  });

  it('and before it opens, says so', async () => {
    await admin('set-stage', '--stage', 'admissionPaperwork', '--opens', new Date(now() + 86_400_000).toISOString(), '--closes', new Date(now() + 10 * 86_400_000).toISOString());
    expect((await detail(a, 'notice')).data).toMatchObject({ editable: false, lock: 'notOpen' });
    const r = await save(a, 'notice', NOTICE);
    expect(r.code).toBe(403);
    expect(r.msg).toMatch(/has not opened yet/);
    await admin('set-stage', '--stage', 'admissionPaperwork', '--opens', new Date(now() - 86_400_000).toISOString());
    expect((await detail(a, 'notice')).data).toMatchObject({ editable: true, lock: null });
  });
});

describe('staff record the tracking number', () => {
  it.each([
    [['set-tracking', '--applicant', NUMBERS.a, '--kind', 'notice', '--number', 'EA123'], /8 to 30 letters or digits/],
    [['set-tracking', '--applicant', NUMBERS.a, '--kind', 'notice', '--number', 'EA-1234-5678-CN'], /8 to 30 letters or digits/],
    [['set-tracking', '--applicant', NUMBERS.a, '--kind', 'notice', '--number', 'A'.repeat(31)], /8 to 30 letters or digits/],
    [['set-tracking', '--applicant', NUMBERS.a, '--kind', 'archive', '--number', 'EA123456789CN'], /--kind must be one of notice, paperLetter/],
    [['set-tracking', '--applicant', '2027999999', '--kind', 'notice', '--number', 'EA123456789CN'], /no applicant with number/],
    [['set-tracking', '--applicant', NUMBERS.a, '--kind', 'notice'], /missing --number/],
    [['set-tracking', '--applicant', NUMBERS.b, '--kind', 'notice', '--number', 'EA123456789CN'], /not given this mailing address/],
  ])('refuses %o', async (argv, message) => {
    const before = await record('a', 'notice');
    await expect(admin(...argv)).rejects.toThrow(UsageError);
    await expect(admin(...argv)).rejects.toThrow(message);
    expect(await record('a', 'notice')).toEqual(before);
  });

  it('the service refuses a bad number for the back office too', async () => {
    await expect(setTrackingNumber(db(), now(), { userId: users.a.id, recruitYear: users.a.recruit_year, kind: 'notice', trackingNumber: 'no spaces allowed' }, PORTAL_ACTOR)).rejects.toBeInstanceOf(AppError);
  });

  it('the applicant then sees it with the posting date, and that address is locked', async () => {
    expect(await admin('set-tracking', '--applicant', NUMBERS.a, '--kind', 'notice', '--number', 'ea123456789cn')).toMatch(/tracking number EA123456789CN/);
    const r = await detail(a, 'notice');
    expect(r.data).toMatchObject({ trackingNumber: 'EA123456789CN', postedAt: new Date(now()).toISOString(), editable: false, lock: 'posted' });
    const refused = await save(a, 'notice', NOTICE, 'zh-CN');
    expect(refused.code).toBe(403);
    expect(refused.msg).toBe('研究生院已按此地址寄出，地址不能再修改。');
    // The paper letter has not been posted: still editable, no number.
    expect((await detail(a, 'paperLetter')).data).toMatchObject({ trackingNumber: null, postedAt: null, editable: true });
    expect((await save(a, 'paperLetter', PAPER_LETTER)).code).toBe(0);
    expect(await admin('set-tracking', '--applicant', NUMBERS.a, '--kind', 'paperLetter', '--number', 'SF1234567890123')).toMatch(/paperLetter posted/);
    expect((await detail(a, 'paperLetter')).data.trackingNumber).toBe('SF1234567890123');
  });

  it('each tracking number entered leaves an audit row naming the applicant', async () => {
    const rows = await db().selectFrom('audit_event').selectAll().where('event', '=', 'admission.post').orderBy('id').execute();
    expect(rows.map((r) => [r.subject, JSON.parse(r.detail!).kind, JSON.parse(r.detail!).trackingNumber])).toEqual([
      [NUMBERS.a, 'notice', 'EA123456789CN'],
      [NUMBERS.a, 'paperLetter', 'SF1234567890123'],
    ]);
  });

  it('withdrawing the release closes it all again', async () => {
    await publishBoth(false);
    expect((await detail(a, 'notice')).code).toBe(403);
    await publishBoth(true);
  });
});
