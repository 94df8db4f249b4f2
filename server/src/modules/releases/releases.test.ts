import { DOCTOR_AREA, type ReleaseConfirmedView, type ReleaseListView, type ReleasePreviewView, type ReleaseWithdrawnView, type ReviewResultView, type ViewAsApplicantView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplications, type ApplicationSpec } from '../../../test/application-factory';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';
import { outboxSettled } from '../outbox/outbox';
import { fireDueReleases } from './service';

/**
 * Releases as planned acts (issue #10): a preview, a plan by one publisher confirmed by another,
 * nothing out before its moment and all of it at the moment, mail that says only "it is out", and
 * a withdrawal that names who had seen it. On a real database, through the real calls.
 */
let t: TestApp;
let admin: string;
let publisher: string;
let applicant: string;
let applicantId: number;
const YEAR = '2027';
const HOUR = 3_600_000;
const base = '/mucgrs-service/staff/releases';
const post = <T = null>(path: string, token: string, body: unknown, lang = 'en') => call<T>(t.app, `${base}/${path}`, { token, body, lang });
const cycle = { area: DOCTOR_AREA, recruitYear: YEAR, release: 'qualificationReview' };
const rowOf = async (token: string) => (await post<ReleaseListView>('list', token, { area: DOCTOR_AREA, recruitYear: YEAR })).data.releases.find((r) => r.release === 'qualificationReview')!;
const myResult = () => call<ReviewResultView>(t.app, '/mucgrs-service/doctor/results/review', { token: applicant, body: { stage: 'qualificationReview' } });

const spec = (n: number, qualification: ApplicationSpec['qualification'], submitted = true): ApplicationSpec => ({
  number: `20271900${String(n).padStart(2, '0')}`,
  name: `测试${n}号`,
  registerType: 1,
  recruitYear: YEAR,
  area: DOCTOR_AREA,
  departmentId: null,
  programmeId: null,
  formStatus: submitted ? 'submitted' : 'draft',
  savedAt: t.clock.now(),
  submittedAt: submitted ? t.clock.now() : null,
  paid: true,
  photo: 'approved',
  qualification,
});

/** After the clock moved by hours, as people would: signed in afresh. */
async function signInAll(): Promise<void> {
  admin = await signIn(t.app, 'admin');
  publisher = await signIn(t.app, 'publisher');
  applicant = await signIn(t.app, 'assessment');
}

beforeAll(async () => {
  t = await buildTestApp();
  await signInAll();
  await insertApplications(t.app.ctx.db, t.clock.now(), [spec(1, 'pass'), spec(2, 'fail'), spec(3, 'pass'), spec(4, 'pending'), spec(5, 'pass'), spec(6, 'fail'), spec(7, 'pass', false)]);
  // The demo applicant who signs in: eligible, decided but not yet told.
  const user = await t.app.ctx.db.selectFrom('app_user').select('id').where('applicant_number', '=', '2027100001').executeTakeFirstOrThrow();
  applicantId = user.id;
  await t.app.ctx.db
    .insertInto('review_decision')
    .values({ user_id: applicantId, recruit_year: YEAR, area: DOCTOR_AREA, stage: 'qualificationReview', outcome: 'pass', reason: null, decided_by: null, decided_at: t.clock.now() })
    .execute();
});
afterAll(async () => t.close());

