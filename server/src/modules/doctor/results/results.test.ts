import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_STAGES, SCORE_KINDS, type ReviewResultView, type ScoreResultView } from '@gradus/contract';
import { buildTestApp, call, signIn, type TestApp, runAdmin } from '../../../../test/harness';
import { catalogues } from '../../../locales';
import { newDoctoralApplicant, withdrawAll, type TestApplicant } from './fixtures/applicants';

let t: TestApp;
let a: TestApplicant;
let b: TestApplicant;
beforeAll(async () => {
  t = await buildTestApp();
  await withdrawAll(t);
  a = await newDoctoralApplicant(t, '欧阳娜娜');
  b = await newDoctoralApplicant(t, '李雷');
});
afterAll(async () => t.close());

const admin = (...argv: string[]) => runAdmin(t, ...argv);
const review = (token: string, body: unknown, lang?: string) =>
  call<ReviewResultView>(t.app, '/mucgrs-service/doctor/results/review', { token, body, ...(lang ? { lang } : {}) });
const score = (token: string, body: unknown, lang?: string) =>
  call<ScoreResultView>(t.app, '/mucgrs-service/doctor/results/score', { token, body, ...(lang ? { lang } : {}) });

describe('review results', () => {
  beforeAll(async () => {
    await admin('decide', '--applicant', a.number, '--stage', 'qualificationReview', '--outcome', 'pass');
    await admin('decide', '--applicant', a.number, '--stage', 'languageReview', '--outcome', 'fail', '--reason', 'CET-6 certificate expired');
    await admin('decide', '--applicant', a.number, '--stage', 'proposedAdmission', '--outcome', 'pass');
  });

  it.each(RESULT_STAGES.map((s) => [s]))('%s is not published before its release, and the reply gives nothing away', async (stage) => {
    const r = await review(a.token, { stage });
    expect(r.code).toBe(0);
    expect(r.data).toEqual({ published: false });
    // Not the outcome, not the reason, not even a decision date.
    expect(r.raw.body).not.toMatch(/pass|fail|CET-6|decided/i);
  });

  it('shows a pass once released, with when it was decided', async () => {
    await admin('release', '--what', 'qualificationReview');
    const r = await review(a.token, { stage: 'qualificationReview' });
    expect(r.data).toEqual({ published: true, outcome: 'pass', reason: null, decidedAt: new Date(t.clock.now()).toISOString() });
  });

  it('shows a fail with its reason once released', async () => {
    await admin('release', '--what', 'languageReview');
    const r = await review(a.token, { stage: 'languageReview' });
    expect(r.data).toMatchObject({ published: true, outcome: 'fail', reason: 'CET-6 certificate expired' });
  });

  it('releasing one stage shows nothing of the others', async () => {
    expect((await review(a.token, { stage: 'proposedAdmission' })).data).toEqual({ published: false });
    expect((await review(a.token, { stage: 'assessmentQualification' })).data).toEqual({ published: false });
  });

  it('withdrawing a release hides the result again', async () => {
    await admin('release', '--what', 'proposedAdmission');
    expect((await review(a.token, { stage: 'proposedAdmission' })).data).toMatchObject({ published: true, outcome: 'pass' });
    await admin('release', '--what', 'proposedAdmission', '--off');
    expect((await review(a.token, { stage: 'proposedAdmission' })).data).toEqual({ published: false });
  });

  it("applicant B sees only their own (undecided) result, never A's", async () => {
    const r = await review(b.token, { stage: 'languageReview' });
    expect(r.data).toEqual({ published: true, outcome: null, reason: null, decidedAt: null });
    expect(r.raw.body).not.toContain('CET-6');
  });

  it('a correction by staff replaces the decision', async () => {
    await admin('decide', '--applicant', a.number, '--stage', 'languageReview', '--outcome', 'pass');
    expect((await review(a.token, { stage: 'languageReview' })).data).toMatchObject({ outcome: 'pass', reason: null });
  });
});

