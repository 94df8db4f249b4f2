import {
  ADMISSION_AREAS,
  DOCTOR_AREA,
  SUMMER_CAMP_AREA,
  TMS_AREA,
  RegisterType,
  type ApplicationListRequest,
  type ApplicationListView,
  type DashboardStages,
  type MenuView,
  type PhotoQueueView,
  type StaffDashboardRequest,
  type StaffDashboardView,
} from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplications, type ApplicationSpec } from '../../../test/application-factory';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';
import { submissionWindows } from './calendar';

/**
 * The back office's dashboard over real HTTP on the demo: sixty doctoral applicants in every
 * state, experts assigned with some scores submitted. Each count must be the total the
 * applications list gives the same caller for the same filter.
 */
let t: TestApp;
let tokens: { office: string; secretary: string; reviewer: string; applicant: string; sysadmin: string };
let year: string;

const DASHBOARD = '/mucgrs-service/staff/dashboard';
const dashboard = (token: string, body: StaffDashboardRequest = {}, lang = 'en') => call<StaffDashboardView>(t.app, DASHBOARD, { token, body, lang });
const listTotal = async (token: string, filters: ApplicationListRequest) => {
  const r = await call<ApplicationListView>(t.app, '/mucgrs-service/staff/applications/list', { token, body: { area: DOCTOR_AREA, recruitYear: year, pageSize: 10, ...filters } });
  expect(r.code).toBe(0);
  return r.data.total;
};

/** The list filter each stage count stands for. */
const STAGE_FILTERS: Record<keyof DashboardStages, ApplicationListRequest> = {
  total: {},
  draft: { formStatus: 'draft' },
  submitted: { formStatus: 'submitted' },
  returned: { formStatus: 'returned' },
  paid: { payment: 'paid' },
  photoWaiting: { photo: 'uploaded' },
  eligible: { qualification: 'pass' },
  ineligible: { qualification: 'fail' },
};

async function listedStages(token: string): Promise<DashboardStages> {
  const entries = await Promise.all(Object.entries(STAGE_FILTERS).map(async ([stage, filters]) => [stage, await listTotal(token, filters)] as const));
  return Object.fromEntries(entries) as unknown as DashboardStages;
}

/** Assignments and submitted scores counted straight from the tables, for the experts a check names. */
async function expertTruth(departmentIds: number[] | null) {
  const db = t.app.ctx.db;
  let assignments = db
    .selectFrom('expert_assignment as ea')
    .innerJoin('application_form as f', (j) => j.onRef('f.user_id', '=', 'ea.applicant_user_id').onRef('f.recruit_year', '=', 'ea.recruit_year').onRef('f.area', '=', 'ea.area'))
    .select(['ea.expert_user_id', 'ea.applicant_user_id', 'ea.stage', 'f.department_id'])
    .where('ea.area', '=', DOCTOR_AREA)
    .where('ea.recruit_year', '=', year);
  if (departmentIds) assignments = assignments.where('f.department_id', 'in', departmentIds);
  const [rows, scores] = await Promise.all([
    assignments.execute(),
    db.selectFrom('expert_score').select(['expert_user_id', 'applicant_user_id', 'stage']).where('status', '=', 'submitted').where('area', '=', DOCTOR_AREA).where('recruit_year', '=', year).execute(),
  ]);
  const submitted = new Set(scores.map((s) => `${s.expert_user_id}/${s.applicant_user_id}/${s.stage}`));
  const byExpert = new Map<number, { assigned: number; submitted: number }>();
  for (const r of rows) {
    const e = byExpert.get(r.expert_user_id) ?? { assigned: 0, submitted: 0 };
    e.assigned += 1;
    if (submitted.has(`${r.expert_user_id}/${r.applicant_user_id}/${r.stage}`)) e.submitted += 1;
    byExpert.set(r.expert_user_id, e);
  }
  return byExpert;
}

const perExpert = (view: StaffDashboardView) => new Map(view.experts.map((e) => [e.expertUserId, { assigned: e.assigned, submitted: e.submitted }]));

beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
  year = (await t.app.ctx.db.selectFrom('recruit_year').select('year').where('is_current', '=', 1).executeTakeFirstOrThrow()).year;
  tokens = {
    office: await signIn(t.app, 'admin'),
    secretary: await signIn(t.app, 'secretary'),
    reviewer: await signIn(t.app, 'reviewer'),
    applicant: await signIn(t.app, 'assessment'),
    sysadmin: await signIn(t.app, 'sysadmin'),
  };
});
afterAll(async () => t.close());

