import {
  DOCTOR_AREA,
  type ComputeFinalView,
  type ScoreGridView,
  type ScoreHistoryView,
  type ScoreImportView,
  type ScoreRecordedView,
  type ScoreWeightsView,
} from '@gradus/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplications, type ApplicationSpec } from '../../../test/application-factory';
import { sql } from 'kysely';
import { buildTestApp, call, dialect, runAdmin, signIn, type TestApp } from '../../../test/harness';
import { multipartBody, multipartHeaders } from '../doctor/materials/fixtures';
import { manyRows, unzip, workbookWith, zipOf } from './zip-fixtures';

/**
 * Scores in the back office (issue #10): the grid of those who should have a score, by hand with a
 * reason for every change and every version kept; the Excel template, its dry run naming each bad
 * row and column, an import that is all or nothing and the same the second time; every file that
 * must not be read (formulas, macros, a million rows, zip bombs, not a workbook); final scores from
 * the weights per programme. On a real database, through the real calls.
 */
let t: TestApp;
let office: string;
let secretary: string;
let cs: number;
let econ: number;
const YEAR = '2027';
const base = '/mucgrs-service/staff/scores';
const post = <T = null>(path: string, body: unknown, token = office, lang = 'en') => call<T>(t.app, `${base}/${path}`, { token, body, lang });
const cycle = (kind: string) => ({ area: DOCTOR_AREA, recruitYear: YEAR, kind });
const num = (n: number) => `20279100${String(n).padStart(2, '0')}`;

