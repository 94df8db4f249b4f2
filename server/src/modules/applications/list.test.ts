import { APPLICATION_LIST_COUNT_CAP, DOCTOR_AREA, RegisterType, TMS_AREA, type ApplicationFilterOptionsView, type ApplicationListRequest, type ApplicationListView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplications, type ApplicationSpec } from '../../../test/application-factory';
import { digitsAbove } from './list';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';

let t: TestApp;
let tokens: { office: string; secretary: string; reviewer: string; sysadmin: string; applicant: string };
let specs: ApplicationSpec[];
let userIds: number[];
const dept: Record<string, number> = {};
const prog: Record<string, number> = {};

const LIST = '/mucgrs-service/staff/applications/list';
const list = (token: string, body: ApplicationListRequest, lang = 'en') => call<ApplicationListView>(t.app, LIST, { token, body, lang });
const numbers = (r: { data: ApplicationListView }) => r.data.rows.map((row) => row.applicantNumber);
const DAY = 86_400_000;

/**
 * Forty applications spread over three departments and every state the filters know, so each
 * filter has rows on both sides of it.
 */
function makeSpecs(now: number): ApplicationSpec[] {
  const names = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄丽', '周杰', 'Chan Ka Yan '];
  const codes = ['CS', 'ECON', 'ETH'];
  const out: ApplicationSpec[] = [];
  for (let i = 0; i < 40; i++) {
    const department = codes[i % 3]!;
    const formStatus = (['submitted', 'submitted', 'draft', 'returned'] as const)[i % 4]!;
    out.push({
      number: `2027190${String(i).padStart(3, '0')}`,
      name: `${names[i % 10]}${i}`,
      // Every tenth a Hong Kong applicant (Chan Ka Yan): a doctoral application on the gat cycle.
      registerType: i % 10 === 9 ? RegisterType.DOCTOR_HMT : RegisterType.DOCTOR_ASSESSMENT,
      recruitYear: '2027',
      area: DOCTOR_AREA,
      departmentId: dept[department]!,
      programmeId: prog[`${department}-PHD`]!,
      formStatus,
      savedAt: now - (40 - i) * DAY,
      submittedAt: formStatus === 'draft' ? null : now - (40 - i) * DAY,
      paid: i % 2 === 0,
      photo: (['missing', 'uploaded', 'approved', 'rejected'] as const)[Math.floor(i / 4) % 4]!,
      qualification: (['pending', 'pending', 'pass', 'fail', 'pending'] as const)[i % 5]!,
    });
  }
  return out;
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
});
afterAll(async () => t.close());