describe('releases: planned by one publisher, confirmed by another, out at its moment', () => {
  it('previews how many applicants get which outcome, and five of them with the name masked', async () => {
    const r = await post<ReleasePreviewView>('preview', admin, cycle);
    expect(r.code, r.msg).toBe(0);
    // The submitted forms only (the draft is nobody's result yet).
    expect(Object.fromEntries(r.data.outcomes.map((o) => [o.outcome, o.count]))).toEqual({ pass: 3, fail: 2, none: 1 });
    expect(r.data.samples).toHaveLength(5);
    expect(r.data.samples.map((s) => s.outcome)).toEqual(expect.arrayContaining(['pass', 'fail', 'none']));
    expect(r.data.samples.every((s) => !s.name.startsWith('测试') || s.name.includes('*'))).toBe(true);
  });

  it('shows the office any applicant’s page as it will read once released, and nothing to the applicant', async () => {
    const passed = await post<ViewAsApplicantView>('viewAs', admin, { ...cycle, applicantNumber: '2027190001' });
    expect(passed.code, passed.msg).toBe(0);
    expect(passed.data).toMatchObject({ applicantNumber: '2027190001', name: '测试1号', result: { kind: 'review', stage: 'qualificationReview', view: { published: true, outcome: 'pass' } } });
    const failed = await post<ViewAsApplicantView>('viewAs', admin, { ...cycle, applicantNumber: '2027190002' });
    expect(failed.data.result).toMatchObject({ kind: 'review' });
    expect((failed.data.result as { view: unknown }).view).toMatchObject({ published: true, outcome: 'fail', reason: 'The degree does not meet the requirement.' });
    const undecided = await post<ViewAsApplicantView>('viewAs', admin, { ...cycle, applicantNumber: '2027190004' });
    expect((undecided.data.result as { view: unknown }).view).toEqual({ published: true, outcome: null, reason: null, decidedAt: null });
    // A score reads as its card will: the value as recorded, out of its maximum.
    const one = await t.app.ctx.db.selectFrom('app_user').select('id').where('applicant_number', '=', '2027190001').executeTakeFirstOrThrow();
    await t.app.ctx.db
      .insertInto('exam_score')
      .values({ user_id: one.id, recruit_year: YEAR, area: DOCTOR_AREA, kind: 'language', score_hundredths: 7850, max_score_hundredths: 10000, detail_json: '[]', remark: '', recorded_at: t.clock.now() })
      .execute();
    const score = await post<ViewAsApplicantView>('viewAs', admin, { ...cycle, release: 'languageScore', applicantNumber: '2027190001' });
    expect(score.data.result).toMatchObject({ kind: 'score', scoreKind: 'language', view: { published: true, score: { score: '78.5', maxScore: '100' } } });
    // A draft is nobody's result yet; an unknown number neither: said plainly, in the caller's language.
    const draft = await post('viewAs', admin, { ...cycle, applicantNumber: '2027190007' }, 'zh-CN');
    expect(draft.code).toBe(404);
    expect(draft.msg).toBe('2027 年没有报名号为 2027190007 且已提交报名表的考生。');
    expect((await post('viewAs', admin, { ...cycle, applicantNumber: '' })).code).toBe(400);
    // The preview is the office's: the result is still shut, and nobody is recorded as having seen it.
    expect((await rowOf(admin)).published).toBe(false);
    expect(await t.app.ctx.db.selectFrom('result_view').selectAll().execute()).toEqual([]);
    const secretary = await signIn(t.app, 'secretary');
    expect((await post('viewAs', secretary, { ...cycle, applicantNumber: '2027190001' })).code).toBe(403);
  });

  it('keeps the result shut until its Beijing moment, publishes it then, once, and mails "it is out"', async () => {
    expect((await rowOf(admin)).published).toBe(false);
    expect((await myResult()).data).toEqual({ published: false });
    const at = new Date(t.clock.now() + 2 * HOUR).toISOString().replace('Z', '+00:00');
    const planned = await post<{ planId: number }>('plan', admin, { ...cycle, at });
    expect(planned.code, planned.msg).toBe(0);
    expect(await rowOf(admin)).toMatchObject({ published: false, plan: { state: 'awaiting', mine: true, plannedBy: { loginName: 'admin' } }, notices: null });

    const own = await post('confirm', admin, { planId: planned.data.planId });
    expect(own.code).toBe(403);
    expect(own.msg).toBe('You planned this release: another publisher must confirm it.');
    const confirmed = await post<ReleaseConfirmedView>('confirm', publisher, { planId: planned.data.planId });
    expect(confirmed.data).toEqual({ published: false, at: new Date(Date.parse(at)).toISOString() });
    expect(await rowOf(publisher)).toMatchObject({ published: false, plan: { state: 'scheduled', mine: false, confirmedBy: { loginName: 'publisher' } } });

    // A minute before: nothing, however often it is asked.
    t.clock.advance(2 * HOUR - 60_000);
    await signInAll();
    expect(await fireDueReleases(t.app.ctx)).toBe(0);
    expect((await myResult()).data).toEqual({ published: false });
    // At the moment: two schedulers at once publish it once.
    t.clock.advance(60_000);
    expect((await Promise.all([fireDueReleases(t.app.ctx), fireDueReleases(t.app.ctx)])).reduce((a, b) => a + b)).toBe(1);
    expect((await myResult()).data).toMatchObject({ published: true, outcome: 'pass' });
    expect(await rowOf(admin)).toMatchObject({ published: true, plan: null });
    const switches = await t.app.ctx.db.selectFrom('audit_event').select('detail').where('event', '=', 'cycle.release').execute();
    expect(switches.filter((s) => s.detail?.includes('qualificationReview'))).toHaveLength(1);

    // The notices were written with the release, in its transaction: whatever has gone yet, they are all there.
    const written = (await rowOf(admin)).notices!;
    await outboxSettled(t.app.ctx);
    const notices = t.mail.sent.filter((m) => m.subject === '您的报名结果已可查询');
    expect(written.sent + written.waiting).toBe(notices.length);
    expect((await rowOf(admin)).notices).toEqual({ sent: notices.length, waiting: 0, failed: 0 });
    // Everyone with a decision (the factory's five and the demo applicant, if they have an address), not the one without.
    expect(notices.map((m) => m.to)).toEqual(expect.arrayContaining(['2027190001@example.edu', '2027190002@example.edu']));
    expect(notices.map((m) => m.to)).not.toContain('2027190004@example.edu');
    for (const m of notices) {
      expect(m.text).toContain('This mail does not contain the result.');
      expect(m.text).not.toMatch(/pass|fail|通过|不通过/i);
    }
  });

  it('withdraws only with a reason and names who had already seen it', async () => {
    const noReason = await post('withdraw', publisher, { ...cycle, reason: '' });
    expect(noReason.code).toBe(400);
    expect(noReason.msg).toContain('Reason: required');
    expect((await myResult()).data).toMatchObject({ published: true });
    const withdrawn = await post<ReleaseWithdrawnView>('withdraw', publisher, { ...cycle, reason: 'A decision was entered against the wrong applicant' });
    expect(withdrawn.code, withdrawn.msg).toBe(0);
    expect(withdrawn.data.seenBy).toEqual([{ applicantNumber: '2027100001', name: expect.any(String), firstSeenAt: expect.any(String) }]);
    expect((await myResult()).data).toEqual({ published: false });
    expect((await post('withdraw', publisher, { ...cycle, reason: 'again' })).msg).toBe('qualificationReview is not published.');
  });

  it('publishes at once when confirmed without a moment, and a plan can be cancelled with a reason', async () => {
    const planned = await post<{ planId: number }>('plan', publisher, cycle);
    expect((await post('plan', admin, cycle)).msg).toBe('A release of qualificationReview is already planned; confirm or cancel it first.');
    expect((await post('cancel', admin, { planId: planned.data.planId, reason: '' })).code).toBe(400);
    expect((await post('cancel', admin, { planId: planned.data.planId, reason: 'Wait for the dean' })).code).toBe(0);
    expect((await post('confirm', admin, { planId: planned.data.planId })).msg).toBe('This release plan was already confirmed, published or cancelled.');
    const again = await post<{ planId: number }>('plan', publisher, cycle);
    const now = await post<ReleaseConfirmedView>('confirm', admin, { planId: again.data.planId });
    expect(now.data).toEqual({ published: true, at: null });
    expect((await myResult()).data).toMatchObject({ published: true, outcome: 'pass' });
    // Published again after the withdrawal: its applicants are told again, and the row counts this round only.
    await outboxSettled(t.app.ctx);
    const round = (await t.app.ctx.db.selectFrom('mail_outbox').select('id').where('dedupe_key', 'like', `release-plan:${again.data.planId}:%`).execute()).length;
    const both = (await t.app.ctx.db.selectFrom('mail_outbox').select('id').where('dedupe_key', 'like', 'release-plan:%').execute()).length;
    expect(round).toBeGreaterThan(0);
    expect(both).toBeGreaterThan(round);
    expect((await rowOf(admin)).notices).toEqual({ sent: round, waiting: 0, failed: 0 });
  });
});