async function upload(file: Buffer, kind = 'language', dryRun = true, lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/import?area=${DOCTOR_AREA}&recruitYear=${YEAR}&kind=${kind}&dryRun=${dryRun}`,
    headers: { ...multipartHeaders, authorization: `Bearer ${office}`, 'accept-language': lang },
    payload: multipartBody([{ name: 'file', filename: 'scores.xlsx', content: file }]),
  });
  return res.json() as { code: number; msg: string; data: ScoreImportView };
}

async function template(kind = 'language'): Promise<Buffer> {
  const r = await call(t.app, `${base}/template`, { token: office, body: cycle(kind), lang: 'en' });
  expect(r.status).toBe(200);
  return r.raw.rawPayload;
}

/** The template with the score (D) and reason (E) of some rows filled in, as a person would in Excel. */
async function filled(file: Buffer, edits: Record<string, [number | string | null, string?]>, extra: (number | string | null)[][] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  ws.eachRow((row, i) => {
    if (i === 1) return;
    const edit = edits[String(row.getCell('A').value)];
    if (!edit) return;
    row.getCell('D').value = edit[0];
    if (edit[1] !== undefined) row.getCell('E').value = edit[1];
  });
  for (const cells of extra) ws.addRow(cells);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const versionsOf = async (number: string, kind = 'language') => {
  const user = await t.app.ctx.db.selectFrom('app_user').select('id').where('applicant_number', '=', number).executeTakeFirstOrThrow();
  return t.app.ctx.db.selectFrom('exam_score_version').selectAll().where('user_id', '=', user.id).where('kind', '=', kind).orderBy('id').execute();
};
const scoreOf = async (number: string, kind = 'language') => {
  const user = await t.app.ctx.db.selectFrom('app_user').select('id').where('applicant_number', '=', number).executeTakeFirstOrThrow();
  return (await t.app.ctx.db.selectFrom('exam_score').select('score_hundredths').where('user_id', '=', user.id).where('kind', '=', kind).executeTakeFirst())?.score_hundredths;
};
const allVersions = async () => (await t.app.ctx.db.selectFrom('exam_score_version').select('id').execute()).length;

beforeAll(async () => {
  t = await buildTestApp();
  office = await signIn(t.app, 'admin');
  secretary = await signIn(t.app, 'secretary');
  const programme = (code: string) => t.app.ctx.db.selectFrom('programme').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  cs = (await programme('CS-PHD-081200')).id;
  econ = (await programme('ECON-PHD-020100')).id;
  const spec = (n: number, qualification: ApplicationSpec['qualification'], programmeId: number | null): ApplicationSpec => ({
    number: num(n),
    name: `成绩${n}号`,
    registerType: 1,
    recruitYear: YEAR,
    area: DOCTOR_AREA,
    departmentId: null,
    programmeId,
    formStatus: 'submitted',
    savedAt: t.clock.now(),
    submittedAt: t.clock.now(),
    paid: true,
    photo: 'approved',
    qualification,
  });
  // 1..6 passed the eligibility review (the language and material cohorts); 7 failed it; 8 is pending.
  const ids = await insertApplications(t.app.ctx.db, t.clock.now(), [
    spec(1, 'pass', cs),
    spec(2, 'pass', cs),
    spec(3, 'pass', econ),
    spec(4, 'pass', cs),
    spec(5, 'pass', econ),
    spec(6, 'pass', null),
    spec(7, 'fail', cs),
    spec(8, 'pending', cs),
  ]);
  // 1..4 and 6 qualified for the comprehensive assessment (the assessment and final cohorts).
  await t.app.ctx.db
    .insertInto('review_decision')
    .values([0, 1, 2, 3, 5].map((i) => ({ user_id: ids[i]!, recruit_year: YEAR, area: DOCTOR_AREA, stage: 'assessmentQualification', outcome: 'pass', reason: null, decided_by: null, decided_at: t.clock.now() })))
    .execute();
});
afterAll(async () => t.close());

describe('the grid: who should have the score, entered by hand, every change kept', () => {
  it('lists those who passed the review before the exam, filtered and paged, with full marks', async () => {
    const all = await post<ScoreGridView>('grid', { ...cycle('language'), pageSize: 10 });
    expect(all.code, all.msg).toBe(0);
    expect(all.data.rows.map((r) => r.applicantNumber).filter((n) => n.startsWith('20279100'))).toEqual([1, 2, 3, 4, 5, 6].map(num));
    expect(all.data.maxScore).toBe('100');
    const paged = await post<ScoreGridView>('grid', { ...cycle('language'), q: '2027910', pageSize: 10, pageNum: 1, programmeId: cs });
    expect(paged.data.rows.map((r) => r.applicantNumber)).toEqual([1, 2, 4].map(num));
    expect(paged.data.total).toBe(3);
    const assessment = await post<ScoreGridView>('grid', { ...cycle('assessment'), q: '成绩', pageSize: 10 });
    expect(assessment.data.rows.map((r) => r.applicantNumber)).toEqual([1, 2, 3, 4, 6].map(num));
  });

  it('records a score, refuses a change without a reason, keeps each version with who, when and why', async () => {
    const first = await post<ScoreRecordedView>('save', { ...cycle('language'), number: num(1), score: '78.5' });
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ changed: true, row: { score: '78.5', versions: 1 } });

    const noReason = await post('save', { ...cycle('language'), number: num(1), score: '80' });
    expect(noReason.code).toBe(400);
    expect(noReason.msg).toBe('Reason: required when a recorded score changes');
    expect(await scoreOf(num(1))).toBe(7850);

    t.clock.advance(60_000);
    const changed = await post<ScoreRecordedView>('save', { ...cycle('language'), number: num(1), score: '80', reason: 'Re-marked paper' });
    expect(changed.data).toMatchObject({ changed: true, row: { score: '80', versions: 2 } });
    // The same value again is no change: no version.
    const same = await post<ScoreRecordedView>('save', { ...cycle('language'), number: num(1), score: '80.00' });
    expect(same.data).toMatchObject({ changed: false, row: { versions: 2 } });

    const history = await post<ScoreHistoryView>('history', { area: DOCTOR_AREA, recruitYear: YEAR, number: num(1), kind: 'language' });
    expect(history.data.versions.map((v) => [v.score, v.previous, v.reason, v.source, v.by?.loginName])).toEqual([
      ['80', '78.5', 'Re-marked paper', 'hand', 'admin'],
      ['78.5', null, null, 'hand', 'admin'],
    ]);
  });

  it('refuses a score above full marks, a number nobody has, and an applicant not in this exam, in the caller’s language', async () => {
    const over = await post('save', { ...cycle('language'), number: num(2), score: '100.5' });
    expect([over.code, over.msg]).toEqual([400, 'Score: higher than the maximum score']);
    const unknown = await post('save', { ...cycle('language'), number: '2027999999', score: '50' });
    expect([unknown.code, unknown.msg]).toEqual([404, 'No applicant has the number 2027999999.']);
    const outside = await post('save', { ...cycle('language'), number: num(7), score: '50' }, office, 'zh-CN');
    expect([outside.code, outside.msg]).toEqual([409, `${num(7)}（成绩7号）不在应有此项成绩的考生之列。`]);
    expect(await scoreOf(num(2))).toBeUndefined();
    expect(await scoreOf(num(7))).toBeUndefined();
  });

  it('full marks change the limit, never below a recorded score', async () => {
    const below = await post('scale', { ...cycle('language'), maxScore: '50' });
    expect([below.code, below.msg]).toEqual([409, 'Full marks cannot be 50: a score of 80 is already recorded.']);
    expect((await post('scale', { ...cycle('material'), maxScore: '150' })).code).toBe(0);
    expect((await post<ScoreGridView>('grid', { ...cycle('material') })).data.maxScore).toBe('150');
    expect((await post('save', { ...cycle('material'), number: num(3), score: '120' })).code).toBe(0);
  });

  it('is the admissions office’s alone', async () => {
    const r = await post('grid', cycle('language'), secretary);
    expect(r.code).toBe(403);
  });

  it('the command goes through the same versions', async () => {
    await runAdmin(t, 'set-score', '--applicant', num(4), '--kind', 'language', '--score', '60', '--max', '100');
    await expect(runAdmin(t, 'set-score', '--applicant', num(4), '--kind', 'language', '--score', '61', '--max', '100')).rejects.toThrow(/Reason/);
    await runAdmin(t, 'set-score', '--applicant', num(4), '--kind', 'language', '--score', '61', '--max', '100', '--reason', 'Appeal');
    expect((await versionsOf(num(4))).map((v) => [v.score_hundredths, v.previous_hundredths, v.reason, v.source])).toEqual([
      [6000, null, null, 'command'],
      [6100, 6000, 'Appeal', 'command'],
    ]);
  });
});

describe('Excel: template, dry run, atomic import, the same file twice', () => {
  it('the template is the current list, its number column locked, the score limited to 0..full marks', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await template()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('language-2027');
    const rows: string[][] = [];
    ws.eachRow((row) => rows.push([String(row.getCell('A').value), String(row.getCell('D').value ?? '')]));
    expect(rows[0]).toEqual(['Applicant number', 'Score (0–100)']);
    expect(rows.filter((r) => r[0]!.startsWith('20279100'))).toEqual([
      [num(1), '80'],
      [num(2), ''],
      [num(3), ''],
      [num(4), '61'],
      [num(5), ''],
      [num(6), ''],
    ]);
    expect(ws.getCell('A2').protection?.locked).not.toBe(false);
    expect(ws.getCell('D2').protection?.locked).toBe(false);
    const zip = unzip(await template()).find((p) => p.name === 'xl/worksheets/sheet1.xml')!.data.toString();
    expect(zip).toContain('<sheetProtection');
    expect(zip).toMatch(/<dataValidation[^>]*type="custom"[^>]*sqref="D2:D\d+"/);
    expect(zip).toContain('D2&lt;=100');
  });

  it('imports the clean file in one go; the same file again changes nothing', async () => {
    const file = await filled(await template(), { [num(2)]: [55.5], [num(3)]: ['66'], [num(1)]: [82, 'Second marker'] });
    const dry = await upload(file);
    expect(dry.code, dry.msg).toBe(0);
    expect(dry.data).toMatchObject({ dryRun: true, changes: 3, problems: [], imported: false });
    expect(await scoreOf(num(2))).toBeUndefined();

    const before = await allVersions();
    const done = await upload(file, 'language', false);
    expect(done.data).toMatchObject({ dryRun: false, changes: 3, imported: true });
    expect([await scoreOf(num(1)), await scoreOf(num(2)), await scoreOf(num(3))]).toEqual([8200, 5550, 6600]);
    expect(await allVersions()).toBe(before + 3);
    expect((await versionsOf(num(1))).at(-1)).toMatchObject({ previous_hundredths: 8000, reason: 'Second marker', source: 'import' });

    const again = await upload(file, 'language', false);
    expect(again.data).toMatchObject({ changes: 0, imported: true });
    expect(again.data.unchanged).toBeGreaterThanOrEqual(3);
    expect(await allVersions()).toBe(before + 3);
  });

  it('names every bad row and column, and imports nothing while one is left', async () => {
    const file = await filled(
      await template(),
      { [num(5)]: [101], [num(6)]: ['seventy'], [num(2)]: [57], [num(4)]: [62.125] },
      [
        ['2027999999', '', '', 50],
        [num(7), '', '', 50],
        [num(5), '', '', 40],
        ['', '', '', 40],
      ],
    );
    const before = await allVersions();
    for (const dryRun of [true, false]) {
      const r = await upload(file, 'language', dryRun);
      expect(r.code, r.msg).toBe(0);
      const byCell = Object.fromEntries(r.data.problems.map((p) => [`${p.column}${p.row}`, p.message]));
      const rowOf = (n: string) => r.data.problems.find((p) => p.message.includes(n))?.row;
      expect(r.data.imported).toBe(false);
      expect(Object.values(byCell)).toEqual(
        expect.arrayContaining([
          '101 is above full marks (100).',
          '“seventy” is not a number.',
          'The score changes from 55.5 to 57: give the reason in this column.',
          '“62.125” is not a score: 0 or more, with at most 2 decimals.',
          'No applicant has the number 2027999999.',
          `${num(7)} (成绩7号) is not among the applicants who should have this score.`,
          'The applicant number is missing.',
        ]),
      );
      expect(r.data.problems.find((p) => p.message === '101 is above full marks (100).')?.column).toBe('D');
      expect(r.data.problems.find((p) => p.message.startsWith('The score changes'))?.column).toBe('E');
      expect(r.data.problems.find((p) => p.message.startsWith('No applicant'))?.column).toBe('A');
      const duplicate = r.data.problems.find((p) => p.message.includes('is already on row'));
      expect(duplicate?.message).toBe(`${num(5)} is already on row ${rowOf('101 is above')}.`);
    }
    // Atomic: the good rows of a bad file are not written either.
    expect(await allVersions()).toBe(before);
    expect(await scoreOf(num(2))).toBe(5550);
  });

  it('writes a file in one transaction: a failure at its last change leaves the earlier ones unwritten', async () => {
    // The database itself refuses one value, as a full disk or a dropped connection would half-way.
    const db = t.app.ctx.db;
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_4242 before insert on exam_score_version when new.score_hundredths = 4242 begin select raise(abort, 'refused'); end`.execute(db);
    } else {
      await sql`create function refuse_4242() returns trigger language plpgsql as $$ begin if new.score_hundredths = 4242 then raise exception 'refused'; end if; return new; end $$`.execute(db);
      await sql`create trigger refuse_4242 before insert on exam_score_version for each row execute function refuse_4242()`.execute(db);
    }
    try {
      const file = await filled(await template(), { [num(5)]: [33], [num(6)]: [42.42] });
      expect((await upload(file)).data).toMatchObject({ changes: 2, problems: [] });
      const before = await allVersions();
      const r = await upload(file, 'language', false);
      expect(r.code).toBe(500);
      expect(await allVersions()).toBe(before);
      expect(await scoreOf(num(5))).toBeUndefined();
    } finally {
      await sql`drop trigger refuse_4242${dialect === 'sqlite' ? sql`` : sql` on exam_score_version`}`.execute(db);
      if (dialect !== 'sqlite') await sql`drop function refuse_4242()`.execute(db);
    }
  });

  it('refuses a formula, naming its cell', async () => {
    const file = await filled(await template(), { [num(5)]: [{ formula: '40+2', result: 42 } as unknown as number] });
    const r = await upload(file);
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/^Cell D\d+ holds a formula\. Only values are imported/);
  });

  it('refuses a macro-enabled workbook', async () => {
    const parts = unzip(await template());
    const withMacros = zipOf([...parts, { name: 'xl/vbaProject.bin', data: Buffer.from('macro bytes') }]);
    const r = await upload(withMacros, 'language', true, 'zh-CN');
    expect([r.code, r.msg]).toEqual([400, '该文件含有宏（启用宏的工作簿）。请另存为普通 .xlsx 工作簿后重新上传。']);
    // The macro-enabled content type alone says it too.
    const types = parts.map((p) => (p.name === '[Content_Types].xml' ? { ...p, data: Buffer.from(p.data.toString().replace('sheet.main+xml', 'sheet.macroEnabled.main+xml')) } : p));
    expect((await upload(zipOf(types))).msg).toMatch(/contains macros/);
  });

  it('refuses a million rows from the declared dimension, and without it by counting, never unpacking it all', async () => {
    for (const declared of [true, false]) {
      const file = workbookWith(manyRows(1_000_000, declared));
      const started = Date.now();
      const r = await upload(file);
      expect([r.code, r.msg]).toEqual([400, 'The file has more than 20000 rows; split it into smaller files.']);
      // Unpacking and reading a million rows takes many seconds; stopping at the limit, well under one.
      expect(Date.now() - started).toBeLessThan(3000);
    }
  });

  it('refuses zip bombs: a size declared too large, packed too tightly, or a lie found while unpacking', async () => {
    const huge = workbookWith(Buffer.from('<worksheet><sheetData></sheetData></worksheet>'), 0xfffffff0);
    const tight = workbookWith(Buffer.concat([Buffer.from('<worksheet><sheetData>'), Buffer.alloc(60 * 1024 * 1024, 0x20), Buffer.from('</sheetData></worksheet>')]));
    const lying = workbookWith(Buffer.concat([Buffer.from('<worksheet><sheetData>'), Buffer.alloc(30 * 1024 * 1024, 0x20)]), 5000);
    for (const file of [huge, tight, lying]) {
      const r = await upload(file);
      expect([r.code, r.msg]).toEqual([400, 'The file unpacks to far more than a score list can hold; it was not read.']);
    }
  });

  it('refuses what is no workbook, the template of another score, and a file too large', async () => {
    for (const file of [Buffer.from('number,score\n2027910001,50\n'), Buffer.from('%PDF-1.4\n%âãÏÓ\n'), zipOf([{ name: 'hello.txt', data: Buffer.from('hi') }])]) {
      const r = await upload(file);
      expect([r.code, r.msg]).toEqual([400, 'This is not an Excel workbook (.xlsx). Download the template, fill it in and upload it as .xlsx.']);
    }
    const other = await upload(await template('material'));
    expect([other.code, other.msg]).toEqual([400, 'This file is the template for material-2027, not language-2027. Download the template of the score you chose.']);
    const large = await upload(Buffer.alloc(9 * 1024 * 1024, 1));
    expect([large.code, large.msg]).toEqual([400, 'The file is larger than 8 MB.']);
  });
});