describe('the staff dashboard', () => {
  it("gives the office the list's totals for every stage, and every stage has applicants in the demo", async () => {
    const r = await dashboard(tokens.office);
    expect(r.code).toBe(0);
    expect(r.data.area).toBe(DOCTOR_AREA);
    expect(r.data.recruitYear).toBe(year);
    expect(r.data.stages).toEqual(await listedStages(tokens.office));
    // Equal zeros would prove nothing.
    for (const [stage, count] of Object.entries(r.data.stages)) expect(count, stage).toBeGreaterThan(0);
    expect(r.data.stages.total).toBeGreaterThanOrEqual(50);
  });

  it("gives each programme's submitted, paid and eligible counts as the list filtered by that programme", async () => {
    const { data } = await dashboard(tokens.office);
    expect(data.perProgramme.length).toBeGreaterThan(1);
    for (const row of data.perProgramme) {
      const programmeId = row.programme?.id;
      expect(programmeId, 'the demo applicants who submitted all chose a programme').toBeDefined();
      expect(row.submitted).toBe(await listTotal(tokens.office, { programmeId, formStatus: 'submitted' }));
      expect(row.paid).toBe(await listTotal(tokens.office, { programmeId, payment: 'paid' }));
      expect(row.eligible).toBe(await listTotal(tokens.office, { programmeId, qualification: 'pass' }));
    }
    const submitted = data.perProgramme.map((p) => p.submitted);
    expect(submitted).toEqual([...submitted].sort((a, b) => b - a));
    expect(submitted.reduce((a, b) => a + b, 0)).toBe(data.stages.submitted);
  });

  it("counts the photos waiting as the photo review queue does, and today's submissions", async () => {
    const { data } = await dashboard(tokens.office);
    const queue = await call<PhotoQueueView>(t.app, '/mucgrs-service/staff/photos/next', { token: tokens.office, body: {} });
    expect(data.photosWaiting).toBe(queue.data.waiting);
    expect(data.photosWaiting).toBeGreaterThan(0);
    // The demo walked everyone through the portal at the test clock's time: every submission is today's.
    expect(data.submissionsPerDay).toHaveLength(30);
    const today = data.submissionsPerDay.at(-1)!;
    expect(today.day).toBe(new Date(t.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10));
    expect(today.thisYear).toBe(await listTotal(tokens.office, { formStatus: 'submitted' }) + (await listTotal(tokens.office, { formStatus: 'returned' })));
    expect(data.submissionsPerDay.slice(0, -1).every((d) => d.thisYear === 0 && d.lastYear === 0)).toBe(true);
  });

  it("shows the office every expert's assignments and submitted scores", async () => {
    const { data } = await dashboard(tokens.office);
    const truth = await expertTruth(null);
    expect(truth.size).toBeGreaterThan(1);
    expect(perExpert(data)).toEqual(truth);
    // The demo scored some and left the rest waiting.
    const submitted = data.experts.reduce((s, e) => s + e.submitted, 0);
    expect(submitted).toBeGreaterThan(0);
    expect(submitted).toBeLessThan(data.experts.reduce((s, e) => s + e.assigned, 0));
    for (const e of data.experts) expect(e.name).not.toBe('');
  });

  it("limits a secretary to their school: the list's totals, their programmes, the experts reviewing their applicants", async () => {
    const db = t.app.ctx.db;
    const [office, mine] = [(await dashboard(tokens.office)).data, (await dashboard(tokens.secretary)).data];
    expect(mine.stages).toEqual(await listedStages(tokens.secretary));
    expect(mine.stages.total).toBeGreaterThan(0);
    expect(mine.stages.total).toBeLessThan(office.stages.total);

    const secretary = await db.selectFrom('app_user').select('id').where('login_name', '=', 'secretary').executeTakeFirstOrThrow();
    const departmentIds = (await db.selectFrom('staff_department').select('department_id').where('user_id', '=', secretary.id).execute()).map((d) => d.department_id);
    const theirProgrammes = (await db.selectFrom('programme').select('id').where('department_id', 'in', departmentIds).execute()).map((p) => p.id);
    expect(mine.perProgramme.length).toBeGreaterThan(0);
    for (const row of mine.perProgramme) expect(theirProgrammes).toContain(row.programme?.id);

    expect(perExpert(mine)).toEqual(await expertTruth(departmentIds));
    expect(mine.photosWaiting).toBeLessThan(office.photosWaiting);
    const today = mine.submissionsPerDay.at(-1)!;
    expect(today.thisYear).toBeLessThan(office.submissionsPerDay.at(-1)!.thisYear);
  });

  it('shows an expert only the applications assigned to them, and only their own progress', async () => {
    const db = t.app.ctx.db;
    const { data } = await dashboard(tokens.reviewer);
    const reviewer = await db.selectFrom('app_user').select('id').where('login_name', '=', 'reviewer').executeTakeFirstOrThrow();
    const assigned = await listTotal(tokens.reviewer, {});
    expect(assigned).toBeGreaterThan(0);
    expect(data.stages).toEqual(await listedStages(tokens.reviewer));
    expect(data.stages.total).toBe(assigned);
    expect(data.experts.map((e) => e.expertUserId)).toEqual([reviewer.id]);
    expect(perExpert(data).get(reviewer.id)).toEqual((await expertTruth(null)).get(reviewer.id));
  });

  it('is the first page of the office, secretaries and experts under Admissions review, and in nobody else\'s menus', async () => {
    const staffPages = async (token: string) =>
      (await call<{ sysMenuList: MenuView[] }>(t.app, '/mucgrs-service/system/user/getUserInfo', { token })).data.sysMenuList;
    for (const who of ['office', 'secretary', 'reviewer'] as const) {
      const menus = await staffPages(tokens[who]);
      const group = menus.find((m) => m.menuName === 'menu.staff.review');
      const first = menus.filter((m) => m.parentId === group?.menuId).sort((a, b) => a.orderNum - b.orderNum)[0];
      expect(first?.menuName, who).toBe('menu.staff.dashboard');
    }
    for (const who of ['sysadmin', 'applicant'] as const) expect((await staffPages(tokens[who])).map((m) => m.menuName), who).not.toContain('menu.staff.dashboard');
  });

  it('refuses an applicant, the system administrator and a caller without a session', async () => {
    for (const who of ['applicant', 'sysadmin'] as const) {
      const refused = await dashboard(tokens[who]);
      expect(refused.code, who).toBe(403);
      expect(refused.data, who).toBeUndefined();
    }
    expect((await call(t.app, DASHBOARD, { body: {} })).code).toBe(401);
  });

  it.each([
    [{ area: 'mars' }, 'en', 'Area: not one of the allowed choices'],
    [{ area: 7 }, 'en', 'Area'],
    [{ area: 'mars' }, 'zh-CN', '招生类别'],
    [{ recruitYear: '2027' }, 'en', 'Recruitment year: not an accepted field'],
  ])('refuses %o with a message naming the field (%s)', async (body, lang, message) => {
    const r = await dashboard(tokens.office, body as StaffDashboardRequest, lang);
    expect(r.code).toBe(400);
    expect(r.msg).toContain(message);
  });
});

