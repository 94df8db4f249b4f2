import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSectionSchemas, type CatalogueView, type FormDetailView, type SaveDraftResponse } from '@gradus/contract';
import { buildTestApp, call, signIn, type TestApp } from '../../../../test/harness';
import { seedCatalogue } from '../demo/catalogue';
import { catalogueIds, completeSections, type CatalogueIds } from './fixtures';

let t: TestApp;
let zhang: string;
let liu: string;
let ids: CatalogueIds;

beforeAll(async () => {
  t = await buildTestApp();
  // Idempotent: harmless once the demo seed calls it too.
  await seedCatalogue(t.app.ctx.db);
  t.app.ctx.cache.clear();
  ids = await catalogueIds(t.app.ctx.db);
  zhang = await signIn(t.app, 'assessment');
  liu = await signIn(t.app, 'successive');
});
afterAll(async () => t.close());

const url = (name: string) => `/mucgrs-service/doctor/form/${name}`;
const detail = (token = zhang, lang?: string) => call<FormDetailView>(t.app, url('detail'), { token, body: {}, ...(lang ? { lang } : {}) });
const save = (body: unknown, token = zhang, lang?: string) => call<SaveDraftResponse>(t.app, url('saveDraft'), { token, body, ...(lang ? { lang } : {}) });

describe('catalogue', () => {
  it('lists departments with their doctoral programmes, directions and supervisors in Chinese and English', async () => {
    const r = await call<CatalogueView>(t.app, url('catalogue'), { token: zhang, body: {} });
    expect(r.code).toBe(0);
    const cs = r.data.departments.find((d) => d.code === 'CS')!;
    expect(cs).toMatchObject({ nameZh: '计算机科学与技术学院', nameEn: 'School of Computer Science and Technology' });
    // Master's programmes are not a doctoral choice.
    expect(cs.programmes.map((p) => p.code)).toEqual(['CS-PHD-081200']);
    const direction = cs.programmes[0]!.directions.find((d) => d.id === ids.directionId)!;
    expect(direction.nameZh).toBe('自然语言处理与少数民族语言信息处理');
    expect(direction.supervisors[0]).toMatchObject({ id: ids.supervisorId, name: '王晓明', titleZh: '教授', titleEn: 'Professor' });
    expect(r.data.departments.map((d) => d.code)).toEqual(['CS', 'ECON', 'ETH']);
  });
});

describe('detail', () => {
  it('shows an applicant without a form: status none, version 0, personal details with the ID masked', async () => {
    const r = await detail(liu);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'none', version: 0, sections: {}, savedAt: null, submittedAt: null, reopenedSections: [], returnReason: null });
    expect(r.data.personal).toMatchObject({ name: '刘洋', registerNo: '2027200001', registerType: 2, sex: '0', idType: '1', recruitYear: '2027' });
    expect(r.data.personal.idNumber).toMatch(/^320\*{11}\w{4}$/);
    expect(JSON.stringify(r.raw.json())).not.toContain('32010219960512');
    expect(r.data.submission.open).toBe(true);
    expect(r.data.missingMaterials.length).toBeGreaterThan(0);
  });
});

