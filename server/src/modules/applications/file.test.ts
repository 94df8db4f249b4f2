import { DOCTOR_AREA, type ApplicationFileView, type RevealedIdNumber } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';

let t: TestApp;
let tokens: { office: string; secretary: string; secretaryEcon: string; reviewer: string; applicant: string };
/** 王磊: School of Computer Science, proposed for admission; the demo's reviewer is assigned to him here. */
let wang: { userId: number; applicationId: number };

const FILE = '/mucgrs-service/staff/applications/file';
const REVEAL = '/mucgrs-service/staff/applications/revealIdNumber';
const file = (token: string, body: unknown, lang = 'en') => call<ApplicationFileView>(t.app, FILE, { token, body, lang });

beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
  const db = t.app.ctx.db;
  const user = await db.selectFrom('app_user').select('id').where('applicant_number', '=', '2027100002').executeTakeFirstOrThrow();
  const form = await db.selectFrom('application_form').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
  wang = { userId: user.id, applicationId: form.id };
  const reviewer = await db.selectFrom('app_user').select('id').where('login_name', '=', 'reviewer').executeTakeFirstOrThrow();
  await db
    .insertInto('expert_assignment')
    .values({ expert_user_id: reviewer.id, applicant_user_id: user.id, recruit_year: '2027', area: DOCTOR_AREA, stage: 'materialReview', assigned_by: null, assigned_at: t.clock.now() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  tokens = {
    office: await signIn(t.app, 'admin'),
    secretary: await signIn(t.app, 'secretary'),
    secretaryEcon: await signIn(t.app, 'secretaryEcon'),
    reviewer: await signIn(t.app, 'reviewer'),
    applicant: await signIn(t.app, 'assessment'),
  };
});
afterAll(async () => t.close());