describe('scores', () => {
  beforeAll(async () => {
    await admin('set-score', '--applicant', a.number, '--kind', 'language', '--score', '78.50', '--max', '100',
      '--detail', JSON.stringify([{ item: 'Listening', score: '20', max: '30' }, { item: 'Writing', score: '58.5', max: '70' }]), '--remark', 'Oral exam waived');
    await admin('set-score', '--applicant', a.number, '--kind', 'final', '--score', '86.25', '--max', '100');
  });

  it.each(SCORE_KINDS.map((k) => [k]))('the %s score is not published before its release, and the reply gives nothing away', async (kind) => {
    const r = await score(a.token, { kind });
    expect(r.data).toEqual({ published: false });
    expect(r.raw.body).not.toMatch(/78\.5|86\.25|Listening|waived/);
  });

  it('shows the score, maximum, detail rows and remark once released', async () => {
    await admin('release', '--what', 'languageScore');
    const r = await score(a.token, { kind: 'language' });
    expect(r.data).toEqual({
      published: true,
      score: {
        kind: 'language',
        score: '78.5',
        maxScore: '100',
        detail: [{ item: 'Listening', score: '20', max: '30' }, { item: 'Writing', score: '58.5', max: '70' }],
        remark: 'Oral exam waived',
        recordedAt: new Date(t.clock.now()).toISOString(),
      },
    });
  });

  it('releasing one kind shows nothing of another', async () => {
    expect((await score(a.token, { kind: 'final' })).data).toEqual({ published: false });
    await admin('release', '--what', 'finalScore');
    expect((await score(a.token, { kind: 'final' })).data).toMatchObject({ published: true, score: { score: '86.25', detail: [], remark: '' } });
  });

  it("applicant B has no score and never sees A's", async () => {
    const r = await score(b.token, { kind: 'language' });
    expect(r.data).toEqual({ published: true, score: null });
    expect(r.raw.body).not.toContain('78.5');
  });
});

describe('who may call', () => {
  const calls: Array<[string, unknown]> = [
    ['/mucgrs-service/doctor/results/review', { stage: 'qualificationReview' }],
    ['/mucgrs-service/doctor/results/ticket', { kind: 'language' }],
    ['/mucgrs-service/doctor/results/ticketPdf', { kind: 'language' }],
    ['/mucgrs-service/doctor/results/score', { kind: 'language' }],
  ];

  it.each(calls)('%s needs a session', async (url, body) => {
    expect((await call(t.app, url, { body })).code).toBe(401);
  });

  it.each(calls.flatMap(([url, body]) => (['camper', 'tuimian', 'reviewer', 'admin'] as const).map((who) => [url, body, who] as const)))(
    '%s refuses a %s (not a doctoral applicant)',
    async (url, body, who) => {
      const r = await call(t.app, url, { token: await signIn(t.app, who), body });
      expect(r.code).toBe(403);
      expect(r.raw.headers['content-type']).toContain('json');
    },
  );
});

describe('bad input is refused with a translated message', () => {
  it.each([
    ['review', {}, 'Review stage: required'],
    ['review', { stage: 'photoReview' }, 'Review stage: not one of the allowed choices'],
    ['review', { stage: 7 }, 'Review stage: not one of the allowed choices'],
    ['review', { stage: 'qualificationReview', userId: 1 }, 'not an accepted field'],
    ['score', {}, 'KIND: required'],
    ['score', { kind: 'bonus' }, 'KIND: not one of the allowed choices'],
    ['ticket', { kind: '' }, 'KIND: not one of the allowed choices'],
    ['ticketPdf', { kind: null }, 'KIND: required'],
  ])('%s %j', async (name, body, msg) => {
    const r = await call(t.app, `/mucgrs-service/doctor/results/${name}`, { token: a.token, body });
    expect(r.code).toBe(400);
    // 'field.kind' is a label other modules share (the last definition wins), so it is read from the catalogue.
    expect(r.msg).toContain(msg.replace('KIND', catalogues.en['field.kind']));
  });

  it('in the caller’s language', async () => {
    const r = await review(a.token, { stage: 'nope' }, 'zh-CN');
    expect(r.msg).toContain('审核阶段');
  });
});
