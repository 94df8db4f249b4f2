import { DOCTOR_AREA, type AssignmentsView, type AutoAssignResult, type MyReviewsView, type QualifyResult, type RankingView, type ScoreSheetView, type ScoringView } from '@gradus/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';

/**
 * The expert review over real HTTP on the demo: the office sets the rules and the sheet and
 * assigns experts (reproducibly, never a conflicted one), experts score blind with versions, the
 * stage closes, the office corrects with a reason, and the ranked list records who qualifies.
 */
let t: TestApp;
type Who = 'office' | 'secretary' | 'reviewer' | 'expertWang' | 'expertZhou' | 'expertWu';
const tokens = {} as Record<Who, string>;
const ids = {} as Record<Who, number>;
let cs: number;

const STAGE = 'materialReview';
const post = <T>(who: Who, url: string, body: object, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/review/${url}`, { token: tokens[who], body: { stage: STAGE, ...body }, lang });
const SHEET = [
  { key: 'research', nameZh: '科研能力', nameEn: 'Research ability', max: '40', weight: '1' },
  { key: 'plan', nameZh: '研究计划', nameEn: 'Research plan', max: '40', weight: '1' },
  { key: 'language', nameZh: '外语水平', nameEn: 'Foreign language', max: '20', weight: '1', min: '0' },
];

async function clearReview(): Promise<void> {
  const db = t.app.ctx.db;
  for (const table of ['expert_score', 'expert_conflict', 'expert_assignment', 'score_sheet', 'review_setting'] as const) await db.deleteFrom(table).execute();
  await db.deleteFrom('review_decision').where('stage', '=', 'assessmentQualification').execute();
}

async function setUp(rules: { method?: string; minExperts?: number; expertsPerApplication?: number; maxLoad?: number } = {}): Promise<void> {
  const settings = await post('office', 'saveSettings', { method: 'mean', minExperts: 2, expertsPerApplication: 2, maxLoad: 40, ...rules });
  expect(settings.code, settings.msg).toBe(0);
  const sheet = await post('office', 'saveSheet', { programmeId: cs, items: SHEET, version: 0 });
  expect(sheet.code, sheet.msg).toBe(0);
}

const assignments = async () => (await post<AssignmentsView>('office', 'assignments', { programmeId: cs })).data;
const pairs = (view: AssignmentsView) => view.rows.flatMap((r) => r.experts.map((e) => `${r.applicantNumber}:${e.name}`)).sort();

beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
  for (const who of Object.keys({ office: 0, secretary: 0, reviewer: 0, expertWang: 0, expertZhou: 0, expertWu: 0 }) as Who[]) {
    tokens[who] = await signIn(t.app, who === 'office' ? 'admin' : who);
  }
  const logins: Record<Who, string> = { office: 'admin', secretary: 'secretary', reviewer: 'reviewer', expertWang: 'expert-wang', expertZhou: 'expert-zhou', expertWu: 'expert-wu' };
  for (const [who, login] of Object.entries(logins)) ids[who as Who] = (await t.app.ctx.db.selectFrom('app_user').select('id').where('login_name', '=', login).executeTakeFirstOrThrow()).id;
  cs = (await t.app.ctx.db.selectFrom('programme').select('id').where('code', '=', 'CS-PHD-081200').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());
beforeEach(clearReview);

describe('the rules and the sheet', () => {
  it('refuses rules that cannot work, naming the field, and saves good ones', async () => {
    const trimmed = await post('office', 'saveSettings', { method: 'trimmedMean', minExperts: 2, expertsPerApplication: 3, maxLoad: 40 });
    expect(trimmed.code).toBe(400);
    expect(trimmed.msg).toBe('Minimum number of experts: the mean without the highest and the lowest needs at least 3 experts');
    const above = await post('office', 'saveSettings', { method: 'mean', minExperts: 4, expertsPerApplication: 3, maxLoad: 40 }, 'zh-CN');
    expect(above.msg).toBe('最少专家人数：不能多于每份报名的专家人数');
    const ok = await post<{ method: string; closedAt: null }>('office', 'saveSettings', { method: 'median', minExperts: 2, expertsPerApplication: 3, maxLoad: 10 });
    expect(ok.data).toMatchObject({ method: 'median', minExperts: 2, expertsPerApplication: 3, maxLoad: 10, closedAt: null });
  });

  it('refuses a bad sheet naming the row and the field, and a stale or used one', async () => {
    const bad = await post('office', 'saveSheet', { programmeId: cs, version: 0, items: [{ ...SHEET[0], max: '0' }] });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('Score-sheet items, row 1, Maximum: must be more than 0');
    const twice = await post('office', 'saveSheet', { programmeId: cs, version: 0, items: [SHEET[0], SHEET[0]] });
    expect(twice.msg).toBe('Score-sheet items: two items have the same key');
    const minAbove = await post('office', 'saveSheet', { programmeId: cs, version: 0, items: [{ ...SHEET[0], min: '50' }] }, 'zh-CN');
    expect(minAbove.msg).toBe('评分表项目第 1 行·最低分：必须小于最高分');
    const saved = await post<ScoreSheetView>('office', 'saveSheet', { programmeId: cs, version: 0, items: SHEET });
    expect(saved.data).toMatchObject({ version: 1, maximum: '100.00', inUse: false });
    const stale = await post('office', 'saveSheet', { programmeId: cs, version: 0, items: SHEET });
    expect(stale.code).toBe(409);
  });

  it('keeps the rules and sheets from everyone but the office', async () => {
    for (const who of ['secretary', 'reviewer'] as const) {
      expect((await post(who, 'settings', {})).code).toBe(403);
      expect((await post(who, 'saveSheet', { programmeId: cs, version: 0, items: SHEET })).code).toBe(403);
      expect((await post(who, 'autoAssign', { seed: 1 })).code).toBe(403);
    }
  });
});

describe('assigning experts', () => {
  it('gives every eligible application its experts, never its named supervisor, the same way for the same seed', async () => {
    await setUp({ expertsPerApplication: 2 });
    const first = await post<AutoAssignResult>('office', 'autoAssign', { programmeId: cs, seed: 42 });
    expect(first.code, first.msg).toBe(0);
    const view = await assignments();
    expect(view.rows.length).toBeGreaterThan(0);
    expect(first.data.unfilled).toEqual([]);
    for (const row of view.rows) expect(row.experts.length, row.applicantNumber).toBe(2);
    // 王晓明 never reviews an applicant who chose him as supervisor.
    const chose = await t.app.ctx.db
      .selectFrom('application_form as f')
      .innerJoin('supervisor as s', 's.id', 'f.supervisor_id')
      .innerJoin('app_user as u', 'u.id', 'f.user_id')
      .select('u.applicant_number')
      .where('s.user_id', '=', ids.expertWang)
      .execute();
    const wangs = new Set(chose.map((c) => c.applicant_number));
    for (const row of view.rows) if (wangs.has(row.applicantNumber)) expect(row.experts.map((e) => e.name)).not.toContain('王晓明');
    // The office is assigned by hand only.
    expect(pairs(view).some((p) => p.endsWith(':周杰'))).toBe(false);

    const once = pairs(view);
    await t.app.ctx.db.deleteFrom('expert_assignment').execute();
    await post('office', 'autoAssign', { programmeId: cs, seed: 42 });
    expect(pairs(await assignments())).toEqual(once);
  });

  it('respects the load limit and reports what it could not fill', async () => {
    await setUp({ expertsPerApplication: 3, maxLoad: 1, minExperts: 1 });
    const r = await post<AutoAssignResult>('office', 'autoAssign', { programmeId: cs, seed: 1 });
    const view = await assignments();
    for (const expert of view.experts) expect(expert.assigned, expert.name).toBeLessThanOrEqual(1);
    expect(r.data.unfilled.length).toBeGreaterThan(0);
  });

  it('refuses a conflicted expert even by hand; asks a reason to go past the rules, and keeps it', async () => {
    await setUp({ expertsPerApplication: 1, minExperts: 1 });
    const view = await assignments();
    const chose = await t.app.ctx.db
      .selectFrom('application_form as f')
      .innerJoin('supervisor as s', 's.id', 'f.supervisor_id')
      .select('f.id')
      .where('s.user_id', '=', ids.expertWang)
      .where('f.area', '=', DOCTOR_AREA)
      .where('f.qualification', '=', 'pass')
      .executeTakeFirst();
    if (chose) {
      const conflicted = await post('office', 'assign', { applicationId: chose.id, expertUserId: ids.expertWang });
      expect(conflicted.code).toBe(409);
      expect(conflicted.msg).toMatch(/^王晓明 has a conflict of interest with \d+ and cannot review it\.$/);
    }
    const target = view.rows.find((r) => r.applicationId !== chose?.id)!;
    expect((await post('office', 'assign', { applicationId: target.applicationId, expertUserId: ids.reviewer })).code).toBe(0);
    const more = await post('office', 'assign', { applicationId: target.applicationId, expertUserId: ids.expertZhou });
    expect(more.code).toBe(400);
    expect(more.msg).toBe('This application has all its experts: give a reason to add another.');
    const reasoned = await post('office', 'assign', { applicationId: target.applicationId, expertUserId: ids.expertZhou, reason: 'Second opinion on the statistics' });
    expect(reasoned.code).toBe(0);
    const row = (await assignments()).rows.find((r) => r.applicationId === target.applicationId)!;
    expect(row.experts.find((e) => e.name === '周文华')?.overrideReason).toBe('Second opinion on the statistics');
    expect((await post('office', 'assign', { applicationId: target.applicationId, expertUserId: ids.secretary })).code).toBe(400);
  });
});

describe('scoring', () => {
  async function assignedTo(experts: Who[]): Promise<number> {
    await setUp({ expertsPerApplication: experts.length, minExperts: 2 });
    const app = (await assignments()).rows.find((r) => !r.experts.length && r.applicantNumber)!;
    for (const who of experts) {
      const r = await post('office', 'assign', { applicationId: app.applicationId, expertUserId: ids[who] });
      expect(r.code, r.msg).toBe(0);
    }
    return app.applicationId;
  }
  const scoring = async (who: Who, applicationId: number) => (await post<ScoringView>(who, 'scoring', { applicationId })).data;
  const score = (who: Who, applicationId: number, scores: Record<string, string>, extra: object = {}) =>
    post<{ version: number; total: string }>(who, 'saveScore', { applicationId, scores, submit: true, version: 0, ...extra });

  it('is blind until the expert submits, checks each item, and never loses a score to a second window', async () => {
    const app = await assignedTo(['reviewer', 'expertZhou']);
    const mine = await post<MyReviewsView>('reviewer', 'mine', {});
    expect(mine.data.rows.find((r) => r.applicationId === app)?.status).toBe('notStarted');

    expect((await score('expertZhou', app, { research: '35', plan: '30', language: '15' })).code).toBe(0);
    const before = await scoring('reviewer', app);
    expect(before.others).toBeNull();
    expect(before.sheet?.items.map((i) => i.key)).toEqual(['research', 'plan', 'language']);

    const over = await score('reviewer', app, { research: '45', plan: '30', language: '15' });
    expect(over.code).toBe(400);
    expect(over.msg).toBe('科研能力 / Research ability: at most 40.');
    const missing = await score('reviewer', app, { research: '30' });
    expect(missing.msg).toBe('研究计划 / Research plan: give a score before submitting.');
    const draft = await score('reviewer', app, { research: '30' }, { submit: false });
    expect(draft.data.version).toBe(1);
    // Two windows loaded version 1: the first save wins, the second is told.
    const [a, b] = await Promise.all([
      score('reviewer', app, { research: '31', plan: '30', language: '15' }, { version: 1 }),
      score('reviewer', app, { research: '32', plan: '30', language: '15' }, { version: 1 }),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 409]);
    const after = await scoring('reviewer', app);
    expect(after.mine.status).toBe('submitted');
    expect(after.others?.map((o) => o.total)).toEqual(['80.00']);
    // Having seen the others, the expert cannot change theirs any more: only the office corrects.
    expect(after.editable).toBe(false);
    const again = await score('reviewer', app, { research: '40', plan: '40', language: '20' }, { version: after.mine.version });
    expect(again.code).toBe(409);
    expect(again.msg).toBe('This score is submitted: it can no longer change. The admissions office can correct it.');
    // The sheet is in use now: it cannot change.
    const sheet = await post('office', 'saveSheet', { programmeId: cs, version: 1, items: SHEET });
    expect(sheet.code).toBe(409);
  });

  it('refuses an expert who is not assigned, and the named supervisor', async () => {
    const app = await assignedTo(['reviewer', 'expertZhou']);
    const r = await post('expertWu', 'scoring', { applicationId: app });
    expect(r.code).toBe(404);
    expect((await score('expertWu', app, { research: '1', plan: '1', language: '1' })).code).toBe(404);
  });

  it('lets an expert declare a conflict: the file leaves their list and is never given back', async () => {
    const app = await assignedTo(['reviewer', 'expertZhou']);
    const r = await post('expertZhou', 'declareConflict', { applicationId: app, reason: 'I co-authored with the applicant' });
    expect(r.code).toBe(0);
    expect((await post<MyReviewsView>('expertZhou', 'mine', {})).data.rows.map((row) => row.applicationId)).not.toContain(app);
    await post('office', 'autoAssign', { programmeId: cs, seed: 9 });
    const row = (await assignments()).rows.find((x) => x.applicationId === app)!;
    expect(row.experts.map((e) => e.name)).not.toContain('周文华');
    const again = await post('office', 'assign', { applicationId: app, expertUserId: ids.expertZhou, reason: 'x' });
    expect(again.code).toBe(409);
  });

  it('closes: experts can no longer change; the office corrects with a reason, audited', async () => {
    const app = await assignedTo(['reviewer', 'expertZhou']);
    await score('reviewer', app, { research: '30', plan: '30', language: '10' });
    expect((await post('office', 'close', { closed: true })).code).toBe(0);
    const late = await score('reviewer', app, { research: '35', plan: '30', language: '10' }, { version: 1 });
    expect(late.code).toBe(409);
    expect(late.msg).toBe('The review is closed: scores can no longer change.');
    // The office corrects what was submitted, never scores for an expert who has not.
    const forZhou = await score('office', app, { research: '35', plan: '30', language: '10' }, { version: 0, expertUserId: ids.expertZhou, reason: 'Filling in' });
    expect(forZhou.code).toBe(409);
    const noReason = await score('office', app, { research: '35', plan: '30', language: '10' }, { version: 1, expertUserId: ids.reviewer });
    expect(noReason.code).toBe(400);
    const fixed = await score('office', app, { research: '35', plan: '30', language: '10' }, { version: 1, expertUserId: ids.reviewer, reason: 'Typo confirmed by the expert by phone' });
    expect(fixed.code, fixed.msg).toBe(0);
    expect(fixed.data.total).toBe('75.00');
    const audit = await t.app.ctx.db.selectFrom('audit_event').select('detail').where('event', '=', 'review.correctScore').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.detail).toContain('Typo confirmed by the expert by phone');
    await post('office', 'close', { closed: false });
  });
});

describe('the ranked list and the cut-off', () => {
  it('combines the submitted scores by the rule, shows the formula, and records who qualifies', async () => {
    await setUp({ method: 'trimmedMean', minExperts: 3, expertsPerApplication: 3 });
    const rows = (await assignments()).rows;
    const [first, second, third] = rows;
    for (const r of [first!, second!, third!]) {
      for (const who of ['reviewer', 'expertZhou', 'expertWu'] as const) {
        const x = await post('office', 'assign', { applicationId: r.applicationId, expertUserId: ids[who] });
        expect(x.code, x.msg).toBe(0);
      }
    }
    const give = (who: Who, app: number, total: [string, string, string]) =>
      post(who, 'saveScore', { applicationId: app, scores: { research: total[0], plan: total[1], language: total[2] }, submit: true, version: 0 });
    // First: 90, 80, 40 -> the trimmed mean keeps 80. Second: 85, 70, 60 -> 70. Third: two scores only.
    await give('reviewer', first!.applicationId, ['40', '35', '15']);
    await give('expertZhou', first!.applicationId, ['35', '30', '15']);
    await give('expertWu', first!.applicationId, ['20', '10', '10']);
    await give('reviewer', second!.applicationId, ['35', '35', '15']);
    await give('expertZhou', second!.applicationId, ['30', '30', '10']);
    await give('expertWu', second!.applicationId, ['30', '20', '10']);
    await give('reviewer', third!.applicationId, ['40', '40', '20']);
    await give('expertZhou', third!.applicationId, ['40', '40', '20']);

    const list = (await post<RankingView>('office', 'ranking', { programmeId: cs })).data;
    const top = list.rows[0]!;
    expect(top).toMatchObject({ rank: 1, applicationId: first!.applicationId, combined: '80.00', formula: '(80.00) / 1 = 80.00' });
    expect(top.scores.map((s) => [s.total, s.counted])).toEqual([
      ['90.00', false],
      ['80.00', true],
      ['40.00', false],
    ]);
    expect(list.rows[1]).toMatchObject({ rank: 2, applicationId: second!.applicationId, combined: '70.00' });
    expect(list.rows.find((r) => r.applicationId === third!.applicationId)).toMatchObject({ rank: null, combined: null });

    // Only on final scores: the stage closes first.
    const open = await post('office', 'qualify', { programmeId: cs, cutoff: '75' });
    expect(open.code).toBe(409);
    expect(open.msg).toBe('Close the review first: the cut-off is applied to final scores.');
    await post('office', 'close', { closed: true });
    const q = await post<QualifyResult>('office', 'qualify', { programmeId: cs, cutoff: '75' });
    expect(q.data).toMatchObject({ qualified: 1, notQualified: 1 });
    const after = (await post<RankingView>('office', 'ranking', { programmeId: cs })).data;
    expect(after.rows[0]?.decision).toBe('pass');
    expect(after.rows[1]?.decision).toBe('fail');
    const bad = await post('office', 'qualify', { programmeId: cs, cutoff: 'seventy' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('Cut-off score');
  });
});