describe("the applicant's file", () => {
  it('shows the office everything of the record: form, materials, photo rules, money, decisions, history', async () => {
    const r = await file(tokens.office, { applicationId: wang.applicationId });
    expect(r.code).toBe(0);
    const f = r.data;
    expect(f.form.personal.name).toBe('王磊');
    expect(f.form.status).toBe('submitted');
    expect(f.choice.programme?.code).toBe('CS-PHD-081200');
    expect(f.choice.department?.nameEn).toMatch(/Computer Science/);
    // Masked: the full number only through revealIdNumber.
    expect(f.form.personal.idNumber).toMatch(/\*{4,}/);
    expect(f.materials.map((m) => m.category)).toContain('idPhoto');
    expect(f.materials.every((m) => m.filePath.startsWith('/zsData/'))).toBe(true);
    expect(f.materials.find((m) => m.category === 'idPhoto')?.status).toBe('approved');
    expect(f.photoRules.minWidth).toBeGreaterThan(0);
    expect(f.orders?.map((o) => o.status)).toContain('paid');
    expect(f.decisions.find((d) => d.stage === 'qualificationReview')?.outcome).toBe('pass');
    expect(f.assignments?.length).toBeGreaterThan(0);
    const events = f.history!.map((h) => h.event);
    for (const e of ['registered', 'formSubmitted', 'orderPaid', 'materialUploaded', 'assigned'] as const) expect(events, e).toContain(e);
    // Newest first.
    expect([...f.history!].sort((a, b) => b.at.localeCompare(a.at))).toEqual(f.history);
    expect(f.allowed).toEqual({ revealIdNumber: true, reviewPhoto: true, returnForm: true, decide: true, decideDepartment: false });
  });

  it("gives the secretary of the applicant's school the same file and actions", async () => {
    const r = await file(tokens.secretary, { applicationId: wang.applicationId });
    expect(r.code).toBe(0);
    expect(r.data.orders).not.toBeNull();
    expect(r.data.allowed.decide).toBe(true);
  });

  it('gives an assigned expert the file to review, without money, other experts or history, and no actions', async () => {
    const r = await file(tokens.reviewer, { applicationId: wang.applicationId });
    expect(r.code).toBe(0);
    expect(r.data.materials.length).toBeGreaterThan(0);
    expect(r.data.orders).toBeNull();
    expect(r.data.assignments).toBeNull();
    expect(r.data.history).toBeNull();
    expect(r.data.allowed).toEqual({ revealIdNumber: false, reviewPhoto: false, returnForm: false, decide: false, decideDepartment: false });
  });

  it("answers another school's secretary and an unknown id alike: not found, nothing of the record", async () => {
    for (const [token, id] of [
      [tokens.secretaryEcon, wang.applicationId],
      [tokens.office, 987_654],
    ] as const) {
      const r = await file(token, { applicationId: id });
      expect(r.code).toBe(404);
      expect(r.msg).toBe('The application does not exist or is not yours to open.');
      expect(r.raw.body).not.toContain('王磊');
    }
    const zh = await file(tokens.secretaryEcon, { applicationId: wang.applicationId }, 'zh-CN');
    expect(zh.msg).toBe('报名记录不存在，或不在您的权限范围内。');
  });

  it('refuses an applicant, and a malformed id with a message naming the field', async () => {
    // Staff calls are not an applicant's: refused as not found, like any file outside one's scope.
    expect((await file(tokens.applicant, { applicationId: wang.applicationId })).code).toBe(404);
    const bad = await file(tokens.office, { applicationId: 'abc' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('Application');
    const zh = await file(tokens.office, { applicationId: -1 }, 'zh-CN');
    expect(zh.code).toBe(400);
    expect(zh.msg).toContain('报名记录');
  });
});

describe('the full ID number, only with a logged reason', () => {
  const reveal = (token: string, body: unknown, lang = 'en') => call<RevealedIdNumber>(t.app, REVEAL, { token, body, lang });

  it('refuses a missing or too short reason, naming the field, and logs nothing', async () => {
    const before = await t.app.ctx.db.selectFrom('audit_event').select('id').where('event', '=', 'application.revealId').execute();
    for (const reason of [undefined, '  ', 'abc']) {
      const r = await reveal(tokens.office, { applicationId: wang.applicationId, ...(reason === undefined ? {} : { reason }) });
      expect(r.code, String(reason)).toBe(400);
      expect(r.msg).toContain('Reason');
      expect(r.data).toBeUndefined();
    }
    const after = await t.app.ctx.db.selectFrom('audit_event').select('id').where('event', '=', 'application.revealId').execute();
    expect(after.length).toBe(before.length);
  });

  it('shows the number to the office with a reason, and the reason, who and when join the history', async () => {
    const db = t.app.ctx.db;
    const stored = await db.selectFrom('app_user').select('id_number').where('id', '=', wang.userId).executeTakeFirstOrThrow();
    const r = await reveal(tokens.secretary, { applicationId: wang.applicationId, reason: 'Checking the diploma against the ID' });
    expect(r.code).toBe(0);
    expect(r.data.idNumber).toBe(stored.id_number);
    const history = (await file(tokens.office, { applicationId: wang.applicationId })).data.history!;
    const line = history.find((h) => h.event === 'idRevealed');
    expect(line?.detail.reason).toBe('Checking the diploma against the ID');
    expect(line?.by).toBe('孙丽');
    // The audit row names the applicant by number, never by ID number.
    const row = await db.selectFrom('audit_event').select(['subject', 'detail']).where('event', '=', 'application.revealId').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.subject).toBe('2027100002');
    expect(row.detail).not.toContain(stored.id_number!);
  });

  it('refuses an expert and a secretary of another school', async () => {
    expect((await reveal(tokens.reviewer, { applicationId: wang.applicationId, reason: 'Curious about it' })).code).toBe(403);
    expect((await reveal(tokens.secretaryEcon, { applicationId: wang.applicationId, reason: 'Curious about it' })).code).toBe(404);
  });
});