describe('the applications list: filters, sort and paging on the server', () => {
  it('lists one cycle of the doctoral journey: the Hong Kong, Macao and Taiwan applicants, or the others', async () => {
    const hmt = specs.filter((s) => s.registerType === RegisterType.DOCTOR_HMT).map((s) => s.number).sort();
    expect(hmt).toHaveLength(4);
    const gat = await list(tokens.office, { area: DOCTOR_AREA, cycle: 'gat', pageSize: 50, sortField: 'applicantNumber', sortOrder: 'ascend' });
    expect(numbers(gat)).toEqual(hmt);
    const doctor = await list(tokens.office, { area: DOCTOR_AREA, cycle: DOCTOR_AREA, pageSize: 50 });
    expect(doctor.data.total).toBe(36);
    expect(numbers(doctor).filter((n) => hmt.includes(n))).toEqual([]);
    expect((await list(tokens.office, { area: DOCTOR_AREA, cycle: TMS_AREA, pageSize: 50 })).data.total).toBe(0);
    // The secretary's scope still holds within a cycle.
    const mine = await list(tokens.secretary, { area: DOCTOR_AREA, cycle: 'gat', pageSize: 50 });
    expect(mine.data.rows.every((r) => r.department?.nameEn === 'School of Computer Science and Technology')).toBe(true);
    expect(mine.data.total).toBeLessThan(4);
    const bad = await list(tokens.office, { area: DOCTOR_AREA, cycle: 'moon' as 'gat' });
    expect(bad.code).toBe(400);
  });

  it('shows the admissions office every application, newest submission first and drafts last, on every database', async () => {
    const r = await list(tokens.office, { area: DOCTOR_AREA, pageSize: 50 });
    expect(r.code).toBe(0);
    expect(r.data.total).toBe(40);
    const submitted = r.data.rows.map((row) => row.submittedAt);
    const drafts = specs.filter((s) => s.submittedAt === null).length;
    expect(submitted.slice(-drafts)).toEqual(Array(drafts).fill(null));
    const dated = submitted.slice(0, -drafts) as string[];
    expect(dated).not.toContain(null);
    expect(dated).toEqual([...dated].sort().reverse());
    // Ascending too: the dated ones oldest first, the drafts still after them.
    const up = (await list(tokens.office, { area: DOCTOR_AREA, pageSize: 50, sortOrder: 'ascend' })).data.rows.map((row) => row.submittedAt);
    expect(up.slice(-drafts)).toEqual(Array(drafts).fill(null));
    expect(up.slice(0, -drafts)).toEqual([...dated].reverse());
  });

  it('stops listing the whole school for a secretary whose role was taken away, at once', async () => {
    const db = t.app.ctx.db;
    const secretary = await db.selectFrom('app_user').select('id').where('login_name', '=', 'secretary').executeTakeFirstOrThrow();
    const role = await db.selectFrom('role').select('id').where('role_key', '=', 'zs_dept').executeTakeFirstOrThrow();
    const token = await signIn(t.app, 'secretary');
    expect((await list(token, {})).data.total).toBeGreaterThan(0);
    await db.deleteFrom('user_role').where('user_id', '=', secretary.id).where('role_id', '=', role.id).execute();
    try {
      expect((await list(token, {})).code).toBe(403);
    } finally {
      await db.insertInto('user_role').values({ user_id: secretary.id, role_id: role.id, order_num: 0 }).execute();
    }
  });

  it.each([
    ['formStatus', { formStatus: 'returned' }, (s: ApplicationSpec) => s.formStatus === 'returned'],
    ['payment paid', { payment: 'paid' }, (s: ApplicationSpec) => s.paid],
    ['payment unpaid', { payment: 'unpaid' }, (s: ApplicationSpec) => !s.paid],
    ['photo missing', { photo: 'missing' }, (s: ApplicationSpec) => s.photo === 'missing'],
    ['photo rejected', { photo: 'rejected' }, (s: ApplicationSpec) => s.photo === 'rejected'],
    ['qualification pending', { qualification: 'pending' }, (s: ApplicationSpec) => s.qualification === 'pending'],
    ['qualification fail', { qualification: 'fail' }, (s: ApplicationSpec) => s.qualification === 'fail'],
    ['department', () => ({ departmentId: dept.ECON }), (s: ApplicationSpec) => s.departmentId === dept.ECON],
    ['programme', () => ({ programmeId: prog['ETH-PHD'] }), (s: ApplicationSpec) => s.programmeId === prog['ETH-PHD']],
    ['a name part', { q: '王芳' }, (s: ApplicationSpec) => s.name.includes('王芳')],
    ['one character of a name', { q: '芳' }, (s: ApplicationSpec) => s.name.includes('芳')],
    ['three characters from the middle of a name', { q: '芳1' }, (s: ApplicationSpec) => s.name.includes('芳1')],
    ['more than three characters', { q: '王芳11' }, (s: ApplicationSpec) => s.name.includes('王芳11')],
    ['a name in another case and spacing', { q: 'KA  yan 1' }, (s: ApplicationSpec) => s.name.startsWith('Chan Ka Yan 1')],
    ['a name typed in full-width letters', { q: 'ＣＨＡＮ' }, (s: ApplicationSpec) => s.name.startsWith('Chan')],
    ['a number prefix', { q: '20271900' }, (s: ApplicationSpec) => s.number.startsWith('20271900')],
    ['paid, photo approved, not yet decided', { payment: 'paid', photo: 'approved', qualification: 'pending' }, (s: ApplicationSpec) => s.paid && s.photo === 'approved' && s.qualification === 'pending'],
  ] as const)('filters by %s', async (_name, filter, expected) => {
    const body = typeof filter === 'function' ? filter() : filter;
    const r = await list(tokens.office, { area: DOCTOR_AREA, pageSize: 100, ...body } as ApplicationListRequest);
    const want = specs.filter(expected).map((s) => s.number).sort();
    expect(want.length).toBeGreaterThan(0);
    expect(numbers(r).sort()).toEqual(want);
    expect(r.data.total).toBe(want.length);
  });

  it.each([
    ['2027', '2028'],
    ['2029', '203'],
    ['20271999', '20272'],
    ['999', null],
  ])('bounds the numbers beginning with %s below %s', (prefix, above) => {
    expect(digitsAbove(prefix)).toBe(above);
  });

  it('reads % and _ in the search as letters, not wildcards', async () => {
    expect((await list(tokens.office, { q: '%' })).data.total).toBe(0);
    expect((await list(tokens.office, { q: '_' })).data.total).toBe(0);
  });

  it('describes each row as the file would', async () => {
    const r = await list(tokens.office, { q: specs[2]!.number });
    expect(r.data.rows).toEqual([
      expect.objectContaining({
        applicantUserId: userIds[2],
        applicantNumber: specs[2]!.number,
        name: specs[2]!.name,
        area: DOCTOR_AREA,
        formStatus: 'draft',
        submittedAt: null,
        paid: true,
        photo: 'missing',
        qualification: 'pass',
        department: expect.objectContaining({ id: dept.ETH, nameEn: 'School of Ethnology and Sociology' }),
        programme: expect.objectContaining({ code: 'ETH-PHD-030400' }),
      }),
    ]);
  });

  it('sorts by name both ways and pages without gaps or repeats', async () => {
    const up = await list(tokens.office, { sortField: 'name', sortOrder: 'ascend', pageSize: 100 });
    const down = await list(tokens.office, { sortField: 'name', sortOrder: 'descend', pageSize: 100 });
    expect(numbers(down)).toEqual([...numbers(up)].reverse());
    const pages = [];
    for (let pageNum = 1; pageNum <= 4; pageNum++) pages.push(...numbers(await list(tokens.office, { sortField: 'name', sortOrder: 'ascend', pageSize: 10, pageNum })));
    expect(pages).toEqual(numbers(up));
    expect((await list(tokens.office, { pageSize: 10, pageNum: 5 })).data.rows).toEqual([]);
  });
});

