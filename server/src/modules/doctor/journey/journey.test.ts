import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCTOR_AREA } from '@gradus/contract';
import type { JourneyView, MenuView } from '@gradus/contract';
import { buildTestApp, call, signIn, type TestApp, runAdmin } from '../../../../test/harness';
import { UsageError } from '../../../cli/commands';

let t: TestApp;
let doctor: string;
let zhang: { id: number; recruit_year: string | null };
beforeAll(async () => {
  t = await buildTestApp();
  doctor = await signIn(t.app, 'assessment');
  zhang = await t.app.ctx.db.selectFrom('app_user').select(['id', 'recruit_year']).where('applicant_number', '=', '2027100001').executeTakeFirstOrThrow();
});
afterAll(async () => t.close());

const admin = (...argv: string[]) => runAdmin(t, ...argv);
async function menuNames(token: string): Promise<string[]> {
  // Menus are cached like reference data; a staff change in another process shows within the TTL.
  t.app.ctx.cache.clear();
  const r = await call<{ sysMenuList: MenuView[] }>(t.app, '/mucgrs-service/system/user/getUserInfo', { token });
  return r.data.sysMenuList.map((m) => m.menuName);
}
const journey = (token = doctor, lang?: string) => call<JourneyView>(t.app, '/mucgrs-service/doctor/journey', { token, body: {}, ...(lang ? { lang } : {}) });
const db = () => t.app.ctx.db;
const now = () => t.clock.now();

async function submitForm(): Promise<void> {
  await db()
    .insertInto('application_form')
    .values({ user_id: zhang.id, recruit_year: zhang.recruit_year!, area: 'doctor', status: 'submitted', sections_json: '{}', version: 3, saved_at: now(), submitted_at: now(), created_at: now() })
    .onConflict((oc) => oc.columns(['user_id', 'recruit_year', 'area']).doUpdateSet({ status: 'submitted' }))
    .execute();
}

describe('menus follow the stage', () => {
  it('a newly registered doctoral applicant has the form, materials and payment menus, nothing later', async () => {
    const names = await menuNames(doctor);
    expect(names).toEqual(expect.arrayContaining(['menu.doctorRegister.fill', 'menu.doctorRegister.apply', 'menu.doctorRegister.fileManage', 'menu.payManage', 'menu.payManage.pay']));
    for (const later of ['menu.partInfo', 'menu.doctorRegister.electronicData', 'menu.print', 'menu.scoreQuery', 'menu.admission']) expect(names).not.toContain(later);
  });

  it('the registration-info group and supplementary upload appear once the form is submitted', async () => {
    await submitForm();
    const names = await menuNames(doctor);
    expect(names).toEqual(expect.arrayContaining(['menu.partInfo', 'menu.partInfo.showPartInfo', 'menu.doctorRegister.electronicData']));
    expect(names).not.toContain('menu.print');
  });

  it('a ticket shows its print page only once it, and its prerequisite review (passed), are published', async () => {
    await db()
      .insertInto('exam_ticket')
      .values({ user_id: zhang.id, recruit_year: zhang.recruit_year!, area: DOCTOR_AREA, kind: 'language', ticket_no: 'T-JOURNEY-1', subject: 'English', starts_at: now(), ends_at: now() + 7_200_000, venue: 'Main', room: '101', seat: '12', notes: '', verify_code: 'journey-test-code-1', created_at: now() })
      .execute();
    await db().insertInto('review_decision').values({ user_id: zhang.id, recruit_year: zhang.recruit_year!, area: DOCTOR_AREA, stage: 'qualificationReview', outcome: 'pass', reason: null, decided_by: null, decided_at: now() }).execute();
    expect(await menuNames(doctor)).not.toContain('menu.print');
    expect(await admin('release', '--what', 'languageTicket')).toContain('published');
    expect(await admin('release', '--what', 'assessmentTicket')).toContain('published');
    // The ticket alone would tell that the unpublished qualification review was passed.
    expect(await menuNames(doctor)).not.toContain('menu.print');
    expect((await journey()).data.stages.find((s) => s.stage === 'ticketsReleased')!.state).not.toBe('done');
    await admin('release', '--what', 'qualificationReview');
    const names = await menuNames(doctor);
    expect(names).toEqual(expect.arrayContaining(['menu.print', 'menu.print.languageTicket']));
    expect(names).not.toContain('menu.print.assessmentTicket');
    expect((await journey()).data.stages.find((s) => s.stage === 'ticketsReleased')!.state).toBe('done');
    // A pass later corrected to a fail takes the ticket away again.
    await admin('decide', '--applicant', '2027100001', '--stage', 'qualificationReview', '--outcome', 'fail', '--reason', 'Degree not verified');
    expect(await menuNames(doctor)).not.toContain('menu.print');
    await admin('decide', '--applicant', '2027100001', '--stage', 'qualificationReview', '--outcome', 'pass');
    await admin('release', '--what', 'qualificationReview', '--off');
  });

  it('admission paperwork appears only with a published, passed proposed admission', async () => {
    await db().insertInto('review_decision').values({ user_id: zhang.id, recruit_year: zhang.recruit_year!, area: DOCTOR_AREA, stage: 'proposedAdmission', outcome: 'pass', reason: null, decided_by: null, decided_at: now() }).execute();
    expect(await menuNames(doctor)).not.toContain('menu.admission');
    await admin('release', '--what', 'proposedAdmission');
    expect(await menuNames(doctor)).toEqual(expect.arrayContaining(['menu.admission', 'menu.admission.information', 'menu.admission.notice']));
    await admin('release', '--what', 'proposedAdmission', '--off');
    expect(await menuNames(doctor)).not.toContain('menu.admission');
  });

  it('another doctoral applicant at the start still sees none of it', async () => {
    const names = await menuNames(await signIn(t.app, 'successive'));
    for (const later of ['menu.partInfo', 'menu.print', 'menu.admission']) expect(names).not.toContain(later);
    expect(names).toContain('menu.doctorRegister.apply');
  });
});

