import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCTOR_AREA, type AdmissionDetailView, type ApplicationListView, type FormDetailView, type JourneyView, type MaterialsView, type MenuView, type PaymentOrderView, type ReviewResultView, type ScoreResultView, type TicketResultView } from '@gradus/contract';
import { buildTestApp, call, captcha, type TestApp } from '../../../../test/harness';
import { DEMO_APPLICANTS, DEMO_PASSWORD } from '../../../db/seed/demo';
import { DEMO_STAGE_OF } from './journeys';

const journeyOf = (a: { number: string }) => DEMO_STAGE_OF[a.number];

/**
 * The demo a newcomer signs in to: four doctoral applicants at four stages, each seeing the pages
 * of their stage with real content, through the same calls the web app makes.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
  for (const a of DEMO_APPLICANTS.filter((d) => journeyOf(d))) {
    const r = await call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', {
      body: { userRegisterType: a.registerType, registerNo: a.number, password: DEMO_PASSWORD, ...(await captcha(t.app)) },
    });
    expect(r.code, `${a.name} signs in`).toBe(0);
    tokens[journeyOf(a)!] = r.data.token;
  }
});
afterAll(async () => t.close());

const ask = <T,>(who: string, url: string, body: object = {}) => call<T>(t.app, `/mucgrs-service/${url}`, { token: tokens[who], body });
async function menus(who: string): Promise<string[]> {
  const r = await call<{ sysMenuList: MenuView[] }>(t.app, '/mucgrs-service/system/user/getUserInfo', { token: tokens[who] });
  return r.data.sysMenuList.map((m) => m.menuName);
}

describe('demo doctoral applicants', () => {
  it('are the four the README names, each at its own stage', () => {
    expect(DEMO_APPLICANTS.filter((a) => journeyOf(a)).map((a) => [a.number, a.name, journeyOf(a)])).toEqual([
      ['2027100001', '张伟', 'registered'],
      ['2027200001', '刘洋', 'underReview'],
      ['2027400001', '陳嘉欣', 'ticketsIssued'],
      ['2027100002', '王磊', 'proposedForAdmission'],
    ]);
  });

  it('张伟 has just registered: an empty form to fill, nothing paid, nothing later in the menu', async () => {
    const journey = await ask<JourneyView>('registered', 'doctor/journey');
    expect(journey.data.next.action).toBe('fillForm');
    expect(journey.data.next.deadline).not.toBeNull();
    const form = await ask<FormDetailView>('registered', 'doctor/form/detail');
    expect(form.data).toMatchObject({ status: 'none', version: 0 });
    const names = await menus('registered');
    expect(names).toContain('menu.doctorRegister.apply');
    for (const later of ['menu.partInfo', 'menu.print', 'menu.scoreQuery', 'menu.admission']) expect(names).not.toContain(later);
  });

  it('刘洋 is under review: form submitted, fee paid, photo approved, no result yet', async () => {
    expect((await ask<JourneyView>('underReview', 'doctor/journey')).data.next.action).toBe('waitForReview');
    expect((await ask<FormDetailView>('underReview', 'doctor/form/detail')).data.status).toBe('submitted');
    const order = await ask<PaymentOrderView>('underReview', 'doctor/payment/order');
    expect(order.data).toMatchObject({ status: 'paid', amount: '200.00' });
    const materials = await ask<MaterialsView>('underReview', 'doctor/materials/list', { phase: 'application' });
    expect(materials.data.requiredDone).toBe(materials.data.requiredCount);
    const photo = materials.data.categories.find((c) => c.key === 'idPhoto')?.files[0];
    expect(photo?.status).toBe('approved');
    const review = await ask<ReviewResultView>('underReview', 'doctor/results/review', { stage: 'qualificationReview' });
    expect(review.data).toMatchObject({ published: true, outcome: null });
    expect(await menus('underReview')).toContain('menu.partInfo.showPartInfo');
    expect(await menus('underReview')).not.toContain('menu.print');
  });

  it('陳嘉欣 holds both admission tickets, which print and verify', async () => {
    expect((await ask<JourneyView>('ticketsIssued', 'doctor/journey')).data.next.action).toBe('printAssessmentTicket');
    const ticket = await ask<TicketResultView>('ticketsIssued', 'doctor/results/ticket', { kind: 'assessment' });
    expect(ticket.data).toMatchObject({ published: true, ticket: { name: '陳嘉欣', applicantNumber: '2027400001', room: '理工楼 412' } });
    const pdf = await call(t.app, '/mucgrs-service/doctor/results/ticketPdf', { token: tokens.ticketsIssued, body: { kind: 'language' } });
    expect(pdf.raw.headers['content-type']).toContain('application/pdf');
    expect(await menus('ticketsIssued')).toEqual(expect.arrayContaining(['menu.print.languageTicket', 'menu.print.assessmentTicket']));
    expect(await menus('ticketsIssued')).not.toContain('menu.admission');
  });

  it('王磊 is proposed for admission with every score published and the notice address saved', async () => {
    expect((await ask<JourneyView>('proposedForAdmission', 'doctor/journey')).data.next.action).toBe('fillAdmissionInfo');
    const final = await ask<ScoreResultView>('proposedForAdmission', 'doctor/results/score', { kind: 'final' });
    expect(final.data).toMatchObject({ published: true, score: { score: '85.7' } });
    const proposed = await ask<ReviewResultView>('proposedForAdmission', 'doctor/results/review', { stage: 'proposedAdmission' });
    expect(proposed.data).toMatchObject({ published: true, outcome: 'pass' });
    const notice = await ask<AdmissionDetailView>('proposedForAdmission', 'doctor/admission/detail', { kind: 'notice' });
    expect(notice.data).toMatchObject({ saved: true, editable: true, data: { noticeCity: '北京市' } });
    const archive = await ask<AdmissionDetailView>('proposedForAdmission', 'doctor/admission/detail', { kind: 'archive' });
    expect(archive.data.saved).toBe(false);
    expect(await menus('proposedForAdmission')).toEqual(expect.arrayContaining(['menu.admission', 'menu.scoreQuery', 'menu.print']));
  });
});

describe("the demo's doctoral cohort, for the back office", () => {
  it('counts sixty-one doctoral applicants, spread over every state the applications list filters by', async () => {
    const staffToken = await signInStaff('secretary');
    const office = await signInStaff('admin');
    const list = (token: string, body: object) => call<ApplicationListView>(t.app, '/mucgrs-service/staff/applications/list', { token, body: { area: 'doctor', pageSize: 100, ...body } });
    const doctoral = await t.app.ctx.db.selectFrom('app_user').select('id').where('user_register_type', 'in', [1, 2, 4]).execute();
    expect(doctoral).toHaveLength(61);
    const all = await list(office, {});
    for (const [filter, value] of [
      ['formStatus', 'draft'],
      ['formStatus', 'returned'],
      ['payment', 'unpaid'],
      ['photo', 'uploaded'],
      ['photo', 'rejected'],
      ['photo', 'approved'],
      ['qualification', 'pass'],
      ['qualification', 'fail'],
    ] as const) {
      const r = await list(office, { [filter]: value });
      expect(r.data.total, `${filter}=${value}`).toBeGreaterThanOrEqual(2);
      expect(r.data.total, `${filter}=${value}`).toBeLessThan(all.data.total);
    }
    // The secretary of the School of Computer Science sees that school's applications, and only those.
    const mine = await list(staffToken, {});
    expect(mine.data.total).toBeGreaterThan(10);
    expect(new Set(mine.data.rows.map((r) => r.department?.nameEn))).toEqual(new Set(['School of Computer Science and Technology']));
  });
});

describe("the demo's experts", () => {
  it('each have files to review, and 王晓明 never sees an applicant who chose him as supervisor', async () => {
    const list = async (login: string) =>
      (await call<ApplicationListView>(t.app, '/mucgrs-service/staff/applications/list', { token: await signInStaff(login), body: { pageSize: 100 } })).data.rows;
    expect((await list('reviewer')).length).toBeGreaterThanOrEqual(2);
    for (const login of ['expert-wang', 'expert-zhou', 'expert-wu']) expect((await list(login)).length, login).toBeGreaterThanOrEqual(1);
    const db = t.app.ctx.db;
    const choseWang = await db
      .selectFrom('application_form as f')
      .innerJoin('supervisor as s', 's.id', 'f.supervisor_id')
      .select('f.user_id')
      .where('s.name', '=', '王晓明')
      .execute();
    expect(choseWang.length).toBeGreaterThan(0);
    // Never assigned to him by the automatic assignment, and never in his list.
    const wang = await db.selectFrom('app_user').select('id').where('login_name', '=', 'expert-wang').executeTakeFirstOrThrow();
    const assignedToHim = await db.selectFrom('expert_assignment').select('applicant_user_id').where('expert_user_id', '=', wang.id).execute();
    const his = new Set((await list('expert-wang')).map((r) => r.applicantUserId));
    for (const { user_id } of choseWang) {
      expect(his.has(user_id)).toBe(false);
      expect(assignedToHim.map((a) => a.applicant_user_id)).not.toContain(user_id);
    }
  });

  it('has a material review under way: rules, sheets, every eligible application with two experts, some scored', async () => {
    const db = t.app.ctx.db;
    const eligible = await db.selectFrom('application_form').select('user_id').where('area', '=', DOCTOR_AREA).where('qualification', '=', 'pass').execute();
    expect(eligible.length).toBeGreaterThanOrEqual(8);
    for (const { user_id } of eligible) {
      const experts = await db.selectFrom('expert_assignment').select('expert_user_id').where('applicant_user_id', '=', user_id).where('stage', '=', 'materialReview').execute();
      expect(experts.length, String(user_id)).toBe(2);
    }
    const submitted = await db.selectFrom('expert_score').select('id').where('status', '=', 'submitted').execute();
    expect(submitted.length).toBeGreaterThanOrEqual(6);
    expect(submitted.length).toBeLessThan(eligible.length * 2);
    expect((await db.selectFrom('score_sheet').select('id').where('stage', '=', 'materialReview').execute()).length).toBe(3);
  });
});

async function signInStaff(loginName: string): Promise<string> {
  const r = await call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', { body: { loginName, password: DEMO_PASSWORD, ...(await captcha(t.app)) } });
  if (r.code !== 0) throw new Error(`${loginName}: ${r.msg}`);
  return r.data.token;
}
