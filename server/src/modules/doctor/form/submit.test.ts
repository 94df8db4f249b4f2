import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetailView, MenuView, SaveDraftResponse, SubmitFormResponse } from '@gradus/contract';
import { buildTestApp, call, signIn, type TestApp, runAdmin, testActorId } from '../../../../test/harness';
import { pdfText } from '../../../../test/pdf';
import { UsageError } from '../../../cli/commands';
import { seedCatalogue } from '../demo/catalogue';
import { catalogueIds, completeSections, uploadRequiredMaterials, type CatalogueIds } from './fixtures';
import { lockApplicant } from '../materials/repo';
import { returnForm } from './staff';

let t: TestApp;
let token: string;
let ids: CatalogueIds;
let zhang: { userId: number; recruitYear: string };

beforeAll(async () => {
  t = await buildTestApp();
  await seedCatalogue(t.app.ctx.db);
  ids = await catalogueIds(t.app.ctx.db);
  token = await signIn(t.app, 'assessment');
  const row = await t.app.ctx.db.selectFrom('app_user').select(['id', 'recruit_year']).where('applicant_number', '=', '2027100001').executeTakeFirstOrThrow();
  zhang = { userId: row.id, recruitYear: row.recruit_year! };
});
afterAll(async () => t.close());

const url = (name: string) => `/mucgrs-service/doctor/form/${name}`;
const detail = async () => (await call<FormDetailView>(t.app, url('detail'), { token, body: {} })).data;
const save = (body: unknown, lang?: string) => call<SaveDraftResponse>(t.app, url('saveDraft'), { token, body, ...(lang ? { lang } : {}) });
const submit = async (version?: number, lang?: string) =>
  call<SubmitFormResponse>(t.app, url('submit'), { token, body: { version: version ?? (await detail()).version }, ...(lang ? { lang } : {}) });
const admin = (...argv: string[]) => runAdmin(t, ...argv);
const iso = (offsetMs: number) => new Date(t.clock.now() + offsetMs).toISOString();
const DAY = 86_400_000;

