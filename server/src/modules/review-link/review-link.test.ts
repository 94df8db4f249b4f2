import { DOCTOR_AREA, type ApplicationFileView, type ExternalExpertView, type MyReviewsView, type ReviewLinkView, type ReviewSessionGrant, type ReviewSessionView, type ScoringView } from '@gradus/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';

/**
 * External experts by link, over real HTTP on the demo: the office records an expert, assigns
 * them a file and mails the link; the expert opens it, passes the identity step with the mailed
 * code (once), declares no conflict, reads and scores the file blind; and the link stops working
 * when it expires, when a newer one is mailed, and when the review closes.
 */
let t: TestApp;
let office: string;
let cs: number;
/** Two eligible CS applications: the expert is assigned the first only. */
let assigned: { applicationId: number; userId: number; number: string };
let other: { applicationId: number; userId: number };

const STAGE = 'materialReview';
const staff = <T>(url: string, body: object, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/review/${url}`, { token: office, body: { stage: STAGE, ...body }, lang });
/** Recording an expert is about no stage. */
const record = <T>(body: object, lang = 'en') => call<T>(t.app, '/mucgrs-service/staff/review/saveExternalExpert', { token: office, body, lang });
const link = <T>(url: string, body: object | undefined, token?: string, lang = 'en') =>
  call<T>(t.app, `/mucgrs-service/review-link/${url}`, { ...(body === undefined ? {} : { body }), ...(token ? { token } : {}), lang });
const SHEET = [
  { key: 'research', nameZh: '科研能力', nameEn: 'Research ability', max: '60', weight: '1' },
  { key: 'plan', nameZh: '研究计划', nameEn: 'Research plan', max: '40', weight: '1' },
];
const EXPERT = { name: 'Maria García', affiliation: 'Universidad de Salamanca', email: 'maria.garcia@usal.test' };

/** The last mail sent to an address, and the link or code in it. */
const lastMailTo = (to: string) => [...t.mail.sent].reverse().find((m) => m.to === to);
const tokenIn = (text: string) => /\/review\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
const codeIn = (text: string) => /\n(\d{6})\n/.exec(text)?.[1] ?? '';

async function addExpert(): Promise<number> {
  const r = await record<{ userId: number }>(EXPERT);
  expect(r.code, r.msg).toBe(0);
  return r.data.userId;
}

/** Office: an expert assigned to `assigned`, a link mailed; returns the link's token. */
async function invite(expertUserId: number): Promise<string> {
  const given = await staff('assign', { applicationId: assigned.applicationId, expertUserId });
  expect(given.code, given.msg).toBe(0);
  const sent = await staff<{ sentTo: string }>('sendLink', { expertUserId });
  expect(sent.code, sent.msg).toBe(0);
  expect(sent.data.sentTo).toBe(EXPERT.email);
  return tokenIn(lastMailTo(EXPERT.email)!.text);
}

/** The expert: the code asked for and entered; returns the review session's token. */
async function passIdentity(token: string): Promise<string> {
  const sent = await link('sendCode', { token });
  expect(sent.code, sent.msg).toBe(0);
  const code = codeIn(lastMailTo(EXPERT.email)!.text);
  const verified = await link<ReviewSessionGrant>('verify', { token, code });
  expect(verified.code, verified.msg).toBe(0);
  return verified.data.reviewToken;
}

beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
  office = await signIn(t.app, 'admin');
  const db = t.app.ctx.db;
  cs = (await db.selectFrom('programme').select('id').where('code', '=', 'CS-PHD-081200').executeTakeFirstOrThrow()).id;
  const eligible = await db
    .selectFrom('application_form as f')
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .select(['f.id', 'f.user_id', 'u.applicant_number'])
    .where('f.programme_id', '=', cs)
    .where('f.area', '=', DOCTOR_AREA)
    .where('f.qualification', '=', 'pass')
    .where('f.status', '=', 'submitted')
    .orderBy('u.applicant_number')
    .execute();
  expect(eligible.length).toBeGreaterThanOrEqual(2);
  assigned = { applicationId: eligible[0]!.id, userId: eligible[0]!.user_id, number: eligible[0]!.applicant_number! };
  other = { applicationId: eligible[1]!.id, userId: eligible[1]!.user_id };
});
afterAll(async () => t.close());
beforeEach(async () => {
  const db = t.app.ctx.db;
  for (const table of ['review_link', 'expert_score', 'expert_conflict', 'expert_assignment', 'score_sheet', 'review_setting'] as const) await db.deleteFrom(table).execute();
  await db.deleteFrom('app_user').where('kind', '=', 'external').execute();
  t.mail.sent.length = 0;
  expect((await staff('saveSettings', { method: 'mean', minExperts: 1, expertsPerApplication: 2, maxLoad: 40 })).code).toBe(0);
  expect((await staff('saveSheet', { programmeId: cs, items: SHEET, version: 0 })).code).toBe(0);
});

describe('the office and its external experts', () => {
  it('records an expert, refusing a bad address, a missing affiliation and a second record of one address', async () => {
    const bad = await record({ ...EXPERT, email: 'maria@' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('E-mail: not a valid e-mail address');
    const none = await record({ ...EXPERT, affiliation: ' ' }, 'zh-CN');
    expect(none.msg).toBe('工作单位：不能为空');
    const id = await addExpert();
    const twice = await record({ ...EXPERT, name: 'M. García' });
    expect(twice.code).toBe(409);
    expect(twice.msg).toBe('An external expert with the address maria.garcia@usal.test is already recorded.');
    const fixed = await record({ ...EXPERT, userId: id, affiliation: 'Universidad Complutense de Madrid' });
    expect(fixed.code, fixed.msg).toBe(0);
    const list = await staff<ExternalExpertView[]>('externalExperts', {});
    expect(list.data).toEqual([{ userId: id, ...EXPERT, affiliation: 'Universidad Complutense de Madrid', assigned: 0, submitted: 0, link: null }]);
    // No sign-in: the record has no login name and no usable password.
    const row = await t.app.ctx.db.selectFrom('app_user').select(['login_name', 'password_hash']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.login_name).toBeNull();
  });

  it('offers external experts for a manual assignment, never for the automatic one', async () => {
    const id = await addExpert();
    const auto = await staff('autoAssign', { programmeId: cs, seed: 3 });
    expect(auto.code, auto.msg).toBe(0);
    const view = await staff<{ experts: { userId: number; external: boolean; assigned: number }[] }>('assignments', { programmeId: cs });
    expect(view.data.experts.find((e) => e.userId === id)).toMatchObject({ external: true, assigned: 0 });
    const manual = await staff('assign', { applicationId: assigned.applicationId, expertUserId: id, reason: 'External review required' });
    expect(manual.code, manual.msg).toBe(0);
  });

  it('mails the link, and a new link replaces the old one', async () => {
    const id = await addExpert();
    const first = await invite(id);
    const mail = lastMailTo(EXPERT.email)!;
    expect(mail.text).toContain('Maria García');
    expect(mail.text).toContain(`${t.config.publicUrl}/review?token=`);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await staff('sendLink', { expertUserId: id });
    expect(second.code).toBe(0);
    expect((await link('open', { token: first })).msg).toBe('A newer link was mailed to you: please open that one. This link no longer works.');
    const list = await staff<ExternalExpertView[]>('externalExperts', {});
    expect(list.data[0]!.link).toMatchObject({ state: 'sent', verifiedAt: null });
    expect(list.data[0]!.assigned).toBe(1);
  });

  it('keeps the experts and their links from everyone but the office', async () => {
    const id = await addExpert();
    for (const login of ['secretary', 'reviewer'] as const) {
      const token = await signIn(t.app, login);
      for (const [url, body] of [['externalExperts', { stage: STAGE }], ['saveExternalExpert', EXPERT], ['sendLink', { stage: STAGE, expertUserId: id }]] as const) {
        const r = await call(t.app, `/mucgrs-service/staff/review/${url}`, { token, body, lang: 'en' });
        expect(r.code, `${login} ${url}`).toBe(403);
      }
    }
    expect(t.mail.sent).toHaveLength(0);
  });
});

describe('the identity step', () => {
  it('opens the link, mails a code, and lets it be passed once', async () => {
    const token = await invite(await addExpert());
    const opened = await link<ReviewLinkView>('open', { token });
    expect(opened.data).toMatchObject({ expertName: 'Maria García', maskedEmail: 'm***@usal.test', stage: STAGE, verified: false });

    expect((await link('verify', { token, code: '123456' })).msg).toBe('The code has expired or was never sent. Ask for a new code.');
    expect((await link('sendCode', { token })).code).toBe(0);
    const code = codeIn(lastMailTo(EXPERT.email)!.text);
    expect(code).toMatch(/^\d{6}$/);
    const again = await link('sendCode', { token });
    expect(again.code).toBe(429);
    expect(again.msg).toBe('A code was just sent. You can ask for another in 60 seconds.');

    const wrong = await link('verify', { token, code: code === '000000' ? '000001' : '000000' }, undefined, 'zh-CN');
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toBe('验证码不正确，还可以尝试 4 次。');
    const badFormat = await link('verify', { token, code: '12ab' });
    expect(badFormat.msg).toBe('Verification code: not in a valid format');

    const ok = await link<ReviewSessionGrant>('verify', { token, code });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data.reviewToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The identity step again, even with the right code: refused, the session stays the first browser's.
    const twice = await link('verify', { token, code });
    expect(twice.code).toBe(409);
    expect(twice.msg).toContain('Someone has already confirmed their identity with this link.');
    expect((await link('sendCode', { token })).code).toBe(409);
    expect((await link<ReviewLinkView>('open', { token })).data.verified).toBe(true);
  });

  it('gives five tries per code', async () => {
    const token = await invite(await addExpert());
    await link('sendCode', { token });
    const code = codeIn(lastMailTo(EXPERT.email)!.text);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 4; i++) expect((await link('verify', { token, code: wrong })).code).toBe(400);
    expect((await link('verify', { token, code: wrong })).msg).toBe('The code was entered wrongly too many times. Ask for a new code.');
    // Even the right code now: the tries are spent.
    expect((await link('verify', { token, code })).msg).toBe('The code was entered wrongly too many times. Ask for a new code.');
  });

  it('refuses a malformed, an unknown and an expired link, saying which', async () => {
    const malformed = await link('open', { token: 'x' });
    expect(malformed.code).toBe(400);
    expect(malformed.msg).toBe('Link: not a valid review link');
    expect((await link('open', { token: 'A'.repeat(43) })).msg).toContain('This review link is not valid.');
    const token = await invite(await addExpert());
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    try {
      const expired = await link('open', { token }, undefined, 'es');
      expect(expired.code).toBe(403);
      expect(expired.msg).toBe('Este enlace de evaluación ha caducado. Pida a la oficina de admisiones que le envíe uno nuevo.');
    } finally {
      t.clock.advance(-31 * 24 * 60 * 60 * 1000);
    }
  });
});

describe('the review by link', () => {
  it('declares, reads and scores the assigned file blind, and nothing else', async () => {
    const id = await addExpert();
    const session = await passIdentity(await invite(id));

    expect((await link('session', undefined)).code).toBe(401);
    const view = await link<ReviewSessionView>('session', undefined, session);
    expect(view.data).toMatchObject({ expertName: 'Maria García', affiliation: EXPERT.affiliation, declaredAt: null, closed: false });
    // Before the declaration: who they are asked to review, and none of the files.
    const mine = await link<MyReviewsView>('mine', undefined, session);
    expect(mine.data.rows.map((r) => r.applicantNumber)).toEqual([assigned.number]);
    const early = await link('scoring', { applicationId: assigned.applicationId }, session);
    expect(early.code).toBe(409);
    expect(early.msg).toBe('Declare that you have no conflict of interest first.');
    const unticked = await link('declare', { noConflict: false }, session);
    expect(unticked.code).toBe(400);
    expect(unticked.msg).toBe('No conflict of interest: must be ticked to go on');
    const declared = await link<ReviewSessionView>('declare', { noConflict: true }, session);
    expect(declared.data.declaredAt).not.toBeNull();

    const file = await link<ApplicationFileView>('file', { applicationId: assigned.applicationId }, session);
    expect(file.code, file.msg).toBe(0);
    expect(file.data.materials.length).toBeGreaterThan(0);
    expect(file.data.history).toBeNull();
    expect(file.data.orders).toBeNull();
    const bytes = await call(t.app, '/mucgrs-service/review-link/getFileByte', { token: session, body: { filePath: file.data.materials[0]!.filePath } });
    expect(bytes.status).toBe(200);
    expect(String(bytes.raw.headers['content-type'])).not.toContain('json');

    // Another applicant's file, score and materials: unknown to this link.
    expect((await link('file', { applicationId: other.applicationId }, session)).code).toBe(404);
    expect((await link('scoring', { applicationId: other.applicationId }, session)).code).toBe(404);
    const otherMaterial = await t.app.ctx.db
      .selectFrom('application_material as m')
      .innerJoin('stored_file as f', 'f.id', 'm.stored_file_id')
      .select('f.file_path')
      .where('m.user_id', '=', other.userId)
      .executeTakeFirstOrThrow();
    expect((await call(t.app, '/mucgrs-service/review-link/getFileByte', { token: session, body: { filePath: otherMaterial.file_path } })).code).toBe(404);
    // A review session is no staff session, and a staff session no review session.
    expect((await call(t.app, '/mucgrs-service/staff/review/mine', { token: session, body: { stage: STAGE } })).code).toBe(401);
    expect((await link('mine', undefined, office)).code).toBe(401);

    // Blind: an internal expert's submitted score is hidden until the link's expert submits.
    const reviewer = (await t.app.ctx.db.selectFrom('app_user').select('id').where('login_name', '=', 'reviewer').executeTakeFirstOrThrow()).id;
    expect((await staff('assign', { applicationId: assigned.applicationId, expertUserId: reviewer })).code).toBe(0);
    const reviewerToken = await signIn(t.app, 'reviewer');
    const internal = await call(t.app, '/mucgrs-service/staff/review/saveScore', {
      token: reviewerToken,
      body: { stage: STAGE, applicationId: assigned.applicationId, scores: { research: '50', plan: '30' }, submit: true, version: 0 },
    });
    expect(internal.code, internal.msg).toBe(0);

    const before = await link<ScoringView>('scoring', { applicationId: assigned.applicationId }, session);
    expect(before.data.others).toBeNull();
    const over = await link('saveScore', { applicationId: assigned.applicationId, scores: { research: '61' }, submit: false, version: 0 }, session);
    expect(over.code).toBe(400);
    expect(over.msg).toBe('科研能力 / Research ability: at most 60.');
    const withStage = await link('saveScore', { stage: STAGE, applicationId: assigned.applicationId, scores: {}, submit: false, version: 0 }, session);
    expect(withStage.code).toBe(400);
    const saved = await link<{ version: number; total: string }>('saveScore', { applicationId: assigned.applicationId, scores: { research: '55.5', plan: '32' }, submit: true, version: 0 }, session);
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.total).toBe('87.50');
    const after = await link<ScoringView>('scoring', { applicationId: assigned.applicationId }, session);
    expect(after.data.mine.status).toBe('submitted');
    expect(after.data.others?.map((o) => o.total)).toEqual(['80.00']);
    expect(after.data.editable).toBe(false);

    const list = await staff<ExternalExpertView[]>('externalExperts', {});
    expect(list.data[0]).toMatchObject({ submitted: 1, link: { state: 'verified' } });
  });

  it('lets the expert declare a conflict on a file, even before the general declaration, and the file leaves their list', async () => {
    const session = await passIdentity(await invite(await addExpert()));
    const none = await link('declareConflict', { applicationId: assigned.applicationId, reason: '' }, session);
    expect(none.code).toBe(400);
    const r = await link('declareConflict', { applicationId: assigned.applicationId, reason: 'Co-author of the applicant' }, session);
    expect(r.code, r.msg).toBe(0);
    expect((await link<MyReviewsView>('mine', undefined, session)).data.rows).toEqual([]);
    await link('declare', { noConflict: true }, session);
    expect((await link('scoring', { applicationId: assigned.applicationId }, session)).code).toBe(404);
  });

  it('stops when the review closes, and again works if it reopens', async () => {
    const session = await passIdentity(await invite(await addExpert()));
    await link('declare', { noConflict: true }, session);
    expect((await staff('close', { closed: true })).code).toBe(0);
    const closed = await link('scoring', { applicationId: assigned.applicationId }, session, 'ja');
    expect(closed.code).toBe(401);
    expect(closed.msg).toBe('審査は終了しました。このリンクでは開けません。');
    expect((await staff('sendLink', { expertUserId: (await t.app.ctx.db.selectFrom('app_user').select('id').where('kind', '=', 'external').executeTakeFirstOrThrow()).id })).code).toBe(409);
    expect((await staff('close', { closed: false })).code).toBe(0);
    expect((await link('scoring', { applicationId: assigned.applicationId }, session)).code).toBe(0);
  });
});

describe('an interview panel by link', () => {
  it('seats an external member on a session, who confirms, declares and scores by their link, and no more', async () => {
    const db = t.app.ctx.db;
    const expertUserId = await addExpert();
    const interview = <T>(url: string, body: object) => call<T>(t.app, `/mucgrs-service/staff/interview/${url}`, { token: office, body, lang: 'en' });
    const { data: list } = await interview<{ sessions: { id: number }[] }>('sessions', { kind: 'assessment' });
    const sessionId = list.sessions[0]!.id;
    const { data: held } = await interview<{ kind: string; programme: { id: number }; startsAt: string; room: string; panel: { userId: number; secretary: boolean }[]; rows: { applicationId: number }[]; version: number }>('session', { sessionId });
    const seated = await interview('save', {
      id: sessionId,
      kind: held.kind,
      programmeId: held.programme.id,
      startsAt: held.startsAt,
      room: held.room,
      panel: [...held.panel.map((m) => m.userId), expertUserId],
      secretaryUserId: held.panel.find((m) => m.secretary)!.userId,
      applicants: held.rows.map((r) => r.applicationId),
      version: held.version,
    });
    expect(seated.code, seated.msg).toBe(0);
    // The session's sheet (the suite's set-up cleared the sheets; the demo's scores of it go too).
    await db.deleteFrom('interview_score').execute();
    expect((await staff('saveSheet', { stage: 'assessment', programmeId: held.programme.id, items: SHEET, version: 0 })).code).toBe(0);

    const sent = await staff('sendLink', { stage: 'assessment', expertUserId });
    expect(sent.code, sent.msg).toBe(0);
    expect(lastMailTo(EXPERT.email)!.text).toContain(`review ${held.rows.length} doctoral applications`);
    const session = await passIdentity(tokenIn(lastMailTo(EXPERT.email)!.text));

    // Before the declaration: the sessions and their applicants, nothing to score yet.
    const mine = await link<{ sessions: { id: number; kind: string }[] }>('interview/mine', undefined, session);
    expect(mine.data.sessions.map((s) => [s.id, s.kind])).toEqual([[sessionId, 'assessment']]);
    expect((await link<MyReviewsView>('mine', undefined, session)).data.rows).toEqual([]);
    const panel = await link<{ applicants: { applicationId: number }[]; sheet: { items: { key: string; max: string }[] }; secretary: boolean }>('interview/panel', { sessionId }, session);
    expect(panel.code, panel.msg).toBe(0);
    expect(panel.data.secretary).toBe(false);
    const first = panel.data.applicants[0]!.applicationId;
    const full = Object.fromEntries(panel.data.sheet.items.map((i) => [i.key, i.max]));
    const score = (scores: Record<string, string>) => link('interview/saveScore', { sessionId, applicationId: first, scores, submit: true, version: 0 }, session);
    expect((await score(full)).msg).toBe('Declare that you have no conflict of interest first.');
    await link('declare', { noConflict: true }, session);

    const item = panel.data.sheet.items[0]!;
    const over = await score({ ...full, [item.key]: String(Number(item.max) + 1) });
    expect(over.code).toBe(400);
    const ok = await score(full);
    expect(ok.code, ok.msg).toBe(0);
    // Not the secretary: the lock is refused; the record waits for it.
    expect((await link('interview/lock', { sessionId }, session)).code).toBe(403);
    expect((await link('interview/record', { sessionId }, session)).code).toBe(409);
    // The link opens its own stage only: the material review's files and the language sessions stay shut.
    const language = await db.selectFrom('interview_session').select('id').where('kind', '=', 'language').executeTakeFirstOrThrow();
    expect((await link('interview/panel', { sessionId: language.id }, session)).code).toBe(404);
    expect((await link('scoring', { applicationId: assigned.applicationId }, session)).code).toBe(404);
  });
});

describe('the link and its stage', () => {
  it('opens only the files of its own stage: another stage’s assignment of the expert stays shut', async () => {
    const expertUserId = await addExpert();
    // Assigned in the material review, then invited to an interview panel: the interview link shows no file.
    expect((await staff('assign', { applicationId: assigned.applicationId, expertUserId })).code).toBe(0);
    expect((await staff('sendLink', { stage: 'assessment', expertUserId })).code).toBe(0);
    const session = await passIdentity(tokenIn(lastMailTo(EXPERT.email)!.text));
    await link('declare', { noConflict: true }, session);
    const material = await t.app.ctx.db
      .selectFrom('application_material as m')
      .innerJoin('stored_file as f', 'f.id', 'm.stored_file_id')
      .select('f.file_path')
      .where('m.user_id', '=', assigned.userId)
      .executeTakeFirstOrThrow();
    for (const [url, body] of [
      ['file', { applicationId: assigned.applicationId }],
      ['scoring', { applicationId: assigned.applicationId }],
      ['saveScore', { applicationId: assigned.applicationId, scores: {}, submit: false, version: 0 }],
      ['declareConflict', { applicationId: assigned.applicationId, reason: 'none' }],
      ['getFileByte', { filePath: material.file_path }],
    ] as const) {
      expect((await link(url, body, session)).code, url).toBe(404);
    }
    expect(await t.app.ctx.db.selectFrom('expert_conflict').select('id').execute()).toEqual([]);
  });

  it('passes the identity step once even when two browsers send the right code at the same moment', async () => {
    const token = await invite(await addExpert());
    await link('sendCode', { token });
    const code = codeIn(lastMailTo(EXPERT.email)!.text);
    const replies = await Promise.all([link('verify', { token, code }), link('verify', { token, code })]);
    expect(replies.map((r) => r.code).sort()).toEqual([0, 409]);
  });

  it('keeps the earlier link working when the new one cannot be mailed', async () => {
    const expertUserId = await addExpert();
    const first = await invite(expertUserId);
    const send = t.mail.send.bind(t.mail);
    t.mail.send = () => Promise.reject(new Error('SMTP down'));
    try {
      expect((await staff('sendLink', { expertUserId })).code).toBe(500);
    } finally {
      t.mail.send = send;
    }
    expect((await link<ReviewLinkView>('open', { token: first })).code).toBe(0);
    expect(await t.app.ctx.db.selectFrom('review_link').select('id').where('expert_user_id', '=', expertUserId).execute()).toHaveLength(1);
  });

  it('takes no new experts once the review is closed, and tells nobody', async () => {
    const expertUserId = await addExpert();
    expect((await staff('close', { closed: true })).code).toBe(0);
    const r = await staff('assign', { applicationId: assigned.applicationId, expertUserId });
    expect(r.code).toBe(409);
    expect(r.msg).toBe('The review is closed: reopen it before assigning experts, or they could not score.');
    expect((await staff('autoAssign', { programmeId: cs, seed: 1 })).code).toBe(409);
    expect(t.mail.sent).toHaveLength(0);
  });
});
