import type { CampCatalogueView, CampFormDetailView, SaveDraftResponse } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type TestApp } from '../../../../test/harness';
import { campFormTestApp, completeCampSections, DAY, secondCamper, type CampSetup } from './fixtures';

/**
 * The camper's application form (issue #11): the year's camps to choose from, drafts saved section
 * by section with a version each, and the caller's own form only.
 */
let t: TestApp;
let li: string;
let zhou: string;
let ids: CampSetup;

beforeAll(async () => {
  ({ t, li, ids } = await campFormTestApp());
  zhou = await secondCamper(t);
}, 120_000);
afterAll(async () => t?.close());

const url = (name: string) => `/mucgrs-service/summerCamp/form/${name}`;
const detail = (token = li) => call<CampFormDetailView>(t.app, url('detail'), { token, body: {}, lang: 'en' });
const save = (body: unknown, token = li) => call<SaveDraftResponse>(t.app, url('saveDraft'), { token, body, lang: 'en' });
const formRow = (token: 'li' | 'zhou' = 'li') =>
  t.app.ctx.db
    .selectFrom('application_form as f')
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .selectAll('f')
    .where('u.applicant_number', '=', token === 'li' ? '2027300001' : '2027300002')
    .executeTakeFirst();

describe('the catalogue', () => {
  it('lists the camps of the camper’s year with their programmes, directions and supervisors, and which take applications now', async () => {
    const r = await call<CampCatalogueView>(t.app, url('catalogue'), { token: li, body: {} });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.camps.map((c) => [c.nameEn, c.open])).toEqual(
      expect.arrayContaining([
        ['Computer Science Summer Camp', true],
        ['Economics Summer Camp', true],
        ['Ethnology Summer Camp', false],
      ]),
    );
    // Last year's camp is not offered.
    expect(r.data.camps.map((c) => c.id)).not.toContain(undefined);
    expect(r.data.camps).toHaveLength(3);
    const cs = r.data.camps.find((c) => c.id === ids.csCamp)!;
    expect(cs.programmes.map((p) => p.id).sort()).toEqual([ids.csPhd, ids.csMs].sort());
    const phd = cs.programmes.find((p) => p.id === ids.csPhd)!;
    expect(phd).toMatchObject({ capacity: 30, department: { nameEn: 'School of Computer Science and Technology' } });
    const direction = phd.directions.find((d) => d.id === ids.direction)!;
    expect(direction.supervisors[0]).toMatchObject({ id: ids.supervisor, name: '王晓明', titleEn: 'Professor' });
    expect(Date.parse(cs.applyClosesAt)).toBe(t.clock.now() + 30 * DAY);
  });

  it('shows a camp’s opening at once once the clock reaches it', async () => {
    t.clock.advance(61 * DAY);
    // Sessions lapse over two months: a fresh one.
    const r = await call<CampCatalogueView>(t.app, url('catalogue'), { token: await signIn(t.app, 'camper'), body: {} });
    t.clock.advance(-61 * DAY);
    expect(r.data.camps.find((c) => c.id === ids.ethCamp)!.open).toBe(true);
    expect(r.data.camps.find((c) => c.id === ids.econCamp)!.open).toBe(false);
  });
});

describe('the detail', () => {
  it('shows a camper without a form: nothing saved, the year’s application window, the materials still missing', async () => {
    const r = await detail();
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 'none', version: 0, sections: {}, savedAt: null, submittedAt: null, reopenedSections: [] });
    expect(r.data.personal).toMatchObject({ name: '李娜', registerNo: '2027300001', registerType: 3, recruitYear: '2027' });
    expect(r.data.personal.idNumber).toMatch(/\*{6}/);
    // Before a choice: from the year's first opening to its last closing.
    expect(r.data.submission).toEqual({ opensAt: new Date(t.clock.now() - DAY).toISOString(), closesAt: new Date(t.clock.now() + 90 * DAY).toISOString(), open: true, closed: false });
    expect(r.data.missingMaterials).toEqual(expect.arrayContaining(['transcript', 'refereeLetter']));
  });
});