describe('submitting', () => {
  it('refuses when there is no form yet', async () => {
    const r = await submit(0);
    expect(r.code).toBe(404);
    expect(r.msg).toMatch(/no registration form yet/);
  });

  it('names the first problems of an incomplete form, changes nothing', async () => {
    const sections = completeSections(ids);
    await save({ version: 0, sections: { contact: { ...sections.contact, email: 'zhang@' }, education: [{ ...sections.education[0]!, fromMonth: '2019-09', toMonth: '2018-06' }] } });
    const r = await submit();
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/^The form cannot be submitted yet: /);
    expect(r.msg).toContain('Contact and mailing address – E-mail: not a valid e-mail address');
    expect(r.msg).toContain('Education history, row 1 – To: ends before it starts');
    expect(r.msg).toContain('Intended programme and supervisor: not filled in yet');
    expect(r.msg).toContain('(and 1 more)');
    expect((await detail()).status).toBe('draft');
  });

  const contact = () => completeSections(ids).contact;
  it.each([
    ['a plan under 200 characters', () => ({ plan: { summary: '太短了' } }), 'Research plan summary – Summary: must have 200 to 3000 characters'],
    ['no education row', () => ({ education: [] }), 'Education history: required'],
    ['a half-filled education row', () => ({ education: [{ school: '北京大学' }] }), 'Education history, row 1 – From: required'],
    ['a bad mobile number', () => ({ contact: { ...contact(), mobile: '12345' } }), 'Mobile number: not a valid mobile number'],
    ['a bad emergency phone', () => ({ contact: { ...contact(), emergencyPhone: 'call me' } }), 'Emergency contact phone: not a valid phone number'],
    ['a bad postcode', () => ({ contact: { ...contact(), postcode: '!!' } }), 'Postcode: not a valid postcode'],
    ['a missing mailing address', () => ({ contact: { ...contact(), mailingAddress: '  ' } }), 'Mailing address: required'],
    ['an unfinished intended choice', () => ({ intended: { departmentId: ids.departmentId } }), 'Doctoral programme: required'],
    ['a work row without employer', () => ({ work: [{ fromMonth: '2021-07', position: '工程师' }] }), 'Work history, row 1 – Employer: required'],
    ['a language row without score', () => ({ languages: [{ language: 'english', certificateType: 'IELTS', obtainedMonth: '2020-01' }] }), 'Score or level: required'],
    ['an achievement without title', () => ({ research: [{ kind: 'paper' }] }), 'Research achievements, row 1 – Title: required'],
  ])('refuses %s', async (_name, change, message) => {
    const v = (await detail()).version;
    // Drafts take it; submission does not.
    expect((await save({ version: v, sections: { ...completeSections(ids), ...change() } })).code).toBe(0);
    await uploadRequiredMaterials(t.app.ctx.db, zhang, t.clock.now());
    const r = await submit();
    expect(r.code).toBe(400);
    expect(r.msg).toContain(message);
    expect((await detail()).status).toBe('draft');
  });

  it('refuses until the required materials are uploaded', async () => {
    await t.app.ctx.db.deleteFrom('application_material').where('user_id', '=', zhang.userId).execute();
    await save({ version: (await detail()).version, sections: completeSections(ids) });
    const r = await submit(undefined, 'zh-CN');
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/^请先上传必需的材料：证件照、/);
    expect((await detail()).status).toBe('draft');
  });

  it('refuses outside the submission window, and says when it opens', async () => {
    await uploadRequiredMaterials(t.app.ctx.db, zhang, t.clock.now());
    await admin('set-stage', '--stage', 'formSubmitted', '--opens', '2026-12-01T09:00:00+08:00');
    const early = await submit();
    expect(early.code).toBe(403);
    expect(early.msg).toBe('Form submission opens on 2026-12-01 09:00.');
    expect((await detail()).submission).toMatchObject({ open: false, closed: false, opensAt: '2026-12-01T01:00:00.000Z' });
    // A draft can still be prepared before submission opens.
    expect((await save({ version: (await detail()).version, sections: {} })).code).toBe(0);
    await admin('set-stage', '--stage', 'formSubmitted', '--opens', iso(-DAY));

    await admin('set-stage', '--stage', 'registration', '--closes', iso(-1000));
    const late = await submit();
    expect(late.code).toBe(403);
    expect(late.msg).toMatch(/registration period is over/);
    expect((await save({ version: (await detail()).version, sections: { plan: { summary: 'late' } } })).code).toBe(403);
    expect((await detail()).submission).toMatchObject({ open: false, closed: true });
    await admin('set-stage', '--stage', 'registration', '--closes', iso(60 * DAY));
    expect((await detail()).status).toBe('draft');
  });

  it('refuses a stale version', async () => {
    const v = (await detail()).version;
    const r = await submit(v - 1);
    expect(r.code).toBe(409);
    expect((await detail()).status).toBe('draft');
  });

  it('locks a complete form with its materials, and opens the submitted-form menus', async () => {
    const v = (await detail()).version;
    const r = await submit(v);
    expect(r.code).toBe(0);
    expect(r.data).toEqual({ status: 'submitted', version: v + 1, submittedAt: new Date(t.clock.now()).toISOString() });
    const d = await detail();
    expect(d).toMatchObject({ status: 'submitted', version: v + 1, submittedAt: r.data.submittedAt });
    const menus = await call<{ sysMenuList: MenuView[] }>(t.app, '/mucgrs-service/system/user/getUserInfo', { token });
    expect(menus.data.sysMenuList.map((m) => m.menuName)).toContain('menu.partInfo.showPartInfo');
  });

  it('submitting twice says so and changes nothing', async () => {
    const before = await detail();
    for (const version of [before.version, before.version - 1]) {
      const r = await submit(version);
      expect(r.code).toBe(409);
      expect(r.msg).toBe('The form has already been submitted. Nothing was changed.');
    }
    expect(await detail()).toEqual(before);
  });

  it('refuses any edit after submission', async () => {
    const before = await detail();
    const r = await save({ version: before.version, sections: { plan: { summary: 'changed my mind' } } });
    expect(r.code).toBe(409);
    expect(r.msg).toMatch(/submitted and is locked/);
    expect(await detail()).toEqual(before);
  });
});

