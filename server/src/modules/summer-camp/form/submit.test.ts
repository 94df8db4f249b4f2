import type { CampFormDetailView, SaveDraftResponse, SubmitFormResponse } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type TestApp } from '../../../../test/harness';
import { campFormTestApp, completeCampSections, DAY, secondCamper, signInSecondCamper, STATEMENT, uploadCampMaterials, type CampSetup } from './fixtures';

/**
 * Submitting the camp form (issue #11): only complete, with the materials uploaded, while every
 * chosen camp takes applications; then locked. Each refusal changes nothing.
 */
let t: TestApp;
let li: string;
let ids: CampSetup;

beforeAll(async () => {
  ({ t, li, ids } = await campFormTestApp());
}, 120_000);
afterAll(async () => t?.close());

const url = (name: string) => `/mucgrs-service/summerCamp/form/${name}`;
const detail = (token = li) => call<CampFormDetailView>(t.app, url('detail'), { token, body: {}, lang: 'en' });
const save = (body: unknown, lang = 'en', token = li) => call<SaveDraftResponse>(t.app, url('saveDraft'), { token, body, lang });
const submit = (version: number, lang = 'en', token = li) => call<SubmitFormResponse>(t.app, url('submit'), { token, body: { version }, lang });
const stored = () => t.app.ctx.db.selectFrom('application_form').selectAll().orderBy('id').execute();
const version = async () => (await detail()).data.version;

/** The reply, and the stored forms unchanged by it. */
async function unchanged<R>(act: () => Promise<R>): Promise<R> {
  const before = await stored();
  const r = await act();
  expect(await stored()).toEqual(before);
  return r;
}

