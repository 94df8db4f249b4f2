import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOrderView, ReleasePreviewView, ReviewResultView, TimelineView } from '@gradus/contract';
import { buildTestApp, call, runAdmin, signIn, type TestApp } from '../../../../test/harness';
import { UsageError } from '../../../cli/commands';
import { setConfigValue } from '../../system-config/service';
import { decide } from '../results/staff';
import { newDoctoralApplicant, withdrawAll, type TestApplicant } from '../results/fixtures/applicants';
import { feeWindow } from './service';

/**
 * Issue #11: Hong Kong, Macao and Taiwan applicants (register type 4) keep the doctoral pages and
 * records, on their own cycle: the gat area's stage windows, fee and releases, not the doctor
 * area's under another name.
 */
let t: TestApp;
let mainland: TestApplicant;
let hongKong: TestApplicant;
const admin = (...argv: string[]) => runAdmin(t, ...argv);
const iso = (offsetMs: number) => new Date(t.clock.now() + offsetMs).toISOString();
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  await withdrawAll(t);
  mainland = await newDoctoralApplicant(t, '周明');
  hongKong = await newDoctoralApplicant(t, '陳志強', { hmt: true });
  // Both forms submitted, so both are applicants of their cycle's releases.
  for (const a of [mainland, hongKong]) {
    await t.app.ctx.db
      .insertInto('application_form')
      .values({ user_id: a.userId, recruit_year: a.recruitYear, area: 'doctor', status: 'submitted', sections_json: '{}', version: 2, saved_at: t.clock.now(), submitted_at: t.clock.now(), created_at: t.clock.now() })
      .execute();
  }
});
afterAll(async () => t.close());

const review = async (who: TestApplicant) =>
  (await call<ReviewResultView>(t.app, '/mucgrs-service/doctor/results/review', { token: who.token, body: { stage: 'qualificationReview' } })).data;

describe('the Hong Kong, Macao and Taiwan cycle (gat)', () => {
  it('publishes a result to its own applicants only', async () => {
    const actor = { staffUserId: (await t.app.ctx.db.selectFrom('app_user').select('id').where('login_name', '=', 'admin').executeTakeFirstOrThrow()).id };
    for (const a of [mainland, hongKong]) {
      await decide(t.app.ctx.db, t.clock.now(), { userId: a.userId, recruitYear: a.recruitYear, applicantNumber: a.number }, { stage: 'qualificationReview', outcome: 'pass' }, actor);
    }
    expect(await admin('release', '--what', 'qualificationReview')).toMatch(/^qualificationReview \(\d{4}\): published$/);
    expect(await review(mainland)).toMatchObject({ published: true, outcome: 'pass' });
    expect(await review(hongKong)).toEqual({ published: false });

    expect(await admin('release', '--what', 'qualificationReview', '--cycle', 'gat')).toMatch(/^qualificationReview \(\d{4}, gat\): published$/);
    expect(await review(hongKong)).toMatchObject({ published: true, outcome: 'pass' });
    // Withdrawn from the doctor cycle, it stays out for the gat one.
    await admin('release', '--what', 'qualificationReview', '--off');
    expect(await review(mainland)).toEqual({ published: false });
    expect(await review(hongKong)).toMatchObject({ published: true });
  });

  it('previews and mails a release to the applicants of its cycle, never the other’s', async () => {
    const office = await signIn(t.app, 'admin');
    const preview = async (area: string) =>
      call<ReleasePreviewView>(t.app, '/mucgrs-service/staff/releases/preview', { token: office, body: { area, recruitYear: mainland.recruitYear, release: 'qualificationReview' } });
    const numbers = async (area: string) => {
      const r = await preview(area);
      expect(r.code).toBe(0);
      return JSON.stringify(r.data);
    };
    const gat = await numbers('gat');
    expect(gat).toContain(hongKong.number);
    expect(gat).not.toContain(mainland.number);
    const doctor = await numbers('doctor');
    expect(doctor).toContain(mainland.number);
    expect(doctor).not.toContain(hongKong.number);
  });

  it('has its own stage windows: the office sets them on the timeline, the doctor cycle’s stay as they were', async () => {
    const office = await signIn(t.app, 'admin');
    await admin('set-stage', '--stage', 'feePaid', '--opens', iso(-10 * DAY), '--closes', iso(-DAY));
    await admin('set-stage', '--stage', 'feePaid', '--opens', iso(-10 * DAY), '--closes', iso(10 * DAY), '--cycle', 'gat');
    expect((await feeWindow(t.app.ctx, { recruitYear: mainland.recruitYear, registerType: 1 })).open).toBe(false);
    expect((await feeWindow(t.app.ctx, { recruitYear: hongKong.recruitYear, registerType: 4 })).open).toBe(true);

    const saved = await call<TimelineView>(t.app, '/mucgrs-service/staff/cycle/saveWindow', {
      token: office,
      body: { area: 'gat', recruitYear: hongKong.recruitYear, stage: 'feePaid', opensAt: iso(-10 * DAY), closesAt: iso(-2 * DAY) },
    });
    expect(saved.code).toBe(0);
    expect(saved.data.area).toBe('gat');
    expect((await feeWindow(t.app.ctx, { recruitYear: hongKong.recruitYear, registerType: 4 })).open).toBe(false);
    const doctor = await call<TimelineView>(t.app, '/mucgrs-service/staff/cycle/timeline', { token: office, body: { area: 'doctor', recruitYear: mainland.recruitYear } });
    expect(doctor.data.stages.find((s) => s.stage === 'feePaid')?.closesAt).toBe(iso(-DAY));
    const gat = await call<TimelineView>(t.app, '/mucgrs-service/staff/cycle/timeline', { token: office, body: { area: 'gat', recruitYear: hongKong.recruitYear } });
    expect(gat.data.releases.find((r) => r.release === 'qualificationReview')?.published).toBe(true);
    expect(doctor.data.releases.find((r) => r.release === 'qualificationReview')?.published).toBe(false);
  });

  it('charges its own fee', async () => {
    await admin('set-stage', '--stage', 'feePaid', '--opens', iso(-10 * DAY), '--closes', iso(10 * DAY));
    await admin('set-stage', '--stage', 'feePaid', '--opens', iso(-10 * DAY), '--closes', iso(10 * DAY), '--cycle', 'gat');
    await setConfigValue(t.app.ctx.db, t.clock.now(), 'doctor', 'applicationFee', '200.00');
    await setConfigValue(t.app.ctx.db, t.clock.now(), 'gat', 'applicationFee', '350.00');
    const order = async (who: TestApplicant) => (await call<PaymentOrderView>(t.app, '/mucgrs-service/doctor/payment/order', { token: who.token, body: {} })).data;
    expect((await order(mainland)).amount).toBe('200.00');
    expect((await order(hongKong)).amount).toBe('350.00');
  });

  it('refuses an unknown cycle on the command line and at the call', async () => {
    await expect(admin('release', '--what', 'qualificationReview', '--cycle', 'tms')).rejects.toThrow(UsageError);
    await expect(admin('set-stage', '--stage', 'feePaid', '--closes', iso(DAY), '--cycle', 'moon')).rejects.toThrow(/--cycle must be one of doctor, gat/);
    const office = await signIn(t.app, 'admin');
    const r = await call(t.app, '/mucgrs-service/staff/cycle/timeline', { token: office, body: { area: 'moon' } });
    expect(r.code).toBe(400);
  });
});