describe('submissions per day', () => {
  const DAY = 86_400_000;
  const HOUR = 3_600_000;

  it('are counted by Beijing day, in the last thirty days and the same days a year earlier', async () => {
    // An area of its own, so the demo's doctoral, summer-camp and tuimian applications do not count here.
    const area = ADMISSION_AREAS.find((a) => a !== DOCTOR_AREA && a !== SUMMER_CAMP_AREA && a !== TMS_AREA)!;
    const { days, thisYearFrom, lastYearFrom } = submissionWindows(t.clock.now());
    const at = (submittedAt: number, n: number): ApplicationSpec => ({
      number: `2027390${String(n).padStart(3, '0')}`,
      name: `申请人${n}`,
      registerType: RegisterType.TUIMIAN,
      recruitYear: submittedAt < thisYearFrom ? String(Number(year) - 1) : year,
      area,
      departmentId: null,
      programmeId: null,
      formStatus: 'submitted',
      savedAt: submittedAt,
      submittedAt,
      paid: false,
      photo: 'missing',
      qualification: 'pending',
    });
    const moments = [
      thisYearFrom, // the window's first moment: its first day
      thisYearFrom - 1, // a millisecond before: outside
      thisYearFrom + DAY - 1, // the first day's last moment
      thisYearFrom + 29 * DAY + 10 * HOUR, // today
      thisYearFrom + 29 * DAY + 11 * HOUR, // today
      thisYearFrom + 30 * DAY, // tomorrow: outside
      lastYearFrom + 29 * DAY, // a year before today
      lastYearFrom + 30 * DAY, // a year before tomorrow: outside
    ];
    await insertApplications(t.app.ctx.db, t.clock.now(), moments.map(at));
    const { data } = await dashboard(tokens.office, { area });
    expect(data.submissionsPerDay.map((d) => d.day)).toEqual(days);
    const counted = data.submissionsPerDay.filter((d) => d.thisYear || d.lastYear);
    expect(counted).toEqual([
      { day: days[0], thisYear: 2, lastYear: 0 },
      { day: days[29], thisYear: 2, lastYear: 1 },
    ]);
  });

  it('turn over at midnight Beijing time, not UTC', () => {
    // 16:30 UTC on 1 March is 00:30 on 2 March in Beijing.
    const { days, thisYearFrom, lastYearFrom } = submissionWindows(Date.UTC(2027, 2, 1, 16, 30));
    expect(days.at(-1)).toBe('2027-03-02');
    expect(days[0]).toBe('2027-02-01');
    expect(thisYearFrom).toBe(Date.UTC(2027, 1, 1) - 8 * HOUR);
    expect(lastYearFrom).toBe(Date.UTC(2026, 1, 1) - 8 * HOUR);
    expect(new Set(days).size).toBe(30);
  });
});