describe('drafts', () => {
  const sections = () => completeCampSections(ids);

  it('saves an incomplete draft, merges the next save section by section, and writes the first choice’s columns', async () => {
    const first = await save({ version: 0, sections: { contact: { mobile: '1380013' }, undergraduate: { schoolKind: 'listed', gpa: 3.5 } } });
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ status: 'draft', version: 1 });
    const second = await save({ version: 1, sections: { choices: sections().choices, statement: { text: '草稿' } } });
    expect(second.data.version).toBe(2);
    const r = await detail();
    expect(r.data.sections).toEqual({ contact: { mobile: '1380013' }, undergraduate: { schoolKind: 'listed', gpa: 3.5 }, choices: sections().choices, statement: { text: '草稿' } });
    const row = await formRow();
    expect(row).toMatchObject({ programme_id: ids.csPhd, supervisor_id: ids.supervisor, area: 'summerCamp' });
    expect(row!.department_id).toBeGreaterThan(0);
    // The window is now the chosen camp's own.
    expect(r.data.submission.closesAt).toBe(new Date(t.clock.now() + 30 * DAY).toISOString());
  });

  it('refuses a save based on an older version (another window saved meanwhile), changing nothing', async () => {
    const before = await formRow();
    const r = await save({ version: 1, sections: { statement: { text: '另一个窗口' } } });
    expect(r.code).toBe(409);
    expect(r.msg).toMatch(/another window/);
    expect(await formRow()).toEqual(before);
  });

  it('answers a save whose reply was lost with the version it made, writing nothing again', async () => {
    const before = await formRow();
    const r = await save({ version: 1, sections: { choices: sections().choices, statement: { text: '草稿' } } });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.version).toBe(2);
    expect(await formRow()).toEqual(before);
  });

  it('takes both first saves of two tabs as one form: the second is stale', async () => {
    const [a, b] = await Promise.all([save({ version: 0, sections: { statement: { text: '一' } } }, zhou), save({ version: 0, sections: { statement: { text: '二' } } }, zhou)]);
    expect([a.code, b.code].sort()).toEqual([0, 409]);
    expect((await formRow('zhou'))!.version).toBe(1);
  });

  it('moves the choice columns when the first choice changes', async () => {
    const r = await save({ version: 2, sections: { choices: [{ programmeId: ids.econPhd }, { programmeId: ids.csMs }] } });
    expect(r.code, r.msg).toBe(0);
    expect(await formRow()).toMatchObject({ programme_id: ids.econPhd, supervisor_id: null });
    // Economics closes first: the form's window closes with it.
    expect((await detail()).data.submission.closesAt).toBe(new Date(t.clock.now() + 10 * DAY).toISOString());
  });
});

describe('whose form', () => {
  it('shows each camper only their own form', async () => {
    const mine = await detail(li);
    const theirs = await detail(zhou);
    expect(mine.data.personal.name).toBe('李娜');
    expect(theirs.data.personal.name).toBe('周敏');
    expect(theirs.data.sections).toEqual({ statement: expect.objectContaining({ text: expect.any(String) }) });
    expect(theirs.raw.body).not.toContain('李娜');
    expect(theirs.raw.body).not.toContain('undergraduate');
    expect(mine.raw.body).not.toContain('周敏');
  });

  it('refuses staff and a doctoral applicant on every call (403), and writes nothing', async () => {
    const before = await t.app.ctx.db.selectFrom('application_form').selectAll().orderBy('id').execute();
    const callers = { office: await signIn(t.app, 'admin'), secretary: await signIn(t.app, 'secretary'), doctoral: await signIn(t.app, 'assessment') };
    const bodies: Record<string, unknown> = { catalogue: {}, detail: {}, saveDraft: { version: 0, sections: { statement: { text: '不是我的' } } }, submit: { version: 0 } };
    for (const [who, token] of Object.entries(callers)) {
      for (const [name, body] of Object.entries(bodies)) {
        const r = await call(t.app, url(name), { token, body, lang: 'en' });
        expect(r.code, `${who} ${name}`).toBe(403);
        expect(r.data, `${who} ${name}`).toBeUndefined();
      }
    }
    expect(await t.app.ctx.db.selectFrom('application_form').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
