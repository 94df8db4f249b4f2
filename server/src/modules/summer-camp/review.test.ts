import type { ApplicationFileView, ApplicationListView, CampCatalogueView, CampFormDetailView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type TestApp } from '../../../test/harness';
import { campFormTestApp, completeCampSections, secondCamper, uploadCampMaterials, type CampSetup } from './form/fixtures';

/**
 * The back office's review of camp applications (issue #11): the school of the first choice
 * reviews first, the graduate school (the office) decides after it; a return sends the form back
 * and withdraws the school's decision. Every refusal changes nothing.
 */
let t: TestApp;
let ids: CampSetup;
let tokens: { li: string; zhou: string; office: string; secretary: string; secretaryEcon: string };
/** 李娜 chose computer science, 周敏 economics: the two schools' secretaries each see theirs. */
let li: { applicationId: number; userId: number };
let zhou: { applicationId: number; userId: number };

const staff = <T>(url: string, token: string, body: unknown, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/${url}`, { token, body, lang });
const camp = <T>(url: string, token: string, body: unknown) => call<T>(t.app, `/mucgrs-service/summerCamp/form/${url}`, { token, body, lang: 'en' });
const fileOf = async (applicationId: number, token = tokens.office) => (await staff<ApplicationFileView>('applications/file', token, { applicationId })).data;
const decisions = () => t.app.ctx.db.selectFrom('review_decision').select(['user_id', 'stage', 'outcome', 'reason']).where('area', '=', 'summerCamp').orderBy('user_id').orderBy('stage').execute();
const forms = () => t.app.ctx.db.selectFrom('application_form').select(['id', 'status', 'version', 'department_review', 'qualification']).where('area', '=', 'summerCamp').orderBy('id').execute();
const decide = (token: string, applicationId: number, stage: string, outcome: string, reason?: string, lang = 'en') =>
  staff('applications/decide', token, { applicationId, stage, outcome, ...(reason === undefined ? {} : { reason }) }, lang);
const queue = (token: string, filter: Record<string, unknown>) =>
  staff<ApplicationListView>('applications/list', token, { area: 'summerCamp', formStatus: 'submitted', pageSize: 10, ...filter });

/** The reply, and the camp's decisions and forms unchanged by it. */
async function unchanged<R>(act: () => Promise<R>): Promise<R> {
  const before = [await decisions(), await forms()];
  const r = await act();
  expect([await decisions(), await forms()]).toEqual(before);
  return r;
}

/** Fills in, uploads and submits a camper's form with a first choice; returns the form's id. */
async function submitted(token: string, userId: number, programmeId: number): Promise<number> {
  const sections = { ...completeCampSections(ids), choices: [{ programmeId }] };
  expect((await camp('saveDraft', token, { version: 0, sections })).code).toBe(0);
  await uploadCampMaterials(t.app.ctx.db, { userId, recruitYear: '2027', registerType: 3 }, t.clock.now());
  const r = await camp('submit', token, { version: 1 });
  expect(r.code, r.msg).toBe(0);
  const form = await t.app.ctx.db.selectFrom('application_form').select('id').where('user_id', '=', userId).where('area', '=', 'summerCamp').executeTakeFirstOrThrow();
  return form.id;
}

beforeAll(async () => {
  let liToken: string;
  ({ t, li: liToken, ids } = await campFormTestApp());
  const zhouToken = await secondCamper(t);
  tokens = { li: liToken, zhou: zhouToken, office: await signIn(t.app, 'admin'), secretary: await signIn(t.app, 'secretary'), secretaryEcon: await signIn(t.app, 'secretaryEcon') };
  const userOf = async (number: string) => (await t.app.ctx.db.selectFrom('app_user').select('id').where('applicant_number', '=', number).executeTakeFirstOrThrow()).id;
  const [liId, zhouId] = [await userOf('2027300001'), await userOf('2027300002')];
  li = { userId: liId, applicationId: await submitted(tokens.li, liId, ids.csPhd) };
  zhou = { userId: zhouId, applicationId: await submitted(tokens.zhou, zhouId, ids.econPhd) };
}, 120_000);
afterAll(async () => t?.close());

describe('the school’s queue of camp applications', () => {
  it('shows each school’s secretary the applications whose first choice is theirs, waiting for the school', async () => {
    const cs = await queue(tokens.secretary, { departmentReview: 'pending' });
    expect(cs.data.rows.map((r) => [r.name, r.departmentReview, r.qualification, r.paid])).toEqual([['李娜', 'pending', 'pending', false]]);
    const econ = await queue(tokens.secretaryEcon, { departmentReview: 'pending' });
    expect(econ.data.rows.map((r) => r.name)).toEqual(['周敏']);
    expect((await queue(tokens.office, { departmentReview: 'pending' })).data.total).toBe(2);
    // The doctoral list has no school review: the filter matches none of its forms, and its rows say so.
    const doctoral = await staff<ApplicationListView>('applications/list', tokens.office, { area: 'doctor', departmentReview: 'pending', pageSize: 10 });
    expect(doctoral.data.total).toBe(0);
  });

  it('opens the camp file with the camp form, its materials and what each may decide', async () => {
    const f = await fileOf(li.applicationId, tokens.secretary);
    expect(f.area).toBe('summerCamp');
    const form = f.form as CampFormDetailView;
    expect(form.status).toBe('submitted');
    expect(form.sections.choices).toEqual([{ programmeId: ids.csPhd }]);
    expect(form.sections.undergraduate).toMatchObject({ schoolCode: '10052', rank: 5, cohortSize: 120 });
    expect(f.choice.programme?.nameEn).toBe('Computer Science and Technology (PhD)');
    expect(f.materials.map((m) => m.category)).toContain('refereeLetter');
    expect(f.allowed).toEqual({ revealIdNumber: true, reviewPhoto: false, returnForm: true, decide: false, decideDepartment: true });
    expect((await fileOf(li.applicationId)).allowed).toEqual({ revealIdNumber: true, reviewPhoto: false, returnForm: true, decide: true, decideDepartment: true });
    // Another school's secretary does not learn that the application exists.
    const other = await staff('applications/file', tokens.secretaryEcon, { applicationId: li.applicationId });
    expect(other.code).toBe(404);
  });

  it('answers the camp catalogue of the file’s year, camps with their programmes', async () => {
    const r = await staff<CampCatalogueView>('applications/catalogue', tokens.secretary, { area: 'summerCamp', recruitYear: '2027' });
    expect(r.data.camps.map((c) => c.nameEn)).toEqual(expect.arrayContaining(['Computer Science Summer Camp', 'Economics Summer Camp']));
    expect(r.data.camps.find((c) => c.nameEn === 'Computer Science Summer Camp')?.programmes.map((p) => p.id)).toEqual(expect.arrayContaining([ids.csPhd, ids.csMs]));
    const last = await staff<CampCatalogueView>('applications/catalogue', tokens.secretary, { area: 'summerCamp', recruitYear: '2026' });
    expect(last.data.camps.map((c) => c.nameEn)).toEqual(['Last Year’s Camp']);
    const bad = await staff('applications/catalogue', tokens.secretary, { area: 'summerCamp', recruitYear: '27' });
    expect(bad.code).toBe(400);
  });
});

describe('deciding: the school first, then the graduate school', () => {
  it('refuses the graduate school’s decision before the school passed the application, in the caller’s language', async () => {
    const r = await unchanged(() => decide(tokens.office, li.applicationId, 'qualificationReview', 'pass'));
    expect([r.code, r.msg]).toEqual([409, 'The school has not passed 2027300001 yet: the graduate school decides after the school’s review.']);
    const zh = await unchanged(() => decide(tokens.office, li.applicationId, 'qualificationReview', 'pass', undefined, 'zh-CN'));
    expect(zh.msg).toBe('学院尚未审核通过 2027300001：研究生院在学院审核之后审核。');
  });

  it('keeps the graduate school’s decision from a secretary, and another school’s application from them altogether', async () => {
    expect((await unchanged(() => decide(tokens.secretary, li.applicationId, 'qualificationReview', 'pass'))).code).toBe(403);
    expect((await unchanged(() => decide(tokens.secretaryEcon, li.applicationId, 'departmentReview', 'pass'))).code).toBe(404);
  });

  it('refuses bad input: an unknown stage or outcome, a fail without its reason', async () => {
    const stage = await unchanged(() => decide(tokens.secretary, li.applicationId, 'interview', 'pass'));
    expect([stage.code, stage.msg]).toEqual([400, 'Review stage: not one of the allowed choices']);
    const outcome = await unchanged(() => decide(tokens.secretary, li.applicationId, 'departmentReview', 'maybe'));
    expect(outcome.code).toBe(400);
    const reason = await unchanged(() => decide(tokens.secretary, li.applicationId, 'departmentReview', 'fail', '  ', 'zh-CN'));
    expect([reason.code, reason.msg]).toEqual([400, expect.stringContaining('原因')]);
  });

  it('records the school’s pass: the queue, the file’s decisions and its history follow', async () => {
    expect((await decide(tokens.secretary, li.applicationId, 'departmentReview', 'pass')).code).toBe(0);
    expect((await queue(tokens.secretary, { departmentReview: 'pending' })).data.rows).toEqual([]);
    expect((await queue(tokens.office, { departmentReview: 'pass', qualification: 'pending' })).data.rows.map((r) => r.name)).toEqual(['李娜']);
    const f = await fileOf(li.applicationId);
    expect(f.decisions).toEqual([expect.objectContaining({ stage: 'departmentReview', outcome: 'pass', decidedBy: '孙丽' })]);
    expect(f.history?.find((h) => h.event === 'decided')).toMatchObject({ by: '孙丽', detail: { stage: 'departmentReview', outcome: 'pass' } });
  });

  it('fails at the school with the reason the camper will read; the graduate school cannot pass what the school failed', async () => {
    expect((await decide(tokens.secretaryEcon, zhou.applicationId, 'departmentReview', 'fail', 'Rank below the camp’s threshold')).code).toBe(0);
    const r = await unchanged(() => decide(tokens.office, zhou.applicationId, 'qualificationReview', 'pass'));
    expect(r.code).toBe(409);
    expect(await decisions()).toContainEqual({ user_id: zhou.userId, stage: 'departmentReview', outcome: 'fail', reason: 'Rank below the camp’s threshold' });
  });
});

describe('returning a camp form', () => {
  it('refuses a section the camp form does not have, naming it as an unknown choice', async () => {
    const r = await unchanged(() => staff('applications/return', tokens.office, { applicationId: li.applicationId, sections: ['family'], reason: 'Please add your family.' }));
    expect(r.code).toBe(400);
    expect(r.msg).toContain('Sections');
  });

  it('returns the named camp sections and withdraws the school’s decision: the corrected form is the school’s to review again', async () => {
    const r = await staff<{ returnedUntil: string }>('applications/return', tokens.office, { applicationId: li.applicationId, sections: ['statement'], reason: 'Say which direction you want.' });
    expect(r.code, r.msg).toBe(0);
    const form = (await camp<CampFormDetailView>('detail', tokens.li, {})).data;
    expect([form.status, form.reopenedSections, form.returnReason]).toEqual(['returned', ['statement'], 'Say which direction you want.']);
    expect((await decisions()).filter((d) => d.user_id === li.userId)).toEqual([]);
    const f = await fileOf(li.applicationId);
    expect(f.history?.map((h) => h.event)).toEqual(expect.arrayContaining(['decided', 'formReturned', 'decisionWithdrawn']));
    expect(f.history?.find((h) => h.event === 'decisionWithdrawn')).toMatchObject({ detail: { stage: 'departmentReview' } });
    // The camper corrects the reopened section only and submits again.
    const v = form.version;
    const statement = { text: `${completeCampSections(ids).statement.text}我希望从事少数民族语言信息处理方向。` };
    expect((await camp('saveDraft', tokens.li, { version: v, sections: { statement } })).code).toBe(0);
    expect((await camp('submit', tokens.li, { version: v + 1 })).code).toBe(0);
    expect((await queue(tokens.secretary, { departmentReview: 'pending' })).data.rows.map((r) => r.name)).toEqual(['李娜']);
  });

  it('lets the graduate school decide once the school passed again; then neither stage can be changed by a return or the school', async () => {
    expect((await decide(tokens.secretary, li.applicationId, 'departmentReview', 'pass')).code).toBe(0);
    expect((await decide(tokens.office, li.applicationId, 'qualificationReview', 'pass')).code).toBe(0);
    expect((await queue(tokens.office, { qualification: 'pass' })).data.rows.map((r) => [r.name, r.departmentReview])).toEqual([['李娜', 'pass']]);
    const settled = await unchanged(() => decide(tokens.secretary, li.applicationId, 'departmentReview', 'fail', 'Changed our mind'));
    expect([settled.code, settled.msg]).toEqual([409, 'The graduate school has decided on 2027300001: the school’s review can no longer change.']);
    const back = await unchanged(() => staff('applications/return', tokens.office, { applicationId: li.applicationId, sections: ['statement'], reason: 'Once more.' }));
    expect(back.code).toBe(409);
  });
});

describe('two decisions sent together', () => {
  it('never leave the graduate school’s pass over the school’s fail: one of them is refused', async () => {
    expect((await decide(tokens.secretaryEcon, zhou.applicationId, 'departmentReview', 'pass')).code).toBe(0);
    const [school, graduate] = await Promise.all([
      decide(tokens.secretaryEcon, zhou.applicationId, 'departmentReview', 'fail', 'Changed our mind'),
      decide(tokens.office, zhou.applicationId, 'qualificationReview', 'pass'),
    ]);
    expect([school.code, graduate.code].sort()).toEqual([0, 409]);
    const mine = (await decisions()).filter((d) => d.user_id === zhou.userId);
    const outcome = (stage: string) => mine.find((d) => d.stage === stage)?.outcome;
    // Whichever landed first, the other saw it: a graduate pass only ever follows a school pass.
    if (outcome('qualificationReview') === 'pass') expect(outcome('departmentReview')).toBe('pass');
    else expect([outcome('departmentReview'), outcome('qualificationReview')]).toEqual(['fail', undefined]);
  });
});

describe('the camper’s photo', () => {
  it('is not reviewed by staff: the photo rules checked it on upload', async () => {
    const photo = await t.app.ctx.db.selectFrom('application_material').select('id').where('user_id', '=', zhou.userId).where('category', '=', 'idPhoto').executeTakeFirstOrThrow();
    const r = await staff('photos/review', tokens.office, { materialId: photo.id, outcome: 'approved' });
    expect([r.code, r.msg]).toEqual([409, 'Photos of this kind of application are not reviewed: the photo rules check them on upload.']);
  });
});