describe('the journey call', () => {
  it('shows the timeline with dates, the current stage and the next step with its deadline', async () => {
    const token = await signIn(t.app, 'hmt');
    const r = await journey(token);
    expect(r.code).toBe(0);
    expect(r.data.stages.map((s) => s.stage)[0]).toBe('registration');
    expect(r.data.stages).toHaveLength(11);
    expect(r.data.stages[0]).toMatchObject({ state: 'done' });
    expect(r.data.stages[0]!.closesAt).toBeTruthy();
    expect(r.data.current).toBe('formSubmitted');
    expect(r.data.next).toMatchObject({ action: 'fillForm', route: '/doctorRegister/doctorRegisterApply' });
    expect(r.data.next.deadline).toBe(r.data.stages[0]!.closesAt);
  });

  it('never reveals an unpublished decision', async () => {
    const liu = await db().selectFrom('app_user').select(['id', 'recruit_year']).where('applicant_number', '=', '2027200001').executeTakeFirstOrThrow();
    const token = await signIn(t.app, 'successive');
    await db().insertInto('review_decision').values({ user_id: liu.id, recruit_year: liu.recruit_year!, area: DOCTOR_AREA, stage: 'qualificationReview', outcome: 'fail', reason: 'secret', decided_by: null, decided_at: now() }).execute();
    const before = await journey(token);
    expect(before.data.stages.find((s) => s.stage === 'qualificationReview')!.state).toBe('upcoming');
    expect(JSON.stringify(before.raw.json())).not.toContain('secret');
    await admin('release', '--what', 'qualificationReview');
    const after = await journey(token);
    expect(after.data.stages.find((s) => s.stage === 'qualificationReview')!.state).toBe('failed');
    expect(after.data.stages.find((s) => s.stage === 'languageReview')!.state).toBe('notReached');
    // Not "under review": the road has ended, and the result page says why.
    expect(after.data.next).toEqual({ action: 'notPassed', route: '/partInfo/index4', deadline: null });
    expect(before.data.next.action).not.toBe('notPassed');
    await admin('release', '--what', 'qualificationReview', '--off');
  });

  it('says registration is closed once the window has passed', async () => {
    const token = await signIn(t.app, 'hmt');
    // A Hong Kong applicant's registration is the gat cycle's: closing the doctoral one does not close it.
    await admin('set-stage', '--stage', 'registration', '--closes', new Date(now() - 1000).toISOString());
    expect((await journey(token)).data.next.action).toBe('fillForm');
    await admin('set-stage', '--stage', 'registration', '--closes', new Date(now() - 1000).toISOString(), '--cycle', 'gat');
    expect((await journey(token)).data.next.action).toBe('registrationClosed');
    await admin('set-stage', '--stage', 'registration', '--closes', new Date(now() + 86_400_000).toISOString(), '--cycle', 'gat');
    await admin('set-stage', '--stage', 'registration', '--closes', new Date(now() + 86_400_000).toISOString());
    expect((await journey(token)).data.next.action).toBe('fillForm');
  });

  it.each([['reviewer'], ['admin'], ['camper'], ['tuimian']] as const)('is refused to %s', async (who) => {
    const r = await journey(await signIn(t.app, who), 'zh-CN');
    expect(r.code).toBe(403);
    expect(r.msg).toMatch(/权限/);
  });

  it('is refused without a session and with a body it does not take', async () => {
    expect((await call(t.app, '/mucgrs-service/doctor/journey', { body: {} })).code).toBe(401);
    const r = await call(t.app, '/mucgrs-service/doctor/journey', { token: doctor, body: { stage: 'x' } });
    expect(r.code).toBe(400);
  });
});

