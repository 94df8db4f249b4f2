import { monthAt, type CampFormDetailView, type SaveDraftResponse } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../../test/harness';
import { campFormTestApp, completeCampSections, DAY, STATEMENT, type CampSetup } from './fixtures';

/**
 * Every rule of the camp form refuses bad input with a translated message naming the section and
 * the field, and changes nothing. A draft is checked for types, lengths, the clock and the camps;
 * the rest (a school on the list, a rank within its cohort …) waits for submission, as an autosave
 * mid-typing must not be refused.
 */
let t: TestApp;
let li: string;
let ids: CampSetup;

beforeAll(async () => {
  ({ t, li, ids } = await campFormTestApp());
  // A form to refuse changes to.
  const r = await save({ version: 0, sections: { statement: { text: '草稿' } } });
  if (r.code !== 0) throw new Error(r.msg);
}, 120_000);
afterAll(async () => t?.close());

const url = (name: string) => `/mucgrs-service/summerCamp/form/${name}`;
const save = (body: unknown, lang = 'en') => call<SaveDraftResponse>(t.app, url('saveDraft'), { token: li, body, lang });
const submit = (version: number, lang = 'en') => call(t.app, url('submit'), { token: li, body: { version }, lang });
const version = async () => (await call<CampFormDetailView>(t.app, url('detail'), { token: li, body: {} })).data.version;
const stored = () => t.app.ctx.db.selectFrom('application_form').selectAll().orderBy('id').execute();
type Sections = ReturnType<typeof completeCampSections>;

/** Refused with BAD_INPUT, a message holding every `parts`, and the stored forms as they were. */
async function refused(act: () => Promise<{ code: number; msg: string }>, ...parts: string[]) {
  const before = await stored();
  const r = await act();
  expect(r.code, r.msg).toBe(400);
  for (const part of parts) expect(r.msg).toContain(part);
  expect(await stored()).toEqual(before);
}

describe('a draft refuses, changing nothing', () => {
  const sections = () => completeCampSections(ids);
  const nextMonth = () => monthAt(t.clock.now() + 40 * DAY);

  const cases: [string, () => unknown, string[]][] = [
    ['an entry month in the future', () => ({ undergraduate: { ...sections().undergraduate, entryMonth: nextMonth() } }), ['Undergraduate studies – Entered: cannot be in the future']],
    ['a test taken in the future', () => ({ english: [{ test: 'cet6', score: 500, month: nextMonth() }] }), ['English tests, row 1 – Month: cannot be in the future']],
    ['a score beyond any test', () => ({ english: [{ test: 'cet6', score: 1200 }] }), ['English tests, row 1 – Score: outside the allowed range']],
    ['a month that is no month', () => ({ awards: [{ name: '奖', month: '2024-13' }] }), ['Awards, row 1 – Month: use a year and month such as 2020-09']],
    ['three choices', () => ({ choices: [{ programmeId: ids.csPhd }, { programmeId: ids.csMs }, { programmeId: ids.econPhd }] }), ['Camp choices: at most 2 rows']],
    ['a programme of no camp', () => ({ choices: [{ programmeId: 987_654 }] }), ['Camp choices, row 1 – Programme: not among the offered choices']],
    ['a programme of last year’s camp', () => ({ choices: [{ programmeId: ids.lastYearProgramme }] }), ['Camp choices, row 1 – Programme: not among the offered choices']],
    ['a direction of another programme', () => ({ choices: [{ programmeId: ids.csMs }, { programmeId: ids.csPhd, directionId: ids.econDirection }] }), ['Camp choices, row 2 – Research direction: not among the offered choices']],
    ['a supervisor of another direction', () => ({ choices: [{ programmeId: ids.csPhd, directionId: ids.direction, supervisorId: ids.otherSupervisor }] }), ['Camp choices, row 1 – Supervisor: not among the offered choices']],
    ['a statement too long', () => ({ statement: { text: 'x'.repeat(2001) } }), ['Personal statement – Statement: must have 200 to 2000 characters']],
    ['an unknown section', () => ({ hobbies: { text: '围棋' } }), ['hobbies: not an accepted field']],
    ['a GPA as text', () => ({ undergraduate: { gpa: '3.8' } }), ['Undergraduate studies – GPA: wrong type of value']],
    ['a rank with a fraction', () => ({ undergraduate: { rank: 4.5 } }), ['Undergraduate studies – Rank: wrong type of value']],
    ['a choice list that is no list', () => ({ choices: { programmeId: ids.csPhd } }), ['Camp choices: wrong type of value']],
    ['a school kind not offered', () => ({ undergraduate: { schoolKind: 'college' } }), ['Undergraduate studies – Where the school is found: not one of the allowed choices']],
  ];
  for (const [what, sectionsOf, parts] of cases) {
    it(`refuses ${what}`, async () => {
      await refused(async () => save({ version: await version(), sections: sectionsOf() }), 'Not saved:', ...parts);
    });
  }

  it('refuses a body without a version, or sections that are no object', async () => {
    await refused(() => save({ sections: {} }), 'Form version');
    await refused(async () => save({ version: await version(), sections: [] }), 'Form sections');
    await refused(async () => save({ version: -1, sections: {} }), 'Form version');
  });

  it('names the field in the caller’s language', async () => {
    await refused(async () => save({ version: await version(), sections: { choices: [{ programmeId: ids.lastYearProgramme }] } }, 'zh-CN'), '未保存', '夏令营志愿', '专业', '不在可选范围内');
    await refused(async () => save({ version: await version(), sections: { undergraduate: { gpa: '3.8' } } }, 'ja'), 'GPA');
  });
});