describe('releases: refused, with a clear message, and nothing changes', () => {
  it('refuses a moment in the past, a time without its zone, an unknown result', async () => {
    const past = await post('plan', admin, { ...cycle, release: 'finalScore', at: new Date(t.clock.now() - 1000).toISOString() }, 'zh-CN');
    expect(past.code).toBe(400);
    expect(past.msg).toBe('时间：须为将来的时刻；立即发布请留空。');
    expect((await post('plan', admin, { ...cycle, release: 'finalScore', at: '2027-03-01 10:00' })).msg).toBe('Time: not in a valid format');
    expect((await post('plan', admin, { ...cycle, release: 'everything' })).code).toBe(404);
    expect((await post('plan', admin, { ...cycle, release: 'qualificationReview' })).msg).toBe('qualificationReview is already published.');
    expect(await t.app.ctx.db.selectFrom('release_plan').select('id').where('release', '=', 'finalScore').execute()).toEqual([]);
  });

  it('lets the office read and preview, and only publishers plan, confirm, cancel or withdraw', async () => {
    const secretary = await signIn(t.app, 'secretary');
    expect((await post('list', secretary, { area: DOCTOR_AREA })).code).toBe(403);
    for (const who of ['secretary', 'reviewer', 'sysadmin'] as const) {
      const token = await signIn(t.app, who);
      expect((await post('plan', token, { ...cycle, release: 'finalScore' })).code, who).toBe(403);
      expect((await post('withdraw', token, { ...cycle, reason: 'x' })).code, who).toBe(403);
    }
    expect((await myResult()).data).toMatchObject({ published: true });
  });
});