describe('stage and release commands', () => {
  it.each([
    [['set-stage', '--stage', 'nope', '--opens', '2027-01-01'], /--stage must be one of/],
    [['set-stage', '--stage', 'feePaid'], /needs --opens or --closes/],
    [['set-stage', '--stage', 'feePaid', '--closes', 'tomorrow'], /not a date/],
    [['set-stage', '--stage', 'feePaid', '--closes', '2027-03-10'], /--closes: give the time and its zone \(use e\.g\. 2027-03-01T09:00:00\+08:00/],
    [['set-stage', '--stage', 'feePaid', '--opens', '2027-03-01T09:00'], /--opens: give the time and its zone/],
    [['set-stage', '--stage', 'feePaid', '--opens', '2027-03-01T09:00:00'], /--opens: give the time and its zone/],
    [['release', '--what', 'finalScore', '--year', '27'], /--year: a recruitment year/],
    [['release', '--what', 'everything'], /--what must be one of/],
    [['release'], /missing --what/],
  ])('refuses %o', async (argv, message) => {
    await expect(admin(...argv)).rejects.toThrow(UsageError);
    await expect(admin(...argv)).rejects.toThrow(message);
  });

  it('a refused date changes nothing', async () => {
    const before = (await journey()).data.stages.find((s) => s.stage === 'feePaid');
    await expect(admin('set-stage', '--stage', 'feePaid', '--opens', '2027-01-01T00:00:00+08:00', '--closes', '2027-03-10T17:00')).rejects.toThrow(UsageError);
    expect((await journey()).data.stages.find((s) => s.stage === 'feePaid')).toEqual(before);
  });

  it('sets a stage window the timeline shows', async () => {
    await admin('set-stage', '--stage', 'languageReview', '--opens', '2027-03-01T09:00:00+08:00', '--closes', '2027-03-10T17:00:00+08:00');
    const stage = (await journey()).data.stages.find((s) => s.stage === 'languageReview')!;
    expect(stage.opensAt).toBe('2027-03-01T01:00:00.000Z');
    expect(stage.closesAt).toBe('2027-03-10T09:00:00.000Z');
  });
});

describe('release switches belong to a recruitment year', () => {
  const finalScoreKeys = () =>
    db().selectFrom('system_config').select(['system_key', 'system_value']).where('system_type', '=', 'doctor').where('system_key', 'like', '%finalScore').execute();

  it('release publishes for the current year, and says which', async () => {
    expect(await admin('release', '--what', 'finalScore')).toBe(`finalScore (${zhang.recruit_year}): published`);
    expect(await finalScoreKeys()).toEqual([{ system_key: `release.${zhang.recruit_year}.finalScore`, system_value: '1' }]);
  });

  it("a new cycle starts with nothing published, while last year's applicants keep their results", async () => {
    await admin('release', '--what', 'qualificationReview');
    const liu = await signIn(t.app, 'successive');
    const review = () => call<{ published: boolean }>(t.app, '/mucgrs-service/doctor/results/review', { token: liu, body: { stage: 'qualificationReview' } });
    expect((await review()).data.published).toBe(true);

    await admin('set-recruit-year', '2028');
    const nextYear = await db().selectFrom('system_config').select('system_key').where('system_key', 'like', 'release.2028.%').execute();
    expect(nextYear).toEqual([]);
    // Released for 2027, an applicant of 2027 still reads it; a 2028 switch is needed for 2028.
    expect((await review()).data.published).toBe(true);
    expect(await admin('release', '--what', 'qualificationReview')).toBe('qualificationReview (2028): published');
    await admin('release', '--what', 'qualificationReview', '--year', zhang.recruit_year!, '--off');
    expect((await review()).data.published).toBe(false);

    await admin('set-recruit-year', zhang.recruit_year!);
  });
});