describe('the applications list: scope', () => {
  it("shows a secretary their own department's applications only, whatever the filter asks", async () => {
    const mine = await list(tokens.secretary, { pageSize: 100 });
    expect(numbers(mine).sort()).toEqual(specs.filter((s) => s.departmentId === dept.CS).map((s) => s.number).sort());
    const elsewhere = await list(tokens.secretary, { departmentId: dept.ECON, pageSize: 100 });
    expect(elsewhere.code).toBe(0);
    expect(elsewhere.data.total).toBe(0);
  });

  it('shows an expert only what is assigned to them, never an applicant who named them as supervisor', async () => {
    const db = t.app.ctx.db;
    expect((await list(tokens.reviewer, {})).data.total).toBe(0);
    const reviewer = await db.selectFrom('app_user').select('id').where('login_name', '=', 'reviewer').executeTakeFirstOrThrow();
    const assign = (i: number) => ({ expert_user_id: reviewer.id, applicant_user_id: userIds[i]!, recruit_year: '2027', area: DOCTOR_AREA, stage: 'materialReview', assigned_by: null, assigned_at: t.clock.now() });
    await db.insertInto('expert_assignment').values([assign(0), assign(1)]).execute();
    expect(numbers(await list(tokens.reviewer, {})).sort()).toEqual([specs[0]!.number, specs[1]!.number]);
    // Applicant 1 names the reviewer as supervisor: gone from the list, assignment or not.
    const direction = await db.selectFrom('research_direction').select('id').executeTakeFirst();
    if (!direction) {
      const programme = prog['CS-PHD']!;
      await db.insertInto('research_direction').values({ programme_id: programme, code: 'T-01', name_zh: '测试方向', name_en: 'Test direction' }).execute();
    }
    const directionId = (await db.selectFrom('research_direction').select('id').executeTakeFirstOrThrow()).id;
    const supervisor = await db
      .insertInto('supervisor')
      .values({ direction_id: directionId, name: '赵敏', title_zh: '教授', title_en: 'Professor', user_id: reviewer.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('application_form').set({ supervisor_id: supervisor.id }).where('user_id', '=', userIds[1]!).execute();
    expect(numbers(await list(tokens.reviewer, {}))).toEqual([specs[0]!.number]);
  });

  it('refuses the system administrator and applicants, and shows them nothing', async () => {
    for (const token of [tokens.sysadmin, tokens.applicant]) {
      const r = await list(token, {});
      expect(r.code).toBe(403);
      expect(r.data).toBeUndefined();
    }
  });

  it('offers a secretary only their own departments and programmes to filter by', async () => {
    const r = await call<ApplicationFilterOptionsView>(t.app, '/mucgrs-service/staff/applications/options', { token: tokens.secretary, body: {} });
    expect(r.data.departments.map((d) => d.id)).toEqual([dept.CS]);
    expect(new Set(r.data.programmes.map((p) => p.departmentId))).toEqual(new Set([dept.CS]));
    expect(r.data.currentYear).toBe('2027');
    const office = await call<ApplicationFilterOptionsView>(t.app, '/mucgrs-service/staff/applications/options', { token: tokens.office, body: {} });
    expect(office.data.departments).toHaveLength(3);
  });
});

describe('the applications list: who is offered it', () => {
  it('is in the menus of the office, secretaries and experts, and of nobody else', async () => {
    const menusOf = async (token: string) =>
      (await call<{ sysMenuList: { menuName: string }[] }>(t.app, '/mucgrs-service/system/user/getUserInfo', { token })).data.sysMenuList.map((m) => m.menuName);
    for (const who of ['office', 'secretary', 'reviewer'] as const) expect(await menusOf(tokens[who]), who).toContain('menu.staff.applications');
    for (const who of ['sysadmin', 'applicant'] as const) expect(await menusOf(tokens[who]), who).not.toContain('menu.staff.applications');
  });
});

describe('the applications list: bad input changes nothing and says which field', () => {
  it.each([
    [{ pageSize: 37 }, 'Page size: not one of the allowed choices'],
    [{ pageNum: 0 }, 'Page: too short'],
    [{ sortField: 'password_hash' }, 'Sort by: not one of the allowed choices'],
    [{ sortOrder: 'sideways' }, 'Order: not one of the allowed choices'],
    [{ photo: 'blurry' }, 'Photo: not one of the allowed choices'],
    [{ area: 'mars' }, 'Area: not one of the allowed choices'],
    [{ q: 'x'.repeat(51) }, 'Search: too long'],
    [{ recruitYear: '27' }, 'Recruitment year: not in a valid form'],
    [{ departmentId: 'CS' }, 'Department: wrong type'],
    [{ exactTotal: 'yes' }, 'Count every match: wrong type'],
    [{ orderBy: 'name' }, 'orderBy'],
  ])('%o -> "%s"', async (body, message) => {
    const r = await list(tokens.office, body as ApplicationListRequest);
    expect(r.code).toBe(400);
    expect(r.msg).toContain(message);
  });

  it('names the field in the caller language', async () => {
    const r = await list(tokens.office, { pageSize: 37 } as ApplicationListRequest, 'zh-CN');
    expect(r.msg).toContain('每页条数');
  });
});

describe('the applications list: totals above a thousand', () => {
  it('counts up to 1,000 and says "more than", counts them all when asked, and pages past the thousandth', async () => {
    const db = t.app.ctx.db;
    const now = t.clock.now();
    const many: ApplicationSpec[] = Array.from({ length: APPLICATION_LIST_COUNT_CAP + 5 }, (_, i) => ({
      ...specs[0]!,
      number: `2030${String(i).padStart(5, '0')}`,
      name: i < 5 ? `沈${i}` : `蒋${i}`,
      recruitYear: '2030',
      savedAt: now - i * 1000,
      submittedAt: now - i * 1000,
    }));
    await insertApplications(db, now, many);
    const capped = await list(tokens.office, { recruitYear: '2030', pageSize: 10 });
    expect(capped.data).toMatchObject({ total: APPLICATION_LIST_COUNT_CAP, totalCapped: true });
    const exact = await list(tokens.office, { recruitYear: '2030', pageSize: 10, exactTotal: true });
    expect(exact.data).toMatchObject({ total: APPLICATION_LIST_COUNT_CAP + 5, totalCapped: false });
    // Exactly as many as the cap is a number, not "more than".
    const at = await list(tokens.office, { recruitYear: '2030', q: '蒋', pageSize: 10 });
    expect(at.data).toMatchObject({ total: APPLICATION_LIST_COUNT_CAP, totalCapped: false });
    const fewer = await list(tokens.office, { recruitYear: '2030', q: '蒋100' });
    expect(fewer.data).toMatchObject({ total: 6, totalCapped: false });
    // Newest first: the last page past the thousandth holds the five oldest.
    const last = await list(tokens.office, { recruitYear: '2030', pageSize: 10, pageNum: 101 });
    expect(numbers(last)).toEqual(many.slice(-5).map((s) => s.number));
  });
});