describe('submitting the camp form', () => {
  it('has nothing to submit before a first save', async () => {
    const r = await unchanged(() => submit(0));
    expect([r.code, r.msg]).toEqual([404, 'There is no summer-camp application yet. Fill it in and save it first.']);
  });

  it('refuses a form with required sections missing', async () => {
    expect((await save({ version: 0, sections: { statement: { text: STATEMENT } } })).code).toBe(0);
    const r = await unchanged(() => submit(1));
    expect(r.code).toBe(400);
    expect(r.msg).toContain('The form cannot be submitted yet: Contact and mailing address: not filled in yet');
  });

  it('refuses a complete form while the required materials are missing, naming them', async () => {
    expect((await save({ version: 1, sections: completeCampSections(ids) })).code).toBe(0);
    const r = await unchanged(() => submit(2));
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/^Please upload the required materials first: .*Transcript.*Referee letters \(two\)/);
    const zh = await unchanged(() => submit(2, 'zh-CN'));
    expect(zh.msg).toContain('专家推荐信（两封）');
  });

  it('refuses a stale version', async () => {
    const r = await unchanged(() => submit(1));
    expect(r.code).toBe(409);
  });

  it('refuses a choice of a camp whose applications have not opened, naming it in the caller’s language', async () => {
    const v = await version();
    expect((await save({ version: v, sections: { choices: [{ programmeId: ids.csPhd }, { programmeId: ids.ethPhd }] } })).code).toBe(0);
    const r = await unchanged(() => submit(v + 1));
    expect([r.code, r.msg]).toEqual([409, '“Ethnology Summer Camp” does not take applications now. Choose another camp or wait until its applications open.']);
    expect((await unchanged(() => submit(v + 1, 'zh-CN'))).msg).toContain('民族学夏令营');
  });

  it('keeps the form editable when a chosen camp closes while others take applications: submitting names the closed camp', async () => {
    const v = await version();
    expect((await save({ version: v, sections: { choices: [{ programmeId: ids.econPhd }, { programmeId: ids.csPhd }] } })).code).toBe(0);
    t.clock.advance(11 * DAY);
    li = await signIn(t.app, 'camper');
    try {
      // No opening to wait for, not closed for good: the camper chooses again.
      expect((await detail()).data.submission).toMatchObject({ opensAt: null, open: false, closed: false });
      const saved = await save({ version: v + 1, sections: { statement: { text: `${STATEMENT}补充` } } });
      expect(saved.code, saved.msg).toBe(0);
      const r = await unchanged(() => submit(v + 2, 'es'));
      expect([r.code, r.msg]).toEqual([409, '«Economics Summer Camp» no admite solicitudes en este momento. Elija otro campamento o espere a que se abran sus solicitudes.']);
      const moved = await save({ version: v + 2, sections: { choices: completeCampSections(ids).choices, statement: { text: STATEMENT } } });
      expect(moved.code, moved.msg).toBe(0);
      expect((await detail()).data.submission).toMatchObject({ open: true, closed: false });
    } finally {
      t.clock.advance(-11 * DAY);
      li = await signIn(t.app, 'camper');
    }
  });

  it('closes the form for good once every camp of the year has closed', async () => {
    t.clock.advance(91 * DAY);
    li = await signIn(t.app, 'camper');
    try {
      expect((await detail()).data.submission).toMatchObject({ open: false, closed: true });
      const v = await version();
      const saved = await unchanged(() => save({ version: v, sections: { statement: { text: `${STATEMENT}补充` } } }));
      expect([saved.code, saved.msg]).toEqual([403, 'Applications to this year’s summer camps have closed: the application can no longer be changed or submitted.']);
      expect((await unchanged(() => submit(v))).code).toBe(403);
    } finally {
      t.clock.advance(-91 * DAY);
      li = await signIn(t.app, 'camper');
    }
  });

  it('waits for the year’s first camp to open when nothing is chosen yet', async () => {
    const zhou = await secondCamper(t);
    expect((await save({ version: 0, sections: { statement: { text: STATEMENT } } }, 'en', zhou)).code).toBe(0);
    t.clock.advance(-2 * DAY);
    try {
      const r = await unchanged(() => submit(1, 'en', zhou));
      expect(r.code).toBe(403);
      expect(r.msg).toMatch(/^Applications to the summer camps open on \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Beijing time\)\.$/);
    } finally {
      t.clock.advance(2 * DAY);
    }
  });

  it('says no camp takes applications in a year without camps, and keeps the draft', async () => {
    const db = t.app.ctx.db;
    await db.updateTable('app_user').set({ recruit_year: '2031' }).where('applicant_number', '=', '2027300002').execute();
    try {
      const zhou = await signInSecondCamper(t);
      const saved = await save({ version: 0, sections: { statement: { text: STATEMENT } } }, 'en', zhou);
      expect(saved.code, saved.msg).toBe(0);
      expect((await detail(zhou)).data.submission).toEqual({ opensAt: null, closesAt: null, open: false, closed: false });
      const r = await unchanged(() => submit(1, 'en', zhou));
      expect([r.code, r.msg]).toEqual([409, 'No summer camp takes applications this year yet: the application can be saved, and submitted once a camp is published.']);
    } finally {
      await db.updateTable('app_user').set({ recruit_year: '2027' }).where('applicant_number', '=', '2027300002').execute();
    }
  });

  it('submits a complete form once the materials are in: status, time and version in the reply and the detail', async () => {
    const user = await t.app.ctx.db.selectFrom('app_user').select(['id', 'recruit_year', 'user_register_type']).where('applicant_number', '=', '2027300001').executeTakeFirstOrThrow();
    await uploadCampMaterials(t.app.ctx.db, { userId: user.id, recruitYear: user.recruit_year!, registerType: user.user_register_type! }, t.clock.now());
    const v = await version();
    const r = await submit(v);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ status: 'submitted', version: v + 1, submittedAt: new Date(t.clock.now()).toISOString() });
    const d = await detail();
    expect(d.data).toMatchObject({ status: 'submitted', version: v + 1, submittedAt: r.data.submittedAt, missingMaterials: [] });
    expect(d.data.sections.choices).toEqual(completeCampSections(ids).choices);
  });

  it('locks the submitted form: no save, no second submission', async () => {
    const v = await version();
    const saved = await unchanged(() => save({ version: v, sections: { statement: { text: `${STATEMENT}改` } } }));
    expect([saved.code, saved.msg]).toEqual([409, 'The form has been submitted and is locked; it can no longer be changed.']);
    const again = await unchanged(() => submit(v));
    expect(again.code).toBe(409);
  });

  it('takes changes of a returned form only in the reopened sections, then a new submission', async () => {
    const row = (await stored())[0]!;
    await t.app.ctx.db
      .updateTable('application_form')
      .set({ status: 'returned', reopened_sections: JSON.stringify(['statement']), return_reason: '请补充个人陈述', returned_until: t.clock.now() + 7 * DAY, version: row.version + 1 })
      .where('id', '=', row.id)
      .execute();
    const v = row.version + 1;
    expect((await detail()).data).toMatchObject({ status: 'returned', reopenedSections: ['statement'], returnReason: '请补充个人陈述' });
    const locked = await unchanged(() => save({ version: v, sections: { contact: { ...completeCampSections(ids).contact, mobile: '13800138111' } } }));
    expect([locked.code, locked.msg]).toEqual([403, 'Only the sections the reviewer reopened can be changed (Personal statement).']);
    // The whole form sent back as shown, only the reopened section changed: saved.
    const saved = await save({ version: v, sections: { ...completeCampSections(ids), statement: { text: `${STATEMENT}补充` } } });
    expect(saved.code, saved.msg).toBe(0);
    const r = await submit(v + 1);
    expect(r.code, r.msg).toBe(0);
    expect((await detail()).data).toMatchObject({ status: 'submitted', reopenedSections: [], returnReason: null });
  });
});
