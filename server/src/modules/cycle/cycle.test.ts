import { DOCTOR_AREA, type RecruitYearsView, type ReviewResultView, type TimelineView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';

/**
 * The cycle's timeline and recruitment years (issue #10): the office edits an area's stage windows
 * on one timeline and starts the next year, which begins with nothing published and no windows,
 * while the last year's applicants keep reading their own results.
 */
let t: TestApp;
let admin: string;
const base = '/mucgrs-service/staff/cycle';
const post = <T = null>(path: string, body: unknown, opts: { token?: string; lang?: string } = {}) => call<T>(t.app, `${base}/${path}`, { token: opts.token ?? admin, body, lang: opts.lang ?? 'en' });

beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
  admin = await signIn(t.app, 'admin');
}, 120_000);
afterAll(async () => t?.close());

describe('the cycle timeline', () => {
  it('shows the current year’s stage windows and where each release stands', async () => {
    const r = await post<TimelineView>('timeline', { area: DOCTOR_AREA });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.recruitYear).toBe('2027');
    expect(r.data.stages.map((s) => s.stage)).toContain('qualificationReview');
    expect(r.data.stages.find((s) => s.stage === 'qualificationReview')!.opensAt).not.toBeNull();
    expect(r.data.releases.find((x) => x.release === 'qualificationReview')!.published).toBe(true);
  });

  it('saves a stage window as Beijing time, audited, and refuses an end before the start or an unknown stage', async () => {
    const saved = await post<TimelineView>('saveWindow', { area: DOCTOR_AREA, recruitYear: '2027', stage: 'languageReview', opensAt: '2027-03-01T09:00:00+08:00', closesAt: '2027-03-31T17:00:00+08:00' });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.stages.find((s) => s.stage === 'languageReview')).toEqual({ stage: 'languageReview', opensAt: '2027-03-01T09:00:00+08:00', closesAt: '2027-03-31T17:00:00+08:00' });
    const backwards = await post('saveWindow', { area: DOCTOR_AREA, recruitYear: '2027', stage: 'languageReview', opensAt: '2027-03-31T09:00:00+08:00', closesAt: '2027-03-01T17:00:00+08:00' });
    expect(backwards.code).toBe(400);
    const unknown = await post('saveWindow', { area: DOCTOR_AREA, recruitYear: '2027', stage: 'nonsense', opensAt: null, closesAt: null });
    expect(unknown.code).toBe(404);
    expect(unknown.msg).toBe('This area has no stage called nonsense.');
    const noZone = await post('saveWindow', { area: DOCTOR_AREA, recruitYear: '2027', stage: 'languageReview', opensAt: '2027-03-01T09:00', closesAt: null });
    expect(noZone.code).toBe(400);
    const audit = await t.app.ctx.db.selectFrom('audit_event').select('detail').where('event', '=', 'cycle.stageWindow').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toMatchObject({ stage: 'languageReview', recruitYear: '2027' });
  });

  it('is the office’s alone', async () => {
    const secretary = await signIn(t.app, 'secretary');
    const sysadmin = await signIn(t.app, 'sysadmin');
    for (const token of [secretary, sysadmin]) {
      expect((await post('years', {}, { token })).code).toBe(403);
      expect((await post('startYear', { year: '2028' }, { token })).code).toBe(403);
      expect((await post('saveWindow', { area: DOCTOR_AREA, recruitYear: '2027', stage: 'languageReview', opensAt: null, closesAt: null }, { token })).code).toBe(403);
    }
  });
});

describe('recruitment years', () => {
  it('refuses any year but the next one, typed out', async () => {
    const skip = await post('startYear', { year: '2029' }, { lang: 'zh-CN' });
    expect(skip.code).toBe(409);
    expect(skip.msg).toBe('只能开启当前年度的下一年：应为 2028，而不是 2029。');
    expect((await post('startYear', { year: '27' })).code).toBe(400);
    expect((await post<RecruitYearsView>('years', {})).data.current).toBe('2027');
  });

  it('starts the next year with nothing published and no windows, while last year’s applicants keep their results', async () => {
    const applicant = await signIn(t.app, 'assessment');
    const before = await call<ReviewResultView>(t.app, '/mucgrs-service/doctor/results/review', { token: applicant, body: { stage: 'qualificationReview' } });
    expect(before.data.published).toBe(true);

    const started = await post<RecruitYearsView>('startYear', { year: '2028' });
    expect(started.code, started.msg).toBe(0);
    expect(started.data.current).toBe('2028');
    expect(started.data.years.map((y) => [y.year, y.current])).toEqual([
      ['2028', true],
      ['2027', false],
    ]);
    expect(started.data.years.find((y) => y.year === '2027')!.applicants).toBeGreaterThan(0);

    const next = (await post<TimelineView>('timeline', { area: DOCTOR_AREA })).data;
    expect(next.recruitYear).toBe('2028');
    expect(next.releases.every((r) => !r.published)).toBe(true);
    expect(next.stages.filter((s) => s.stage !== 'registration').every((s) => s.opensAt === null && s.closesAt === null)).toBe(true);
    // The last cycle as it was, on its own timeline and on its applicants' pages.
    expect((await post<TimelineView>('timeline', { area: DOCTOR_AREA, recruitYear: '2027' })).data.releases.find((r) => r.release === 'qualificationReview')!.published).toBe(true);
    const after = await call<ReviewResultView>(t.app, '/mucgrs-service/doctor/results/review', { token: applicant, body: { stage: 'qualificationReview' } });
    expect(after.data).toEqual(before.data);

    const again = await post('startYear', { year: '2028' });
    expect(again.code).toBe(409);
    expect((await post('timeline', { area: DOCTOR_AREA, recruitYear: '2031' })).code).toBe(404);
    const audit = await t.app.ctx.db.selectFrom('audit_event').select('detail').where('event', '=', 'cycle.yearStart').execute();
    expect(audit.map((a) => JSON.parse(a.detail!))).toEqual([{ year: '2028', previous: '2027' }]);
  });
});