describe('the printable summary', () => {
  it('is a PDF with the Chinese name, number, masked ID and every section', async () => {
    const r = await call(t.app, url('summaryPdf'), { token, body: {}, lang: 'zh-CN' });
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toBe('application/pdf');
    expect(r.raw.headers['cache-control']).toBe('private, no-store');
    expect(r.raw.headers['content-disposition']).toContain(encodeURIComponent('2027100001 张伟 报名表.pdf'));
    const text = (await pdfText(r.raw.rawPayload)).replace(/\s+/g, '');
    for (const expected of ['博士研究生招生考试报名表', '张伟', '2027100001', '110***********', '已提交', '北京大学', '华为技术有限公司', '面向藏语的低资源神经机器翻译', 'CET-6', '计算机科学与技术学院', '自然语言处理与少数民族语言信息处理', '王晓明', '研究计划摘要']) {
      expect(text, expected).toContain(expected);
    }
    const fullId = (await t.app.ctx.db.selectFrom('app_user').select('id_number').where('id', '=', zhang.userId).executeTakeFirstOrThrow()).id_number!;
    expect(text).not.toContain(fullId);
  });

  it('prints in English with the catalogue names in both languages', async () => {
    const r = await call(t.app, url('summaryPdf'), { token, body: {}, lang: 'en' });
    const text = await pdfText(r.raw.rawPayload);
    expect(text).toContain('Doctoral Admission Examination Registration Form');
    expect(text).toContain('School of Computer Science and Technology');
  });

  it('is refused to an applicant without a form', async () => {
    const r = await call(t.app, url('summaryPdf'), { token: await signIn(t.app, 'hmt'), body: {} });
    expect(r.code).toBe(404);
  });
});

describe('returning a form for corrections', () => {
  it('the CLI reopens exactly the named sections with the reason', async () => {
    const out = await admin('return-form', '--applicant', '2027100001', '--sections', 'contact,plan', '--reason', '请补充紧急联系人与研究计划');
    expect(out).toContain('reopened: contact, plan');
    const d = await detail();
    expect(d).toMatchObject({ status: 'returned', reopenedSections: ['contact', 'plan'], returnReason: '请补充紧急联系人与研究计划' });
  });

  it('lets the applicant change the reopened sections only', async () => {
    const d = await detail();
    const locked = await save({ version: d.version, sections: { education: [{ ...d.sections.education![0], school: '复旦大学' }] } });
    expect(locked.code).toBe(403);
    expect(locked.msg).toBe('Only the sections the reviewer reopened can be changed (Contact and mailing address, Research plan summary).');
    // Sending everything back, with only a reopened section changed, is fine.
    const ok = await save({ version: d.version, sections: { ...d.sections, contact: { ...d.sections.contact, emergencyPhone: '13700137000' } } });
    expect(ok.code).toBe(0);
    expect(ok.data.status).toBe('returned');
    expect((await detail()).sections.contact?.emergencyPhone).toBe('13700137000');
  });

  it('takes the corrected form again and clears the return', async () => {
    const r = await submit();
    expect(r.code).toBe(0);
    expect(await detail()).toMatchObject({ status: 'submitted', reopenedSections: [], returnReason: null });
  });

  it('refuses to return a form that is not submitted, or with bad input', async () => {
    const hmt = await t.app.ctx.db.selectFrom('app_user').select(['id', 'recruit_year']).where('applicant_number', '=', '2027400001').executeTakeFirstOrThrow();
    await expect(returnForm(t.app.ctx.db, t.clock.now(), { userId: hmt.id, recruitYear: hmt.recruit_year!, sections: ['plan'], reason: 'x' })).rejects.toMatchObject({ code: 404 });
    await expect(returnForm(t.app.ctx.db, t.clock.now(), { ...zhang, sections: [], reason: 'x' })).rejects.toMatchObject({ code: 400 });
    await expect(returnForm(t.app.ctx.db, t.clock.now(), { ...zhang, sections: ['plan'], reason: ' ' })).rejects.toMatchObject({ code: 400 });
    await admin('return-form', '--applicant', '2027100001', '--sections', 'plan', '--reason', 'once');
    await expect(admin('return-form', '--applicant', '2027100001', '--sections', 'plan', '--reason', 'twice')).rejects.toThrow('Only a submitted form can be returned');
    expect((await detail()).returnReason).toBe('once');
  });

  it.each([
    [['return-form', '--applicant', '2027100001', '--sections', 'contact,hobbies', '--reason', 'x'], /--sections must be one of/],
    [['return-form', '--applicant', '2027100001', '--sections', 'plan'], /missing --reason/],
    [['return-form', '--applicant', '9999999999', '--sections', 'plan', '--reason', 'x'], /no applicant/],
  ])('the CLI refuses %o', async (argv, message) => {
    await expect(admin(...argv)).rejects.toThrow(UsageError);
    await expect(admin(...argv)).rejects.toThrow(message);
  });
});