describe('final scores: weights per programme, computed as versions', () => {
  it('keeps weights that add up to 100, per programme', async () => {
    const wrong = await post('saveWeights', { area: DOCTOR_AREA, recruitYear: YEAR, programmeId: cs, weights: [{ kind: 'material', weight: 30 }, { kind: 'assessment', weight: 60 }] });
    expect([wrong.code, wrong.msg]).toEqual([400, 'Weights: the weights must add up to 100%']);
    const saved = await post<ScoreWeightsView>('saveWeights', { area: DOCTOR_AREA, recruitYear: YEAR, programmeId: cs, weights: [{ kind: 'assessment', weight: 70 }, { kind: 'material', weight: 30 }] });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.programmes.find((p) => p.programme.id === cs)?.weights).toEqual([
      { kind: 'material', weight: 30 },
      { kind: 'assessment', weight: 70 },
    ]);
    expect(saved.data.programmes.find((p) => p.programme.id === econ)?.weights).toEqual([]);
  });

  it('computes the final score of whoever has every component, reports the others, and is the same the second time', async () => {
    // Material out of 150 (set above): 120/150 = 80%. Assessment out of 100.
    for (const [n, material, assessment] of [[1, '120', '88'], [2, '90', null], [4, null, '70']] as const) {
      if (material) expect((await post('save', { ...cycle('material'), number: num(n), score: material })).code).toBe(0);
      if (assessment) expect((await post('save', { ...cycle('assessment'), number: num(n), score: assessment })).code).toBe(0);
    }
    const r = await post<ComputeFinalView>('computeFinal', { area: DOCTOR_AREA, recruitYear: YEAR });
    expect(r.code, r.msg).toBe(0);
    // 30% × 80 + 70% × 88 = 24 + 61.6 = 85.6
    expect(await scoreOf(num(1), 'final')).toBe(8560);
    expect(r.data.computed).toBe(1);
    const skipped = Object.fromEntries(r.data.skipped.filter((s) => s.applicantNumber.startsWith('20279100')).map((s) => [s.applicantNumber, [s.reason, s.missing]]));
    expect(skipped).toEqual({
      [num(2)]: ['missing', ['assessment']],
      [num(3)]: ['noWeights', []],
      [num(4)]: ['missing', ['material']],
      [num(6)]: ['noProgramme', []],
    });
    expect((await versionsOf(num(1), 'final')).map((v) => [v.score_hundredths, v.reason, v.source])).toEqual([[8560, 'computed from weights', 'computed']]);
    const again = await post<ComputeFinalView>('computeFinal', { area: DOCTOR_AREA, recruitYear: YEAR, programmeId: cs });
    expect(again.data).toMatchObject({ computed: 0, unchanged: 1 });
    expect(await versionsOf(num(1), 'final')).toHaveLength(1);
  });
});
