import {
  DOCTOR_AREA,
  RECHECK_RECOMPUTED_REASON,
  type RecheckListView,
  type RecheckRowView,
  type RecheckStatusView,
} from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplications, type ApplicationSpec } from '../../../../test/application-factory';
import { buildTestApp, call, CAPTCHA, DEMO_PASSWORD, signIn, type TestApp } from '../../../../test/harness';
import { hashSecret } from '../../../lib/passwords';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { beijingTime } from '../../scores/rechecks';
import { recordScore } from '../../scores/record';
import { setReleased } from '../journey/releases';

/**
 * Score re-checks (issue #10, 复核), through the real calls on a real database: an applicant asks
 * once per released score, with a reason, inside the office's window; everything else is refused
 * with its own message and changes nothing. The office answers once: no change, or a correction
 * that is a new version (the old one kept) and recomputes the final score; the applicant is told
 * by mail that the answer is in the portal, never the score.
 */
let t: TestApp;
let office: string;
let secretary: string;
let first: string;
let second: string;
let firstId: number;
const YEAR = '2027';
const HOUR = 3_600_000;
const mine = <T>(path: string, body: unknown, token = first, lang = 'en') => call<T>(t.app, `/mucgrs-service/doctor/results/${path}`, { token, body, lang });
const staff = <T>(path: string, body: unknown, token = office, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/rechecks/${path}`, { token, body, lang });
const at = (ms: number) => new Date(ms).toISOString();
const windowOf = (kind: string, opens: number, closes: number) => staff<RecheckListView>('window', { area: DOCTOR_AREA, recruitYear: YEAR, kind, opensAt: at(opens), closesAt: at(closes) });
const requests = async () => t.app.ctx.db.selectFrom('score_recheck').selectAll().orderBy('id').execute();
const score = async (kind: string) =>
  (await t.app.ctx.db.selectFrom('exam_score').select('score_hundredths').where('user_id', '=', firstId).where('kind', '=', kind).executeTakeFirst())?.score_hundredths;
const versions = async (kind: string) =>
  t.app.ctx.db.selectFrom('exam_score_version').select(['score_hundredths', 'previous_hundredths', 'reason', 'source']).where('user_id', '=', firstId).where('kind', '=', kind).orderBy('id').execute();
const release = (r: 'languageScore' | 'materialScore' | 'assessmentScore' | 'finalScore') => setReleased(t.app.ctx.db, t.clock.now(), r, true, { recruitYear: YEAR, actor: PORTAL_ACTOR });

async function signInAs(registerNo: string): Promise<string> {
  const captcha = await call<{ uuid: string }>(t.app, '/api/v1/client/RandomImage', { body: {} });
  const r = await call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', { body: { userRegisterType: 1, registerNo, password: DEMO_PASSWORD, uuid: captcha.data.uuid, code: CAPTCHA } });
  expect(r.code, r.msg).toBe(0);
  return r.data.token;
}

/** Signs everyone in again (a day later the sessions have ended). */
async function signInAll(): Promise<void> {
  office = await signIn(t.app, 'admin');
  secretary = await signIn(t.app, 'secretary');
  first = await signInAs('2027930001');
  second = await signInAs('2027930002');
}

beforeAll(async () => {
  t = await buildTestApp();
  const cs = (await t.app.ctx.db.selectFrom('programme').select('id').where('code', '=', 'CS-PHD-081200').executeTakeFirstOrThrow()).id;
  const spec = (number: string, name: string): ApplicationSpec => ({
    number,
    name,
    registerType: 1,
    recruitYear: YEAR,
    area: DOCTOR_AREA,
    departmentId: null,
    programmeId: cs,
    formStatus: 'submitted',
    savedAt: t.clock.now(),
    submittedAt: t.clock.now(),
    paid: true,
    photo: 'approved',
    qualification: 'pass',
  });
  const ids = await insertApplications(t.app.ctx.db, t.clock.now(), [spec('2027930001', '复核甲'), spec('2027930002', '复核乙')]);
  firstId = ids[0]!;
  await t.app.ctx.db.updateTable('app_user').set({ password_hash: await hashSecret(DEMO_PASSWORD) }).where('id', 'in', ids).execute();
  // The roles of the demo's doctoral applicant of the same register type, so they can sign in.
  const demo = await t.app.ctx.db.selectFrom('app_user').select('id').where('applicant_number', '=', '2027100001').executeTakeFirstOrThrow();
  const roles = await t.app.ctx.db.selectFrom('user_role').select(['role_id', 'order_num']).where('user_id', '=', demo.id).execute();
  await t.app.ctx.db.insertInto('user_role').values(ids.flatMap((id) => roles.map((r) => ({ user_id: id, role_id: r.role_id, order_num: r.order_num })))).execute();
  await t.app.ctx.db
    .insertInto('review_decision')
    .values(ids.map((id) => ({ user_id: id, recruit_year: YEAR, area: DOCTOR_AREA, stage: 'assessmentQualification', outcome: 'pass', reason: null, decided_by: null, decided_at: t.clock.now() })))
    .execute();
  await signInAll();
  // The first applicant's scores: language 70, material 80, assessment 60; the final from 50/50 material and assessment.
  const record = (kind: string, hundredths: number) =>
    recordScore(t.app.ctx.db, t.clock.now(), { userId: firstId, recruitYear: YEAR, area: DOCTOR_AREA, kind, scoreHundredths: hundredths, maxHundredths: 10_000, reason: null, source: 'command', by: null });
  await record('language', 7000);
  await record('material', 8000);
  await record('assessment', 6000);
  const weights = await call(t.app, '/mucgrs-service/staff/scores/saveWeights', {
    token: office,
    body: { area: DOCTOR_AREA, recruitYear: YEAR, programmeId: cs, weights: [{ kind: 'material', weight: 50 }, { kind: 'assessment', weight: 50 }] },
  });
  expect(weights.code, weights.msg).toBe(0);
  const computed = await call(t.app, '/mucgrs-service/staff/scores/computeFinal', { token: office, body: { area: DOCTOR_AREA, recruitYear: YEAR, programmeId: cs } });
  expect(computed.code, computed.msg).toBe(0);
  expect(await score('final')).toBe(7000);
});
afterAll(async () => t.close());

describe('an applicant asks for a re-check', () => {
  it('says nothing before the score is released, and refuses the request', async () => {
    expect((await mine<RecheckStatusView>('recheck', { kind: 'language' })).data).toEqual({ published: false });
    const r = await mine('requestRecheck', { kind: 'language', reason: 'I expected more.' });
    expect([r.code, r.msg]).toEqual([403, 'This score has not been released yet, so it cannot be re-checked.']);
    const zh = await mine('requestRecheck', { kind: 'language', reason: '分数偏低' }, first, 'zh-CN');
    expect(zh.msg).toBe('该成绩尚未发布，不能申请复核。');
    expect(await requests()).toEqual([]);
  });

  it('is refused while the office has set no window, before it opens and after it closes', async () => {
    await release('languageScore');
    await release('assessmentScore');
    const none = await mine('requestRecheck', { kind: 'language', reason: 'I expected more.' });
    expect([none.code, none.msg]).toEqual([403, 'The admissions office has not opened re-checks of this score.']);
    const opens = t.clock.now() + 24 * HOUR;
    expect((await windowOf('language', opens, opens + 48 * HOUR)).code).toBe(0);
    const early = await mine('requestRecheck', { kind: 'language', reason: 'I expected more.' });
    // The test clock starts at 2026-11-22 09:00 UTC: a day later is 17:00 in Beijing.
    expect(beijingTime(at(opens))).toBe('2026-11-23 17:00');
    expect([early.code, early.msg]).toEqual([403, `Re-checks of this score open at ${beijingTime(at(opens))} (Beijing time).`]);
    const closes = t.clock.now() - HOUR;
    expect((await windowOf('assessment', closes - 48 * HOUR, closes)).code).toBe(0);
    const late = await mine('requestRecheck', { kind: 'assessment', reason: 'I expected more.' });
    expect([late.code, late.msg]).toEqual([403, `Re-checks of this score closed at ${beijingTime(at(closes))} (Beijing time).`]);
    const status = await mine<RecheckStatusView>('recheck', { kind: 'assessment' });
    expect(status.data).toMatchObject({ published: true, hasScore: true, open: false, canRequest: false, request: null });
    expect(await requests()).toEqual([]);
  });

  it('refuses a window that closes before it opens, and anyone but the office', async () => {
    const now = t.clock.now();
    const wrong = await windowOf('material', now + HOUR, now);
    expect([wrong.code, wrong.msg]).toEqual([400, 'Closes: must be after the opening']);
    for (const token of [secretary, first]) {
      expect((await staff('window', { area: DOCTOR_AREA, recruitYear: YEAR, kind: 'material', opensAt: at(now), closesAt: at(now + HOUR) }, token)).code).toBe(403);
      expect((await staff('list', { area: DOCTOR_AREA, recruitYear: YEAR }, token)).code).toBe(403);
    }
    expect(await t.app.ctx.db.selectFrom('score_recheck_window').select('kind').where('kind', '=', 'material').execute()).toEqual([]);
  });

  it('takes one request per score inside the window, with a reason; a second one, an empty reason or a missing score are refused', async () => {
    t.clock.advance(25 * HOUR);
    await signInAll();
    const empty = await mine('requestRecheck', { kind: 'language', reason: '  ' });
    expect([empty.code, empty.msg]).toEqual([400, 'Reason: required']);
    const long = await mine('requestRecheck', { kind: 'language', reason: 'x'.repeat(501) });
    expect(long.code).toBe(400);
    const missing = await mine('requestRecheck', { kind: 'language', reason: 'Please check.' }, second);
    expect([missing.code, missing.msg]).toEqual([404, 'No score of this kind is recorded for you, so there is nothing to re-check.']);
    const open = await mine<RecheckStatusView>('recheck', { kind: 'language' });
    expect(open.data).toMatchObject({ published: true, hasScore: true, open: true, canRequest: true, request: null });
    const asked = await mine<RecheckStatusView>('requestRecheck', { kind: 'language', reason: 'The listening part seems unmarked.' });
    expect(asked.code, asked.msg).toBe(0);
    expect(asked.data).toMatchObject({ canRequest: false, request: { kind: 'language', state: 'requested', reason: 'The listening part seems unmarked.', oldScore: '70', outcome: null } });
    const twice = await mine('requestRecheck', { kind: 'language', reason: 'Again.' });
    expect([twice.code, twice.msg]).toEqual([409, 'You have already asked for a re-check of this score. Each score can be re-checked once.']);
    expect((await requests()).map((r) => [r.kind, r.reason])).toEqual([['language', 'The listening part seems unmarked.']]);
  });
});

describe('the office answers', () => {
  let language: RecheckRowView;
  let assessment: RecheckRowView;

  it('lists the requests, filtered by state and kind', async () => {
    const now = t.clock.now();
    expect((await windowOf('assessment', now - HOUR, now + HOUR)).code).toBe(0);
    expect((await mine('requestRecheck', { kind: 'assessment', reason: 'Question 3 was marked twice.' })).code).toBe(0);
    const all = await staff<RecheckListView>('list', { area: DOCTOR_AREA, recruitYear: YEAR, state: 'requested' });
    expect(all.code, all.msg).toBe(0);
    expect(all.data.rows.map((r) => [r.applicantNumber, r.name, r.kind, r.currentScore, r.maxScore])).toEqual([
      ['2027930001', '复核甲', 'language', '70', '100'],
      ['2027930001', '复核甲', 'assessment', '60', '100'],
    ]);
    expect(all.data.windows.find((w) => w.kind === 'assessment')).toEqual({ kind: 'assessment', opensAt: at(now - HOUR), closesAt: at(now + HOUR) });
    const byKind = await staff<RecheckListView>('list', { area: DOCTOR_AREA, recruitYear: YEAR, kind: 'assessment' });
    expect(byKind.data.rows).toHaveLength(1);
    language = all.data.rows[0]!;
    assessment = all.data.rows[1]!;
    expect((await staff<RecheckListView>('list', { area: DOCTOR_AREA, recruitYear: YEAR, state: 'answered' })).data.rows).toEqual([]);
  });

  it('refuses a correction above full marks or equal to the score, and a correction without a score, changing nothing', async () => {
    const above = await staff('answer', { area: DOCTOR_AREA, id: assessment.id, outcome: 'corrected', answer: 'Re-marked.', score: '100.5' });
    expect([above.code, above.msg]).toEqual([400, 'The corrected score cannot be above full marks (100).']);
    const same = await staff('answer', { area: DOCTOR_AREA, id: assessment.id, outcome: 'corrected', answer: 'Re-marked.', score: '60' });
    expect([same.code, same.msg]).toEqual([400, 'The score is already 60: answer “no change” instead.']);
    const noScore = await staff('answer', { area: DOCTOR_AREA, id: assessment.id, outcome: 'corrected', answer: 'Re-marked.' });
    expect([noScore.code, noScore.msg]).toEqual([400, 'Score: required']);
    expect((await staff('answer', { area: DOCTOR_AREA, id: assessment.id, outcome: 'unchanged', answer: 'x' }, secretary)).code).toBe(403);
    expect(await score('assessment')).toBe(6000);
    expect((await requests()).every((r) => r.state === 'requested')).toBe(true);
    expect(t.mail.sent).toEqual([]);
  });

  it('corrects a score as a new version, recomputes the final score, and tells the applicant the answer is in the portal', async () => {
    const r = await staff<RecheckRowView>('answer', { area: DOCTOR_AREA, id: assessment.id, outcome: 'corrected', answer: 'Question 3 was counted twice; corrected.', score: '64' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ state: 'answered', outcome: 'corrected', oldScore: '60', newScore: '64', currentScore: '64', answeredBy: { loginName: 'admin' } });
    expect(await versions('assessment')).toEqual([
      { score_hundredths: 6000, previous_hundredths: null, reason: null, source: 'command' },
      { score_hundredths: 6400, previous_hundredths: 6000, reason: 're-check: Question 3 was counted twice; corrected.', source: 'hand' },
    ]);
    // 50% × 80 + 50% × 64 = 72
    expect(await score('final')).toBe(7200);
    expect((await versions('final')).map((v) => [v.score_hundredths, v.previous_hundredths, v.reason])).toEqual([
      [7000, null, 'computed from weights'],
      [7200, 7000, RECHECK_RECOMPUTED_REASON],
    ]);
    expect(t.mail.sent).toHaveLength(1);
    const mail = t.mail.sent[0]!;
    expect(mail.to).toBe('2027930001@example.edu');
    expect(mail.subject).toBe('您的成绩复核申请已答复');
    expect(mail.text).toContain('The answer is in the admissions portal');
    expect(mail.text).not.toMatch(/64|60|Question 3/);
    const events = await t.app.ctx.db.selectFrom('audit_event').select(['event', 'subject']).where('event', 'in', ['score.recheckRequest', 'score.recheckAnswer', 'score.recheckWindow']).orderBy('id').execute();
    expect(events.filter((e) => e.event === 'score.recheckAnswer')).toEqual([{ event: 'score.recheckAnswer', subject: '2027930001' }]);
    expect(events.filter((e) => e.event === 'score.recheckRequest')).toHaveLength(2);
  });

  it('answers "no change" with an explanation: the score and the final score stay, and a second answer is refused', async () => {
    const r = await staff<RecheckRowView>('answer', { area: DOCTOR_AREA, id: language.id, outcome: 'unchanged', answer: 'The listening part was marked: 28 of 30.' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ outcome: 'unchanged', oldScore: '70', newScore: '70' });
    expect(await versions('language')).toHaveLength(1);
    expect(await versions('final')).toHaveLength(2);
    const again = await staff('answer', { area: DOCTOR_AREA, id: language.id, outcome: 'corrected', answer: 'Changed my mind.', score: '75' });
    expect([again.code, again.msg]).toEqual([409, 'This re-check has already been answered.']);
    expect(await score('language')).toBe(7000);
    const unknown = await staff('answer', { area: DOCTOR_AREA, id: 999_999, outcome: 'unchanged', answer: 'x' });
    expect([unknown.code, unknown.msg]).toEqual([404, 'This re-check request does not exist.']);
    expect(t.mail.sent).toHaveLength(2);
  });

  it('shows the applicant the answer on the score’s page', async () => {
    const status = await mine<RecheckStatusView>('recheck', { kind: 'assessment' });
    expect(status.data).toMatchObject({ published: true, canRequest: false, request: { state: 'answered', outcome: 'corrected', answer: 'Question 3 was counted twice; corrected.', oldScore: '60', newScore: '64' } });
    // Nobody else's: the second applicant has no request.
    expect((await mine<RecheckStatusView>('recheck', { kind: 'assessment' }, second)).data).toMatchObject({ hasScore: false, request: null });
  });
});