describe('a returned form has its own correction deadline', () => {
  const lastReturnAudit = async () =>
    t.app.ctx.db.selectFrom('audit_event').selectAll().where('event', '=', 'form.return').orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('is a week after the return by default, shown in the detail and audited', async () => {
    // Left returned (plan) by the tests above, without a deadline named.
    const d = await detail();
    expect(d).toMatchObject({ status: 'returned', returnedUntil: iso(7 * DAY), submission: { open: true, closed: false, closesAt: iso(7 * DAY) } });
    const row = await lastReturnAudit();
    // Staff commands act as a named staff member (issue #8): the row says who returned it.
    expect(row).toMatchObject({ at: t.clock.now(), user_id: await testActorId(t) });
    expect(JSON.parse(row.detail!)).toMatchObject({ applicantUserId: zhang.userId, sections: ['plan'], reason: 'once', returnedUntil: iso(7 * DAY) });
  });

  it('lets the applicant correct and resubmit after registration has closed, even if a locked choice left the catalogue', async () => {
    await admin('set-stage', '--stage', 'registration', '--closes', iso(-1000));
    // The chosen supervisor moved to another direction: the locked intended section no longer fits.
    await t.app.ctx.db.updateTable('supervisor').set({ direction_id: ids.otherDirectionId }).where('id', '=', ids.supervisorId).execute();
    try {
      const d = await detail();
      // The editor sends every section back as shown, the locked ones unchanged.
      const saved = await save({ version: d.version, sections: { ...d.sections, plan: { summary: `${d.sections.plan!.summary!}补充。` } } });
      expect(saved.code).toBe(0);
      const r = await submit();
      expect(r.code).toBe(0);
      expect((await detail()).status).toBe('submitted');
    } finally {
      await t.app.ctx.db.updateTable('supervisor').set({ direction_id: ids.directionId }).where('id', '=', ids.supervisorId).execute();
    }
  });

  it('takes a deadline from the reviewer, and refuses changes once it has passed, naming it', async () => {
    const staff = await t.app.ctx.db.selectFrom('app_user').select('id').where('kind', '=', 'staff').orderBy('id').executeTakeFirstOrThrow();
    const until = '2026-11-25T18:00:00+08:00';
    const r = await returnForm(t.app.ctx.db, t.clock.now(), { ...zhang, sections: ['contact'], reason: '电话无法接通', until, returnedBy: staff.id });
    expect(r.returnedUntil).toBe(Date.parse(until));
    expect((await lastReturnAudit()).user_id).toBe(staff.id);
    expect(await detail()).toMatchObject({ status: 'returned', returnedUntil: '2026-11-25T10:00:00.000Z' });

    t.clock.advance(4 * DAY);
    token = await signIn(t.app, 'assessment'); // the old session has expired meanwhile
    const before = await detail();
    expect(before.submission).toMatchObject({ open: false, closed: true });
    const saved = await save({ version: before.version, sections: { contact: { ...before.sections.contact, emergencyPhone: '010-62751234' } } });
    expect(saved.code).toBe(403);
    expect(saved.msg).toBe('The deadline for corrections (2026-11-25 18:00) has passed; the form can no longer be changed or submitted.');
    const submitted = await submit(before.version, 'zh-CN');
    expect(submitted.code).toBe(403);
    expect(submitted.msg).toBe('修改截止时间（2026-11-25 18:00）已过，报名表不能再修改或提交。');
    expect(await detail()).toEqual(before);
  });

  it.each([
    [['--until', '2026-11-01T00:00:00+08:00'], 'The correction deadline must lie in the future.'],
    [['--until', 'next friday'], 'Correction deadline: not a date and time such as 2027-03-01T09:00:00+08:00'],
  ])('the CLI refuses the deadline %o and changes nothing', async (extra, message) => {
    await admin('set-stage', '--stage', 'registration', '--closes', iso(60 * DAY));
    const before = await detail();
    await expect(admin('return-form', '--applicant', '2027100001', '--sections', 'plan', '--reason', 'x', ...extra)).rejects.toThrow(message);
    expect(await detail()).toEqual(before);
  });
});

