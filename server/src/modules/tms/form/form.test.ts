import { RegisterType, SUMMER_CAMP_AREA, TMS_AREA, type ApplicationFileView, type ApplicationProgressView, type SaveDraftResponse, type SubmitFormResponse, type TmsCatalogueView, type TmsDraftSectionsInput, type TmsFormDetailView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplications } from '../../../../test/application-factory';
import { call, signIn, type TestApp } from '../../../../test/harness';
import { setReleased, setStageWindow } from '../../admissions/cycle';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { completeTmsSections, STATEMENT, tmsFormTestApp, uploadTmsMaterials, type TmsIds } from './fixtures';

/**
 * The recommended-exempt applicant's form (issue #11): the master's and doctoral catalogue, drafts,
 * the rules a tuimian application adds (a degree type's programmes, a direct doctorate's supervisor,
 * a camp result of one's own for the same programme), submission in the tms cycle's window with the
 * materials, and the caller's own form only. Every refusal changes nothing.
 */
let t: TestApp;
let wang: string;
let ids: TmsIds;
let wangId = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  ({ t, wang, ids } = await tmsFormTestApp());
  wangId = (await t.app.ctx.db.selectFrom('app_user').select('id').where('applicant_number', '=', '2027500001').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => t?.close());

const url = (name: string) => `/mucgrs-service/tms/form/${name}`;
const detail = (token = wang) => call<TmsFormDetailView>(t.app, url('detail'), { token, body: {}, lang: 'en' });
const catalogue = () => call<TmsCatalogueView>(t.app, url('catalogue'), { token: wang, body: {}, lang: 'en' });
const save = (body: unknown, lang = 'en', token = wang) => call<SaveDraftResponse>(t.app, url('saveDraft'), { token, body, lang });
const submit = (version: number, lang = 'en') => call<SubmitFormResponse>(t.app, url('submit'), { token: wang, body: { version }, lang });
const progress = (token = wang) => call<ApplicationProgressView>(t.app, '/mucgrs-service/tms/application/progress', { token, body: {}, lang: 'en' });
const stored = () => t.app.ctx.db.selectFrom('application_form').selectAll().orderBy('id').execute();
const version = async () => (await detail()).data.version;
const withChoice = (choice: Partial<NonNullable<TmsDraftSectionsInput['choice']>>): TmsDraftSectionsInput => ({ ...completeTmsSections(ids), choice: { ...completeTmsSections(ids).choice, ...choice } });

/** Refused with `code`, a message holding every `parts`, and the stored forms as they were. */
async function refused(act: () => Promise<{ code: number; msg: string }>, code: number, ...parts: string[]) {
  const before = await stored();
  const r = await act();
  expect(r.code, r.msg).toBe(code);
  for (const part of parts) expect(r.msg).toContain(part);
  expect(await stored()).toEqual(before);
}