describe('submitting refuses an incomplete or inconsistent form, changing nothing', () => {
  /** Saves the complete form with one part changed (as a draft takes it); the submit of it to try. */
  async function submitWith(patch: (s: Sections) => Record<string, unknown>, lang = 'en') {
    const sections = { ...completeCampSections(ids), ...patch(completeCampSections(ids)) };
    const saved = await save({ version: await version(), sections });
    expect(saved.code, saved.msg).toBe(0);
    return () => submit(saved.data.version, lang);
  }
  const u = (s: Sections, change: Record<string, unknown>) => ({ undergraduate: { ...s.undergraduate, ...change } });

  const cases: [string, (s: Sections) => Record<string, unknown>, string[]][] = [
    ['a listed school code that is not on the list', (s) => u(s, { schoolCode: '99999' }), ['Undergraduate studies – School: not one of the allowed choices']],
    ['a listed school without its code', (s) => u(s, { schoolCode: null }), ['Undergraduate studies – School: required']],
    ['a school not listed without its name', (s) => u(s, { schoolKind: 'notListed', schoolCode: null }), ['Undergraduate studies – School name: required']],
    ['an abolished school without its name', (s) => u(s, { schoolKind: 'abolished', schoolCode: null }), ['Undergraduate studies – School name: required']],
    ['a school abroad without its region', (s) => u(s, { schoolKind: 'outsideMainland', schoolCode: null, schoolName: 'University of Hong Kong' }), ['Undergraduate studies – Country or region of the school: required']],
    ['a rank above the cohort', (s) => u(s, { rank: 130, cohortSize: 120 }), ['Undergraduate studies – Rank: higher than the number of students in the cohort']],
    ['a GPA above its scale', (s) => u(s, { gpa: 4.2, gpaScale: '4' }), ['Undergraduate studies – GPA: higher than the GPA scale']],
    ['a graduation before the entry', (s) => u(s, { entryMonth: '2023-09', graduationMonth: '2022-06' }), ['Undergraduate studies – Graduation (expected): ends before it starts']],
    ['a missing GPA scale', (s) => u(s, { gpaScale: null }), ['Undergraduate studies – GPA scale: required']],
    ['a CET score above 710', () => ({ english: [{ test: 'cet6', score: 800, month: '2024-12' }] }), ['English tests, row 1 – Score: outside the allowed range']],
    ['an IELTS score off its half steps', () => ({ english: [{ test: 'ielts', score: 6.3, month: '2024-12' }] }), ['English tests, row 1 – Score: not a possible score']],
    ['another test without its name', () => ({ english: [{ test: 'other', score: 65, month: '2024-12' }] }), ['English tests, row 1 – Test name: required']],
    ['the same programme twice', () => ({ choices: [{ programmeId: ids.csPhd }, { programmeId: ids.csPhd }] }), ['Camp choices, row 2 – Programme: this programme is already chosen']],
    ['no choice', () => ({ choices: [] }), ['Camp choices: required']],
    ['a statement too short', () => ({ statement: { text: STATEMENT.slice(0, 100) } }), ['Personal statement – Statement: must have 200 to 2000 characters']],
  ];
  for (const [what, patch, parts] of cases) {
    it(`refuses ${what}`, async () => {
      await refused(await submitWith(patch), 'The form cannot be submitted yet:', ...parts);
      expect((await t.app.ctx.db.selectFrom('application_form').select('status').executeTakeFirstOrThrow()).status).toBe('draft');
    });
  }

  it('names the field in the caller’s language', async () => {
    await refused(await submitWith((s) => u(s, { rank: 130, cohortSize: 120 }), 'zh-CN'), '本科学习情况', '专业排名', '大于专业总人数');
    await refused(await submitWith((s) => u(s, { gpa: 4.2 }), 'es'), 'Nota media (GPA)', 'superior a la escala');
  });

  it('refuses a submit body without a version', async () => {
    await refused(() => call(t.app, url('submit'), { token: li, body: { version: 'latest' }, lang: 'en' }), 'Form version');
  });
});