describe('submitting at the same moment', () => {
  const applicant = async (number: string) => {
    const row = await t.app.ctx.db.selectFrom('app_user').select(['id', 'recruit_year']).where('applicant_number', '=', number).executeTakeFirstOrThrow();
    return { userId: row.id, recruitYear: row.recruit_year! };
  };
  const prepare = async (who: 'successive' | 'hmt', number: string, emergencyPhone: string) => {
    const tok = await signIn(t.app, who);
    const sections = completeSections(ids);
    const saved = await call<SaveDraftResponse>(t.app, url('saveDraft'), { token: tok, body: { version: 0, sections: { ...sections, contact: { ...sections.contact, emergencyPhone } } } });
    expect(saved.code).toBe(0);
    await uploadRequiredMaterials(t.app.ctx.db, await applicant(number), t.clock.now());
    return { tok, version: saved.data.version };
  };
  const submitAs = (tok: string, version: number) => call<SubmitFormResponse>(t.app, url('submit'), { token: tok, body: { version } });

  it('two submits of one form: exactly one succeeds, the other is told it was already submitted', async () => {
    // A landline is a fine emergency contact.
    const { tok, version } = await prepare('successive', '2027200001', '010-62751234');
    const replies = await Promise.all([submitAs(tok, version), submitAs(tok, version)]);
    expect(replies.map((r) => r.code).sort()).toEqual([0, 409]);
    expect(replies.find((r) => r.code === 409)!.msg).toBe('The form has already been submitted. Nothing was changed.');
  });

  it('a material deleted while the submit runs is seen: the submit waits for the applicant lock and re-checks', async () => {
    const { tok, version } = await prepare('hmt', '2027400001', '+852 2345 6789');
    const hmt = await applicant('2027400001');
    let pending: ReturnType<typeof submitAs> | undefined;
    // Another tab deletes the materials under the lock; the submit starts meanwhile.
    await t.app.ctx.db.transaction().execute(async (trx) => {
      await lockApplicant(trx, hmt.userId);
      await trx.deleteFrom('application_material').where('user_id', '=', hmt.userId).execute();
      pending = submitAs(tok, version);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const r = await pending!;
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/^Please upload the required materials first/);
    const form = await t.app.ctx.db.selectFrom('application_form').select('status').where('user_id', '=', hmt.userId).executeTakeFirstOrThrow();
    expect(form.status).toBe('draft');
  });
});