/** A summer-camp account of the same person (by ID number) holding a result of a camp held last summer. */
async function campResultOf(idNumber: string | null, programmeId: number): Promise<number> {
  const db = t.app.ctx.db;
  const now = t.clock.now();
  const number = `20273${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  const [camperId] = await insertApplications(db, now, [
    { number, name: '王芳', registerType: RegisterType.SUMMER_CAMP, recruitYear: '2027', area: SUMMER_CAMP_AREA, departmentId: null, programmeId: null, formStatus: 'submitted', savedAt: now, submittedAt: now, paid: false, photo: 'missing', qualification: 'pass' },
  ]);
  await db.updateTable('app_user').set({ id_number: idNumber }).where('id', '=', camperId!).execute();
  const { id: campId } = await db
    .insertInto('summer_camp')
    .values({ recruit_year: '2027', name_zh: '计算机学院夏令营', name_en: 'Computer Science Summer Camp', department_id: null, starts_on: '2026-07-10', ends_on: '2026-07-14', mode: 'onsite', place_zh: '主楼', place_en: 'Main Building', apply_opens_at: now - 90 * DAY, apply_closes_at: now - 80 * DAY, confirm_closes_at: now - 70 * DAY, waitlist_confirm_hours: 48, rates_campers: 1, decline_undoable: 0, created_at: now, updated_at: now, updated_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('camp_place')
    .values({ recruit_year: '2027', user_id: camperId!, camp_id: campId, programme_id: programmeId, status: 'confirmed', waitlist_position: null, confirm_by: null, offered_at: now, answered_at: now, created_at: now, updated_at: now, attendance: 'attended', rating: 'outstanding', result_by: null, result_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe('the catalogue', () => {
  it('offers the master’s and doctoral programmes, each with its degree, directions and supervisors', async () => {
    const r = await catalogue();
    expect(r.code, r.msg).toBe(0);
    const programmes = r.data.departments.flatMap((d) => d.programmes);
    expect(programmes.find((p) => p.id === ids.csMs)).toMatchObject({ degree: 'master' });
    expect(programmes.find((p) => p.id === ids.csPhd)).toMatchObject({ degree: 'doctor' });
    expect(programmes.find((p) => p.id === ids.csPhd)!.directions.find((d) => d.id === ids.phdDirection)!.supervisors.map((s) => s.id)).toContain(ids.phdSupervisor);
    expect(r.data.campResults).toEqual([]);
  });
});

describe('the detail and the progress', () => {
  it('shows an applicant without a form: nothing saved, the tms window, the tuimian materials still missing', async () => {
    const r = await detail();
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 'none', version: 0, sections: {}, submittedAt: null });
    expect(r.data.personal).toMatchObject({ name: '王芳', registerNo: '2027500001', registerType: 5 });
    expect(r.data.personal.idNumber).toMatch(/\*{6}/);
    expect(r.data.submission.open).toBe(true);
    expect(r.data.missingMaterials).toEqual(expect.arrayContaining(['recommendationCertificate', 'refereeLetter', 'integrityPledge']));
    expect(r.data.missingMaterials).not.toContain('idPhoto');
    expect((await progress()).data).toMatchObject({ state: 'notStarted', schoolReview: 'pending', officeReview: 'pending' });
  });
});

describe('drafts and the tuimian rules', () => {
  it('saves a partial draft with a version, and refuses a stale one', async () => {
    const r = await save({ version: 0, sections: { recommendation: { status: 'pending' }, statement: { text: '草稿' } } });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.version).toBe(1);
    expect((await detail()).data.sections).toMatchObject({ recommendation: { status: 'pending' } });
    await refused(() => save({ version: 0, sections: { statement: { text: '另一个草稿' } } }), 409);
    expect((await progress()).data.state).toBe('draft');
  });

  it('refuses a degree type the draft does not know, a programme of the wrong degree, a direction of another programme', async () => {
    await refused(async () => save({ version: await version(), sections: { choice: { degreeType: 'bachelor' } } }), 400, 'Programme applied for', 'Degree type');
    await refused(async () => save({ version: await version(), sections: withChoice({ degreeType: 'directDoctoral', programmeId: ids.csMs, supervisorId: ids.msSupervisor }) }), 400, 'this programme does not lead to the degree type chosen');
    await refused(async () => save({ version: await version(), sections: withChoice({ directionId: ids.phdDirection }) }), 400, 'Research direction');
    const zh = await save({ version: await version(), sections: withChoice({ degreeType: 'directDoctoral', programmeId: ids.csMs, supervisorId: ids.msSupervisor }) }, 'zh-CN');
    expect(zh.msg).toContain('该专业不属于所选的攻读类型');
  });

  it('refuses, in the sections it shares with the camp form, an over-long statement and an impossible score, in English and Chinese, saving nothing', async () => {
    const sections = completeTmsSections(ids);
    const v = await version();
    await refused(() => save({ version: v, sections: { ...sections, statement: { text: '研'.repeat(2001) } } }), 400, 'Personal statement – Statement: must have 200 to 2000 characters');
    await refused(() => save({ version: v, sections: { ...sections, english: [{ test: 'cet6', testName: null, score: 1200, month: '2024-06' }] } }), 400, 'English tests, row 1 – Score: outside the allowed range');
    await refused(() => save({ version: v, sections: { ...sections, statement: { text: '研'.repeat(2001) } } }, 'zh-CN'), 400, '个人陈述');
  });

  it('links only a released camp result of the same person, for the same programme', async () => {
    const db = t.app.ctx.db;
    const ownId = (await db.selectFrom('app_user').select('id_number').where('id', '=', wangId).executeTakeFirstOrThrow()).id_number;
    const someoneElses = await campResultOf('110101200001011234', ids.csMs);
    const own = await campResultOf(ownId, ids.csMs);
    const linked = (campPlaceId: number, choice: Partial<NonNullable<TmsDraftSectionsInput['choice']>> = {}) => ({ ...withChoice(choice), recommendation: { ...completeTmsSections(ids).recommendation, campPlaceId } });
    // Before the year's camp results are released there is nothing to link.
    expect((await catalogue()).data.campResults).toEqual([]);
    await refused(async () => save({ version: await version(), sections: linked(own) }), 400, 'not one of your released camp results');
    await setReleased(db, t.clock.now(), SUMMER_CAMP_AREA, 'campResult', true, { recruitYear: '2027', actor: PORTAL_ACTOR });
    expect((await catalogue()).data.campResults).toEqual([expect.objectContaining({ placeId: own, rating: 'outstanding', programmeId: ids.csMs, campNameEn: 'Computer Science Summer Camp' })]);
    await refused(async () => save({ version: await version(), sections: linked(someoneElses) }), 400, 'not one of your released camp results');
    await refused(async () => save({ version: await version(), sections: linked(own, { degreeType: 'directDoctoral', programmeId: ids.csPhd, directionId: ids.phdDirection, supervisorId: ids.phdSupervisor }) }), 400, 'a camp result counts only for the camp’s own programme');
    const r = await save({ version: await version(), sections: linked(own) });
    expect(r.code, r.msg).toBe(0);
    // The office's file names the linked result (its catalogue is nobody's and lists none).
    const applicationId = (await db.selectFrom('application_form').select('id').where('user_id', '=', wangId).where('area', '=', TMS_AREA).executeTakeFirstOrThrow()).id;
    const file = await call<ApplicationFileView>(t.app, '/mucgrs-service/staff/applications/file', { token: await signIn(t.app, 'admin'), body: { applicationId }, lang: 'en' });
    expect(file.code, file.msg).toBe(0);
    expect((file.data.form as TmsFormDetailView).linkedCampResult).toMatchObject({ placeId: own, rating: 'outstanding', campNameEn: 'Computer Science Summer Camp' });
    // Unlinked again for the rest of the file.
    expect((await save({ version: await version(), sections: completeTmsSections(ids) })).code).toBe(0);
  });
});

describe('submitting', () => {
  it('asks a direct doctorate for its supervisor, and a granted or pending recommendation from a listed university', async () => {
    expect((await save({ version: await version(), sections: { ...withChoice({ degreeType: 'directDoctoral', programmeId: ids.csPhd, directionId: ids.phdDirection, supervisorId: null }), recommendation: { status: 'granted', universityCode: '99999', campPlaceId: null } } })).code).toBe(0);
    await refused(() => submit(0), 409);
    const v = await version();
    await refused(() => submit(v), 400, 'a direct doctorate names its supervisor', 'Recommending university');
    expect((await save({ version: v, sections: completeTmsSections(ids) })).code).toBe(0);
  });

  it('waits for the required materials, naming them', async () => {
    await refused(async () => submit(await version()), 400, 'Recommendation certificate', 'Signed integrity pledge');
  });

  it('is refused once the tms form-submission window has closed', async () => {
    const now = t.clock.now();
    await setStageWindow(t.app.ctx.db, now, TMS_AREA, 'formSubmitted', { opensAt: new Date(now - 20 * DAY).toISOString(), closesAt: new Date(now - DAY).toISOString() }, { actor: PORTAL_ACTOR });
    try {
      await uploadTmsMaterials(t.app.ctx.db, { userId: wangId, recruitYear: '2027', registerType: RegisterType.TUIMIAN }, now);
      await refused(async () => submit(await version()), 403, 'Recommended-exempt applications have closed');
      expect((await detail()).data.submission).toMatchObject({ open: false, closed: true });
    } finally {
      await setStageWindow(t.app.ctx.db, now, TMS_AREA, 'formSubmitted', { opensAt: new Date(now - 20 * DAY).toISOString(), closesAt: new Date(now + 20 * DAY).toISOString() }, { actor: PORTAL_ACTOR });
    }
  });

  it('submits a complete form with its materials, then locks it and the materials', async () => {
    const r = await submit(await version());
    expect(r.code, r.msg).toBe(0);
    expect(r.data.status).toBe('submitted');
    const row = (await stored()).find((f) => f.user_id === wangId)!;
    expect(row).toMatchObject({ area: TMS_AREA, status: 'submitted', programme_id: ids.csMs });
    await refused(async () => save({ version: await version(), sections: { statement: { text: STATEMENT } } }), 409);
    expect((await progress()).data).toMatchObject({ state: 'underReview', schoolReview: 'pending', officeReview: 'pending' });
    const list = await call<{ lock: unknown }>(t.app, '/mucgrs-service/tms/materials/list', { token: wang, body: { phase: 'application' } });
    expect(list.data.lock).not.toBeNull();
  });
});

describe('whose calls', () => {
  it('refuses every tuimian call to a summer camper, a doctoral applicant, staff and a caller without a session', async () => {
    const others = [await signIn(t.app, 'camper'), await signIn(t.app, 'assessment'), await signIn(t.app, 'admin')];
    for (const path of ['form/catalogue', 'form/detail', 'form/saveDraft', 'form/submit', 'application/progress', 'materials/list']) {
      for (const token of others) {
        const r = await call(t.app, `/mucgrs-service/tms/${path}`, { token, body: path === 'materials/list' ? { phase: 'application' } : {} });
        expect(r.code, `${path}`).toBe(403);
      }
      expect((await call(t.app, `/mucgrs-service/tms/${path}`, { body: path === 'materials/list' ? { phase: 'application' } : {} })).code, path).toBe(401);
    }
  });
});
