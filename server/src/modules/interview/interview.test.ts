import type { InterviewCandidatesView, InterviewSessionView, InterviewSessionsView, MyInterviewSessionsView, PanelSessionView, SavedInterviewScore } from '@gradus/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type DemoAccount, type TestApp } from '../../../test/harness';
import { pdfText } from '../../../test/pdf';

/**
 * Interview sessions over real HTTP on the demo: the office sets a session up (every bad input
 * refused, naming the field, nothing written), panel members score blind with versions, the
 * secretary locks once every score is in, a locked session changes for nobody, and the record
 * prints with the panel's names.
 */
let t: TestApp;
type Who = 'office' | 'secretary' | 'reviewer' | 'expertWang' | 'expertZhou' | 'expertWu';
const LOGINS: Record<Who, DemoAccount> = { office: 'admin', secretary: 'secretary', reviewer: 'reviewer', expertWang: 'expertWang', expertZhou: 'expertZhou', expertWu: 'expertWu' };
const tokens = {} as Record<Who, string>;
const ids = {} as Record<Who, number>;
let programmeId: number;
let candidates: InterviewCandidatesView;

const post = <T>(who: Who, url: string, body: object, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/interview/${url}`, { token: tokens[who], body, lang });
const SCORES = { knowledge: '35', research: '30.5', expression: '16' };

/** Empties the demo's sessions: each test sets up its own. */
async function clearSessions(): Promise<void> {
  await t.app.ctx.db.deleteFrom('interview_session').execute();
}

/** A panel of the members given (the last keeps the record) for the first applicants none of them supervises. */
function sessionInput(panel: Who[], count = 2, extra: object = {}) {
  const members = panel.map((w) => ids[w]);
  const applicants = candidates.applicants.filter((a) => a.supervisorUserId === null || !members.includes(a.supervisorUserId)).slice(0, count);
  return { kind: 'assessment', programmeId, startsAt: '2027-03-20T14:00:00+08:00', room: 'Room 301', panel: members, secretaryUserId: members[members.length - 1], applicants: applicants.map((a) => a.applicationId), version: 0, ...extra };
}

async function createSession(panel: Who[] = ['expertZhou', 'reviewer'], count = 2): Promise<InterviewSessionView> {
  const r = await post<InterviewSessionView>('office', 'save', sessionInput(panel, count));
  expect(r.code, r.msg).toBe(0);
  return r.data;
}

const score = (who: Who, sessionId: number, applicationId: number, body: object = {}) =>
  post<SavedInterviewScore>(who, 'saveScore', { sessionId, applicationId, scores: SCORES, submit: true, version: 0, ...body });

beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
  for (const who of Object.keys(LOGINS) as Who[]) {
    tokens[who] = await signIn(t.app, LOGINS[who]);
    const login = { office: 'admin', secretary: 'secretary', reviewer: 'reviewer', expertWang: 'expert-wang', expertZhou: 'expert-zhou', expertWu: 'expert-wu' }[who];
    ids[who] = (await t.app.ctx.db.selectFrom('app_user').select('id').where('login_name', '=', login).executeTakeFirstOrThrow()).id;
  }
  // The demo's assessment session is of the programme whose qualified applicants it seats.
  const seeded = await post<InterviewSessionsView>('office', 'sessions', { kind: 'assessment' });
  expect(seeded.data.sessions).toHaveLength(1);
  programmeId = seeded.data.sessions[0]!.programme.id;
  await clearSessions();
  candidates = (await post<InterviewCandidatesView>('office', 'candidates', { kind: 'assessment', programmeId })).data;
  expect(candidates.applicants.length).toBeGreaterThanOrEqual(3);
});
afterAll(async () => t.close());
beforeEach(clearSessions);

describe('setting a session up (the office)', () => {
  it('creates a session with its panel and applicants in order, and lists it', async () => {
    const view = await createSession(['expertZhou', 'reviewer'], 3);
    expect(view.panel.map((m) => [m.userId, m.secretary])).toEqual([
      [ids.expertZhou, false],
      [ids.reviewer, true],
    ]);
    expect(view.rows.map((r) => r.position)).toEqual([1, 2, 3]);
    expect(view).toMatchObject({ kind: 'assessment', room: 'Room 301', applicantCount: 3, submitted: 0, expected: 6, lockedAt: null, version: 1 });
    expect(view.sheet?.items.map((i) => i.key)).toEqual(['knowledge', 'research', 'expression']);
    const list = await post<InterviewSessionsView>('office', 'sessions', {});
    expect(list.data.sessions.map((s) => s.id)).toEqual([view.id]);
    // The applicant now shows as seated there.
    const again = await post<InterviewCandidatesView>('office', 'candidates', { kind: 'assessment', programmeId });
    expect(again.data.applicants.filter((a) => a.sessionId === view.id)).toHaveLength(3);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const cases: [object, string][] = [
      [{ secretaryUserId: ids.expertWu }, 'Panel secretary: must be one of the panel'],
      [{ room: '  ' }, 'Room: required'],
      [{ panel: [] }, 'Panel: required; Panel secretary: must be one of the panel'],
      [{ startsAt: 'tomorrow' }, 'Start time: a date and time with its time zone, e.g. 2027-03-15T09:00:00+08:00'],
    ];
    for (const [change, msg] of cases) {
      const r = await post('office', 'save', { ...sessionInput(['expertZhou', 'reviewer']), ...change });
      expect(r.code, JSON.stringify(change)).toBe(400);
      expect(r.msg).toBe(msg);
    }
    const twice = await post('office', 'save', { ...sessionInput(['expertZhou', 'reviewer']), panel: [ids.reviewer, ids.reviewer], secretaryUserId: ids.reviewer }, 'zh-CN');
    expect(twice.msg).toBe('考核小组：有成员重复列出');
    const notExpert = await post('office', 'save', sessionInput(['secretary', 'reviewer']));
    expect(notExpert.msg).toBe('Panel: 孙丽 is not an expert.');
    const notCandidate = await post('office', 'save', { ...sessionInput(['expertZhou', 'reviewer']), applicants: [987654] });
    expect(notCandidate.msg).toMatch(/^Applicants: #987654 may not sit this session/);
    // A supervisor the applicant named never sits on their panel.
    const supervised = candidates.applicants.find((a) => a.supervisorUserId !== null)!;
    const supervisor = (Object.keys(ids) as Who[]).find((w) => ids[w] === supervised.supervisorUserId)!;
    const conflicted = await post('office', 'save', { ...sessionInput([supervisor, 'reviewer']), applicants: [supervised.applicationId] });
    expect(conflicted.code).toBe(400);
    expect(conflicted.msg).toBe(`Panel: ${candidates.experts.find((e) => e.userId === supervised.supervisorUserId)!.name} is the supervisor ${supervised.name} (${supervised.applicantNumber}) named and cannot sit on their panel.`);
    expect((await post<InterviewSessionsView>('office', 'sessions', {})).data.sessions).toEqual([]);
  });

  it('seats an applicant in one session of a kind, and keeps a stale edit from overwriting', async () => {
    const first = await createSession();
    const second = await post('office', 'save', sessionInput(['expertZhou', 'reviewer']));
    expect(second.code).toBe(409);
    expect(second.msg).toMatch(/is already in the session of .* in Room 301\.$/);
    const moved = await post<InterviewSessionView>('office', 'save', { ...sessionInput(['expertZhou', 'reviewer']), id: first.id, version: 1, room: 'Room 302' });
    expect(moved.data).toMatchObject({ room: 'Room 302', version: 2 });
    const stale = await post('office', 'save', { ...sessionInput(['expertZhou', 'reviewer']), id: first.id, version: 1, room: 'Room 303' });
    expect(stale.code).toBe(409);
    expect(stale.msg).toBe('Someone saved this session meanwhile. Reload it and make your change again.');
  });

  it('keeps a member who scored and an applicant who was scored in the session, and a scored session from removal', async () => {
    const view = await createSession(['expertZhou', 'reviewer'], 2);
    expect((await score('reviewer', view.id, view.rows[0]!.applicationId, { submit: false })).code).toBe(0);
    const base = sessionInput(['expertZhou', 'reviewer'], 2, { id: view.id, version: 1 });
    const dropMember = await post('office', 'save', { ...base, panel: [ids.expertZhou], secretaryUserId: ids.expertZhou });
    expect(dropMember.msg).toBe('Panel: 赵敏 has already scored in this session and cannot leave it.');
    const dropApplicant = await post('office', 'save', { ...base, applicants: [view.rows[1]!.applicationId] });
    expect(dropApplicant.msg).toBe(`Applicants: ${view.rows[0]!.name} (${view.rows[0]!.applicantNumber}) has already been scored in this session and cannot leave it.`);
    const removed = await post('office', 'delete', { sessionId: view.id, version: 1 });
    expect(removed.code).toBe(409);
    // An unscored session goes.
    await t.app.ctx.db.deleteFrom('interview_score').execute();
    expect((await post('office', 'delete', { sessionId: view.id, version: 1 })).code).toBe(0);
    expect((await post<InterviewSessionsView>('office', 'sessions', {})).data.sessions).toEqual([]);
  });

  it('names a seated applicant who may no longer sit the session when the office saves it again', async () => {
    const view = await createSession(['expertZhou', 'reviewer'], 2);
    const gone = view.rows[1]!;
    const db = t.app.ctx.db;
    const userId = (await db.selectFrom('application_form').select('user_id').where('id', '=', gone.applicationId).executeTakeFirstOrThrow()).user_id;
    const decision = (outcome: string) => db.updateTable('review_decision').set({ outcome }).where('stage', '=', 'assessmentQualification').where('user_id', '=', userId).execute();
    await decision('fail');
    try {
      const again = await post('office', 'save', sessionInput(['expertZhou', 'reviewer'], 2, { id: view.id, version: 1, applicants: view.rows.map((r) => r.applicationId) }));
      expect(again.code).toBe(400);
      expect(again.msg).toBe(`Applicants: ${gone.name} (${gone.applicantNumber}) may not sit this session (not qualified for it, or of another programme).`);
    } finally {
      await decision('pass');
    }
  });

  it('keeps the set-up from everyone but the office', async () => {
    const view = await createSession();
    for (const who of ['secretary', 'reviewer', 'expertZhou'] as const) {
      expect((await post(who, 'sessions', {})).code).toBe(403);
      expect((await post(who, 'candidates', { kind: 'assessment', programmeId })).code).toBe(403);
      expect((await post(who, 'session', { sessionId: view.id })).code).toBe(403);
      expect((await post(who, 'save', sessionInput(['expertZhou', 'reviewer']))).code).toBe(403);
      expect((await post(who, 'delete', { sessionId: view.id, version: 1 })).code).toBe(403);
    }
  });
});

describe('scoring on the panel', () => {
  it('lists a member’s sessions and opens them to the panel only', async () => {
    const view = await createSession(['expertZhou', 'reviewer']);
    const mine = await post<MyInterviewSessionsView>('reviewer', 'mine', {});
    expect(mine.data.sessions).toEqual([expect.objectContaining({ id: view.id, secretary: true, applicantCount: 2, mySubmitted: 0, lockedAt: null })]);
    expect((await post<MyInterviewSessionsView>('expertWu', 'mine', {})).data.sessions).toEqual([]);
    for (const who of ['office', 'secretary'] as const) expect((await post(who, 'mine', {})).code).toBe(403);
    // Off the panel, the session does not exist; the office reads it through its own view.
    for (const who of ['expertWu', 'expertWang', 'secretary', 'office'] as const) {
      const r = await post(who, 'panel', { sessionId: view.id });
      expect(r.code, who).toBe(404);
      expect(r.msg).toBe('This interview session does not exist.');
      expect((await score(who, view.id, view.rows[0]!.applicationId)).code, who).toBe(404);
    }
    expect((await post('reviewer', 'panel', { sessionId: 987654 })).code).toBe(404);
  });

  it('is blind until the member submits, and never loses a score to a second tablet', async () => {
    const view = await createSession(['expertZhou', 'reviewer']);
    const first = view.rows[0]!.applicationId;
    expect((await score('expertZhou', view.id, first)).data).toEqual({ version: 1, total: '81.50', status: 'submitted' });
    const before = await post<PanelSessionView>('reviewer', 'panel', { sessionId: view.id });
    expect(before.data.applicants[0]!.others).toBeNull();
    expect(before.data.applicants[0]!.mine).toMatchObject({ status: 'notStarted', version: 0 });

    const draft = await score('reviewer', view.id, first, { submit: false, scores: { knowledge: '20' } });
    expect(draft.data).toEqual({ version: 1, total: '20.00', status: 'draft' });
    // A second tablet still holding version 0 is refused, and the draft stays.
    const stale = await score('reviewer', view.id, first, { scores: { knowledge: '40', research: '40', expression: '20' } });
    expect(stale.code).toBe(409);
    expect(stale.msg).toBe('This score was saved on another device meanwhile. Reload to see it, then make your change again.');
    expect((await post<PanelSessionView>('reviewer', 'panel', { sessionId: view.id })).data.applicants[0]!.mine).toMatchObject({ status: 'draft', total: '20.00', version: 1 });

    const over = await score('reviewer', view.id, first, { version: 1, scores: { ...SCORES, knowledge: '41' } });
    expect(over.code).toBe(400);
    expect(over.msg).toBe('专业知识 / Subject knowledge: at most 40.');
    const missing = await score('reviewer', view.id, first, { version: 1, scores: { knowledge: '30' } });
    expect(missing.msg).toBe('科研潜质 / Research potential: give a score before submitting.');
    expect((await score('reviewer', view.id, first, { version: 1 })).code).toBe(0);
    const after = await post<PanelSessionView>('reviewer', 'panel', { sessionId: view.id });
    expect(after.data.applicants[0]!.others).toEqual([{ memberName: '周文华', total: '81.50' }]);
    // Submitted is final for the member: they have seen the others.
    const again = await score('reviewer', view.id, first, { version: 2 });
    expect(again.msg).toBe('Your score of this applicant is submitted: it can no longer change.');
    // Not in the session.
    const outsider = candidates.applicants.find((a) => !view.rows.some((r) => r.applicationId === a.applicationId))!;
    expect((await score('reviewer', view.id, outsider.applicationId)).msg).toBe('This applicant is not in the session.');
  });
});

describe('locking and the record', () => {
  it('locks only by the secretary, once every score is in; then nothing changes and the record prints', async () => {
    const view = await createSession(['expertZhou', 'reviewer']);
    const [a, b] = view.rows.map((r) => r.applicationId) as [number, number];
    expect((await post('expertZhou', 'lock', { sessionId: view.id })).code).toBe(403);
    expect((await post('office', 'lock', { sessionId: view.id })).code).toBe(403);
    expect((await post('office', 'record', { sessionId: view.id })).msg).toBe('The record prints once the panel secretary has locked the session.');

    await score('expertZhou', view.id, a);
    await score('expertZhou', view.id, b, { scores: { knowledge: '30', research: '30', expression: '10' } });
    await score('reviewer', view.id, a, { scores: { knowledge: '38', research: '36', expression: '18' } });
    const early = await post('reviewer', 'lock', { sessionId: view.id });
    expect(early.code).toBe(409);
    expect(early.msg).toBe('The session cannot be locked yet: not every score is submitted (赵敏: 1 to go).');
    const earlyZh = await post('reviewer', 'lock', { sessionId: view.id }, 'zh-CN');
    expect(earlyZh.msg).toBe('暂不能锁定场次：尚有评分未提交（赵敏：还差 1 份）。');
    await score('reviewer', view.id, b, { scores: { knowledge: '32', research: '30', expression: '12' } });

    const locked = await post<PanelSessionView>('reviewer', 'lock', { sessionId: view.id });
    expect(locked.code, locked.msg).toBe(0);
    expect(locked.data.lockedBy).toBe('赵敏');
    const office = await post<InterviewSessionView>('office', 'session', { sessionId: view.id });
    expect(office.data.rows.map((r) => [r.combined, r.formula])).toEqual([
      ['86.75', '(81.50 + 92.00) / 2 = 86.75'],
      ['72.00', '(70.00 + 74.00) / 2 = 72.00'],
    ]);

    // A locked session is edited by nobody: the refusal names the session, and nothing changes.
    const edit = await score('expertZhou', view.id, a, { version: 1, submit: false });
    expect(edit.code).toBe(409);
    expect(edit.msg).toMatch(/^Scores: the session of .* in Room 301 is locked by 赵敏; nothing in it can change\.$/);
    const editZh = await post('office', 'save', sessionInput(['expertZhou', 'reviewer'], 2, { id: view.id, version: 2, room: 'Room 999' }), 'zh-CN');
    expect(editZh.msg).toMatch(/^评分：.* Room 301 的场次已由 赵敏 锁定，不能再作任何修改。$/);
    expect((await post('office', 'delete', { sessionId: view.id, version: 2 })).code).toBe(409);
    expect((await post('reviewer', 'lock', { sessionId: view.id })).code).toBe(409);
    const unchanged = await post<InterviewSessionView>('office', 'session', { sessionId: view.id });
    expect(unchanged.data).toEqual(office.data);

    for (const who of ['reviewer', 'expertZhou', 'office'] as const) {
      const pdf = await call(t.app, '/mucgrs-service/staff/interview/record', { token: tokens[who], body: { sessionId: view.id }, lang: 'zh-CN' });
      expect(pdf.raw.headers['content-type'], who).toBe('application/pdf');
      const text = await pdfText(pdf.raw.rawPayload);
      expect(text).toContain('综合考核记录表');
      for (const name of ['周文华', '赵敏', view.rows[0]!.name, '86.75', 'Room 301', '签名']) expect(text).toContain(name);
    }
    for (const who of ['expertWu', 'secretary'] as const) expect((await post(who, 'record', { sessionId: view.id })).code).toBe(404);
  });
});

describe('the demo', () => {
  // It seeds a whole demo of its own: on PGlite under a loaded machine that alone can pass the 30 s a test has.
  it('seeds an assessment session the reviewer finishes and a language session', async () => {
    const fresh = await buildTestApp({ seed: 'demo' });
    try {
      const token = await signIn(fresh.app, 'reviewer');
      const mine = await call<MyInterviewSessionsView>(fresh.app, '/mucgrs-service/staff/interview/mine', { token, body: {} });
      const assessment = mine.data.sessions.find((s) => s.kind === 'assessment')!;
      expect(assessment).toMatchObject({ secretary: true, applicantCount: 3, mySubmitted: 1, lockedAt: null });
      const admin = await signIn(fresh.app, 'admin');
      const all = await call<InterviewSessionsView>(fresh.app, '/mucgrs-service/staff/interview/sessions', { token: admin, body: {} });
      expect(all.data.sessions.map((s) => s.kind).sort()).toEqual(['assessment', 'language']);
      expect(all.data.sessions.find((s) => s.kind === 'assessment')).toMatchObject({ submitted: 7, expected: 9 });
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