describe('saveDraft', () => {
  it('saves an incomplete draft, then merges the next save section by section', async () => {
    const first = await save({ version: 0, sections: { contact: { mobile: '1380013', email: 'zhang@' }, education: [{ school: '北京大学' }] } });
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ status: 'draft', version: 1, savedAt: new Date(t.clock.now()).toISOString() });
    t.clock.advance(60_000);
    const second = await save({ version: 1, sections: { plan: { summary: '  short for now  ' } } });
    expect(second.data.version).toBe(2);
    const r = await detail();
    expect(r.data.status).toBe('draft');
    expect(r.data.version).toBe(2);
    expect(r.data.savedAt).toBe(new Date(t.clock.now()).toISOString());
    expect(r.data.sections.contact).toMatchObject({ mobile: '1380013', email: 'zhang@' });
    expect(r.data.sections.education).toEqual([{ school: '北京大学' }]);
    expect(r.data.sections.plan).toEqual({ summary: 'short for now' });
  });

  it('keeps each applicant to their own form', async () => {
    expect((await detail(liu)).data.status).toBe('none');
    const r = await save({ version: 0, sections: { plan: { summary: '刘洋的计划' } } }, liu);
    expect(r.data.version).toBe(1);
    expect((await detail()).data.sections.plan).toEqual({ summary: 'short for now' });
  });

  it('refuses a stale version with a clear 409 and keeps the saved text', async () => {
    const before = await detail();
    const r = await save({ version: before.data.version - 1, sections: { plan: { summary: 'from an old tab' } } });
    expect(r.code).toBe(409);
    expect(r.msg).toMatch(/changed in another window.*Reload/);
    const zh = await save({ version: 0, sections: { plan: { summary: 'x' } } }, zhang, 'zh-CN');
    expect(zh.msg).toContain('其他窗口');
    expect((await detail()).data).toMatchObject({ version: before.data.version, sections: { plan: { summary: 'short for now' } } });
  });

  it('accepts a whole valid form', async () => {
    const v = (await detail()).data.version;
    const r = await save({ version: v, sections: completeSections(ids) });
    expect(r.code).toBe(0);
    expect((await detail()).data.sections.intended).toEqual({ departmentId: ids.departmentId, programmeId: ids.programmeId, directionId: ids.directionId, supervisorId: ids.supervisorId });
  });

  it('takes a save sent again after its reply was lost: same content on the version before', async () => {
    const before = (await detail()).data;
    const body = { version: before.version, sections: { plan: { summary: 'sent once, reply lost' } } };
    const first = await save(body);
    expect(first.data.version).toBe(before.version + 1);
    t.clock.advance(5_000);
    const again = await save(body);
    expect(again.code).toBe(0);
    expect(again.data).toEqual(first.data);
    // Other content on that old version is still another window's change.
    const other = await save({ version: before.version, sections: { plan: { summary: 'from an old tab' } } });
    expect(other.code).toBe(409);
    expect((await detail()).data).toMatchObject({ version: before.version + 1, savedAt: first.data.savedAt, sections: { plan: { summary: 'sent once, reply lost' } } });
  });

  it('takes the current month, and an end month still ahead (a degree under way)', async () => {
    const v = (await detail()).data.version;
    const r = await save({ version: v, sections: { education: [{ fromMonth: '2026-11', toMonth: '2029-06', school: '北京大学' }], languages: [{ obtainedMonth: '2026-11' }] } });
    expect(r.code).toBe(0);
  });

  it.each([['010-62751234'], ['(0755) 8888 1234'], ['+852 2345 6789'], ['+86 10 6275 1234'], ['0571-87654321 ext 12'], ['13900139000'], ['+85291234567']])(
    'takes the emergency phone %s, a landline or a mobile',
    (phone) => {
      expect(completeSectionSchemas.contact.shape.emergencyPhone.safeParse(phone).success).toBe(true);
    },
  );
  it.each([['call me'], ['12345'], ['010--62751234'], ['+'], ['0'.repeat(21)], ['010-6275 1234 ext']])('refuses the emergency phone %s', (phone) => {
    expect(completeSectionSchemas.contact.shape.emergencyPhone.safeParse(phone).success).toBe(false);
  });

  const long = (n: number) => 'x'.repeat(n);
  const row = (over: Record<string, unknown>) => [{ ...over }];
  const badFields: Array<[string, () => Record<string, unknown>, string]> = [
    ['mobile of the wrong type', () => ({ contact: { mobile: 13800138000 } }), 'Contact and mailing address – Mobile number: wrong type of value'],
    ['mobile too long', () => ({ contact: { mobile: long(21) } }), 'Contact and mailing address – Mobile number: too long'],
    ['e-mail too long', () => ({ contact: { email: long(255) } }), 'Contact and mailing address – E-mail: too long'],
    ['mailing address too long', () => ({ contact: { mailingAddress: long(201) } }), 'Contact and mailing address – Mailing address: too long'],
    ['postcode too long', () => ({ contact: { postcode: long(11) } }), 'Contact and mailing address – Postcode: too long'],
    ['emergency contact too long', () => ({ contact: { emergencyName: long(51) } }), 'Emergency contact: too long'],
    ['relationship too long', () => ({ contact: { emergencyRelation: long(21) } }), 'Relationship: too long'],
    ['emergency phone too long', () => ({ contact: { emergencyPhone: long(31) } }), 'Emergency contact phone: too long'],
    ['education not a list', () => ({ education: { school: 'x' } }), 'Education history: wrong type of value'],
    ['an education row that is not an object', () => ({ education: ['Peking University'] }), 'Education history, row 1: wrong type of value'],
    ['contact that is not an object', () => ({ contact: 'phone me' }), 'Contact and mailing address: wrong type of value'],
    ['seven education rows', () => ({ education: Array.from({ length: 7 }, () => ({ school: 'x' })) }), 'Education history: at most 6 rows'],
    ['education month not a month', () => ({ education: row({ fromMonth: '2020-13' }) }), 'Education history, row 1 – From: use a year and month such as 2020-09'],
    ['education end month', () => ({ education: [{}, { toMonth: 'soon' }] }), 'Education history, row 2 – To: use a year and month'],
    ['school too long', () => ({ education: row({ school: long(101) }) }), 'Education history, row 1 – School or university: too long'],
    ['major too long', () => ({ education: row({ major: long(101) }) }), 'Education history, row 1 – Major: too long'],
    ['unknown degree', () => ({ education: row({ degree: 'phd' }) }), 'Education history, row 1 – Degree: not one of the allowed choices'],
    ['certificate number too long', () => ({ education: row({ degreeCertificateNo: long(51) }) }), 'Degree certificate number: too long'],
    ['seven work rows', () => ({ work: Array.from({ length: 7 }, () => ({})) }), 'Work history: at most 6 rows'],
    ['employer too long', () => ({ work: row({ employer: long(101) }) }), 'Work history, row 1 – Employer: too long'],
    ['position too long', () => ({ work: row({ position: long(51) }) }), 'Work history, row 1 – Position: too long'],
    ['work month', () => ({ work: row({ fromMonth: '2020' }) }), 'Work history, row 1 – From: use a year and month'],
    ['unknown achievement type', () => ({ research: row({ kind: 'poem' }) }), 'Research achievements, row 1 – Type: not one of the allowed choices'],
    ['achievement title too long', () => ({ research: row({ title: long(201) }) }), 'Research achievements, row 1 – Title: too long'],
    ['achievement details too long', () => ({ research: row({ detail: long(501) }) }), 'Research achievements, row 1 – Details: too long'],
    ['21 achievements', () => ({ research: Array.from({ length: 21 }, () => ({})) }), 'Research achievements: at most 20 rows'],
    ['unknown language', () => ({ languages: row({ language: 'klingon' }) }), 'Foreign-language qualifications, row 1 – Language: not one of the allowed choices'],
    ['certificate too long', () => ({ languages: row({ certificateType: long(51) }) }), 'Certificate or test: too long'],
    ['score too long', () => ({ languages: row({ score: long(21) }) }), 'Score or level: too long'],
    ['certificate month', () => ({ languages: row({ obtainedMonth: '2020/01' }) }), 'Obtained: use a year and month'],
    ['six languages', () => ({ languages: Array.from({ length: 6 }, () => ({})) }), 'Foreign-language qualifications: at most 5 rows'],
    // The test clock stands at 2026-11-22 in Beijing.
    ['an education start in the future', () => ({ education: row({ fromMonth: '2026-12' }) }), 'Education history, row 1 – From: cannot be in the future'],
    ['a work start in the future', () => ({ work: row({ fromMonth: '2027-01' }) }), 'Work history, row 1 – From: cannot be in the future'],
    ['a certificate obtained in the future', () => ({ languages: row({ obtainedMonth: '2030-05' }) }), 'Foreign-language qualifications, row 1 – Obtained: cannot be in the future'],
    ['department of the wrong type', () => ({ intended: { departmentId: 'CS' } }), 'Intended programme and supervisor – Department: wrong type of value'],
    ['negative programme id', () => ({ intended: { programmeId: -1 } }), 'Doctoral programme: wrong type of value'],
    ['unknown department', () => ({ intended: { departmentId: 999_999 } }), 'Department: not among the offered choices'],
    ['a master programme', () => ({ intended: { departmentId: ids.departmentId, programmeId: ids.masterProgrammeId } }), 'Doctoral programme: not among the offered choices'],
    ['a programme of another department', () => ({ intended: { departmentId: ids.departmentId, programmeId: ids.foreignProgrammeId } }), 'Doctoral programme: not among the offered choices'],
    ['a direction without its programme', () => ({ intended: { directionId: ids.directionId } }), 'Research direction: not among the offered choices'],
    ['a supervisor of another direction', () => ({ intended: { ...completeSections(ids).intended, supervisorId: ids.otherSupervisorId } }), 'Supervisor: not among the offered choices'],
    ['plan too long', () => ({ plan: { summary: long(3001) } }), 'Research plan summary – Summary: must have 200 to 3000 characters'],
    ['plan of the wrong type', () => ({ plan: { summary: 5 } }), 'Research plan summary – Summary: wrong type of value'],
    ['an unknown section', () => ({ hobbies: ['chess'] }), 'hobbies: not an accepted field'],
  ];
  it.each(badFields)('refuses %s, names it and saves nothing', async (_name, sections, message) => {
    const before = await detail();
    const r = await save({ version: before.data.version, sections: sections() });
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/^Not saved: /);
    expect(r.msg).toContain(message);
    const after = await detail();
    expect(after.data.version).toBe(before.data.version);
    expect(after.data.sections).toEqual(before.data.sections);
  });

  it.each([
    [{ sections: {} }, 'Form version: required'],
    [{ version: 'one', sections: {} }, 'Form version: wrong type of value'],
    [{ version: 1 }, 'Form sections: required'],
    [{ version: 1, sections: {}, extra: true }, 'extra: not an accepted field'],
  ])('refuses the body %o', async (body, message) => {
    const r = await save(body);
    expect(r.code).toBe(400);
    expect(r.msg).toContain(message);
  });

  it('says what is wrong in the caller’s language, several problems at once', async () => {
    const v = (await detail()).data.version;
    const r = await save({ version: v, sections: { contact: { mobile: 1 }, education: [{ school: long(101), major: long(101) }], plan: { summary: long(3001) }, work: [{ position: long(51) }] } }, zhang, 'zh-CN');
    expect(r.msg).toMatch(/^未保存：联系方式与通信地址 – 手机号码：/);
    expect(r.msg).toContain('教育经历第 1 行 – 学校');
    expect(r.msg).toContain('另有');
  });
});

describe('who may call', () => {
  const calls = ['catalogue', 'detail', 'saveDraft', 'submit', 'summaryPdf'];
  it.each([['reviewer'], ['admin'], ['camper'], ['tuimian']] as const)('refuses %s on every call with 403', async (who) => {
    const token = await signIn(t.app, who);
    for (const name of calls) {
      const r = await call(t.app, url(name), { token, body: name === 'saveDraft' ? { version: 0, sections: {} } : name === 'submit' ? { version: 0 } : {}, lang: 'zh-CN' });
      expect(r.code, name).toBe(403);
      expect(r.msg, name).toMatch(/权限/);
    }
    expect(await t.app.ctx.db.selectFrom('application_form').select('id').where('user_id', 'in', t.app.ctx.db.selectFrom('app_user').select('id').where('kind', '=', 'staff')).execute()).toEqual([]);
  });

  it('refuses every call without a session', async () => {
    for (const name of calls) expect((await call(t.app, url(name), { body: {} })).code, name).toBe(401);
  });

  it('refuses a body the read-only calls do not take', async () => {
    for (const name of ['catalogue', 'detail', 'summaryPdf']) expect((await call(t.app, url(name), { token: zhang, body: { userId: 2 } })).code, name).toBe(400);
  });
});
