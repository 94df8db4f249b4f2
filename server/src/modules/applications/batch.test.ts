import { DOCTOR_AREA, type ApplicationListPage, type BatchResult } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';
import { selectedApplications } from './batch';

/**
 * The list's batch actions over real HTTP on the demo: each application is judged on its own by
 * the single call's rule, a refusal is reported by item and never stops the others, and a filter
 * reaches only what the caller's list shows.
 */
let t: TestApp;
let tokens: { office: string; secretary: string; secretaryEcon: string; reviewer: string };

interface Found {
  userId: number;
  applicationId: number;
  number: string;
}

const post = <T>(url: string, token: string, body: unknown, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/${url}`, { token, body, lang });

/** Demo applicants of a school in a state: submitted and paid, not decided, no expert on them. */
async function applicants(department: string, state: { status: string; paid: boolean }, count: number, skip: readonly number[] = []): Promise<Found[]> {
  const db = t.app.ctx.db;
  const rows = await db
    .selectFrom('application_form as f')
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .innerJoin('department as d', 'd.id', 'f.department_id')
    .select(['f.id', 'f.user_id', 'u.applicant_number'])
    .where('d.code', '=', department)
    .where('f.status', '=', state.status)
    .where('f.fee_paid', '=', state.paid ? 1 : 0)
    .where('f.qualification', '=', 'pending')
    .where('f.id', 'not in', [0, ...skip])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('expert_assignment as a').select('a.id').whereRef('a.applicant_user_id', '=', 'f.user_id'))))
    .orderBy('f.id')
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`only ${rows.length} ${department} applicants ${JSON.stringify(state)}`);
  return rows.map((r) => ({ userId: r.user_id, applicationId: r.id, number: r.applicant_number! }));
}

const qualificationOf = async (a: Found) =>
  (await t.app.ctx.db.selectFrom('application_form').select(['qualification', 'status']).where('id', '=', a.applicationId).executeTakeFirstOrThrow());

beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
  tokens = {
    office: await signIn(t.app, 'admin'),
    secretary: await signIn(t.app, 'secretary'),
    secretaryEcon: await signIn(t.app, 'secretaryEcon'),
    reviewer: await signIn(t.app, 'reviewer'),
  };
});
afterAll(async () => t.close());

describe('what the list offers a selection', () => {
  it('tells each role which batch actions it may take', async () => {
    const allowed = async (token: string) => (await post<ApplicationListPage>('applications/list', token, { pageSize: 10 })).data.allowed;
    expect(await allowed(tokens.office)).toEqual({ decide: true, returnForm: true, assign: true });
    expect(await allowed(tokens.secretary)).toEqual({ decide: true, returnForm: true, assign: false });
    expect(await allowed(tokens.reviewer)).toEqual({ decide: false, returnForm: false, assign: false });
  });
});

describe('deciding in batch', () => {
  it("passes the secretary's applications and refuses, by item, another school's and an unpaid one, changing nothing of them", async () => {
    const [one, two] = await applicants('CS', { status: 'submitted', paid: true }, 2);
    const [unpaid] = await applicants('CS', { status: 'submitted', paid: false }, 1);
    const [econ] = await applicants('ECON', { status: 'submitted', paid: true }, 1);
    const r = await post<BatchResult>('applications/batchDecide', tokens.secretary, { applicationIds: [one!.applicationId, econ!.applicationId, unpaid!.applicationId, two!.applicationId], outcome: 'pass' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.done).toBe(2);
    expect(r.data.applied).toEqual([
      { applicationId: one!.applicationId, applicantNumber: one!.number },
      { applicationId: two!.applicationId, applicantNumber: two!.number },
    ]);
    expect(r.data.refused).toEqual([
      // Another school's application is unknown to her, as on its own: named by nothing but its id.
      { applicationId: econ!.applicationId, applicantNumber: null, reason: 'The application does not exist or is not yours to open.' },
      { applicationId: unpaid!.applicationId, applicantNumber: unpaid!.number, reason: `The fee of ${unpaid!.number} is not paid: an application is judged once its fee is paid.` },
    ]);
    expect(JSON.stringify(r.data)).not.toContain(econ!.number);
    expect((await qualificationOf(one!)).qualification).toBe('pass');
    expect((await qualificationOf(two!)).qualification).toBe('pass');
    expect((await qualificationOf(econ!)).qualification).toBe('pending');
    expect((await qualificationOf(unpaid!)).qualification).toBe('pending');
    // Each change is audited as the single call audits it, and the batch once beside them.
    const audited = await t.app.ctx.db.selectFrom('audit_event').select(['event', 'subject', 'detail']).where('event', 'in', ['review.decide', 'application.batch']).orderBy('id', 'desc').limit(3).execute();
    expect(audited.map((a) => a.event)).toEqual(['application.batch', 'review.decide', 'review.decide']);
    expect(audited.slice(1).map((a) => a.subject).sort()).toEqual([one!.number, two!.number].sort());
    expect(JSON.parse(String(audited[0]!.detail))).toMatchObject({ action: 'decide', ids: 4, selected: 4, done: 2, refused: 2, outcome: 'pass' });
  });

  it('fails with the reason in the reply language, and refuses a fail without one before touching anything', async () => {
    const [a] = await applicants('CS', { status: 'submitted', paid: true }, 1);
    const bad = await post('applications/batchDecide', tokens.office, { applicationIds: [a!.applicationId], outcome: 'fail' }, 'zh-CN');
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('原因');
    expect((await qualificationOf(a!)).qualification).toBe('pending');
    const r = await post<BatchResult>('applications/batchDecide', tokens.office, { applicationIds: [a!.applicationId], outcome: 'fail', reason: 'No master’s degree yet' });
    expect(r.data).toMatchObject({ done: 1, refused: [] });
    expect((await qualificationOf(a!)).qualification).toBe('fail');
  });

  it('refuses bad input whole, naming the field, and decides nothing', async () => {
    const [a] = await applicants('CS', { status: 'submitted', paid: true }, 1);
    const cases: [unknown, string][] = [
      [{ outcome: 'pass' }, 'Applications: name either the applications or a filter, not both'],
      [{ applicationIds: [a!.applicationId], filter: {}, outcome: 'pass' }, 'Applications: name either the applications or a filter, not both'],
      [{ applicationIds: [], outcome: 'pass' }, 'Applications: required'],
      [{ applicationIds: Array.from({ length: 1001 }, (_, i) => i + 1), outcome: 'pass' }, 'Applications: too long'],
      [{ applicationIds: ['x'], outcome: 'pass' }, 'Applications, row 1'],
      [{ filter: { recruitYear: '20x7' }, outcome: 'pass' }, 'Filter'],
      [{ applicationIds: [a!.applicationId], outcome: 'maybe' }, 'Outcome'],
    ];
    for (const [body, message] of cases) {
      const r = await post('applications/batchDecide', tokens.office, body);
      expect(r.code, JSON.stringify(body)).toBe(400);
      expect(r.msg, JSON.stringify(body)).toContain(message);
    }
    expect((await post('applications/batchDecide', tokens.office, { applicationIds: [a!.applicationId], outcome: 'pass' }, 'es')).code).toBe(0);
    const es = await post('applications/batchDecide', tokens.office, { outcome: 'pass' }, 'es');
    expect(es.msg).toBe('Solicitudes: indique las solicitudes o un filtro, no ambos');
  });

  it('is refused to an expert whole: the batch is for those who run files', async () => {
    const [a] = await applicants('CS', { status: 'submitted', paid: true }, 1);
    const r = await post('applications/batchDecide', tokens.reviewer, { applicationIds: [a!.applicationId], outcome: 'pass' });
    expect(r.code).toBe(403);
    expect((await qualificationOf(a!)).qualification).toBe('pending');
  });
});

describe('a batch by filter', () => {
  it("reads the filter with the caller's scope: another school's secretary reaches none of CS's forms, CS's secretary all but those left out", async () => {
    const cs = await t.app.ctx.db.selectFrom('department').select('id').where('code', '=', 'CS').executeTakeFirstOrThrow();
    const filter = { area: DOCTOR_AREA, departmentId: cs.id, formStatus: 'submitted', payment: 'unpaid' } as const;
    const listed = await post<ApplicationListPage>('applications/list', tokens.secretary, { ...filter, pageSize: 100 });
    expect(listed.data.total).toBeGreaterThan(1);
    const nothing = await post<BatchResult>('applications/batchDecide', tokens.secretaryEcon, { filter, outcome: 'pass' });
    expect(nothing.data).toEqual({ done: 0, applied: [], refused: [] });
    const [kept] = listed.data.rows;
    // Unpaid forms are not judged: every one is refused by item, none left out, none changed.
    const r = await post<BatchResult>('applications/batchDecide', tokens.secretary, { filter, exceptIds: [kept!.applicationId], outcome: 'pass' });
    expect(r.data.done).toBe(0);
    expect(r.data.refused.map((x) => x.applicationId).sort()).toEqual(listed.data.rows.slice(1).map((row) => row.applicationId).sort());
    expect(r.data.refused.every((x) => x.reason.includes('is not paid'))).toBe(true);
  });

  it('refuses a filter matching more than the cap whole, never cut at an arbitrary row, and leaves out the rows unticked', async () => {
    const scope = { kind: 'every' } as const;
    const all = await selectedApplications(t.app.ctx.db, { filter: {} }, scope);
    expect(all.length).toBeGreaterThan(3);
    // The demo is far below 1000 applications: the cap is shown lowered to the demo's size less one.
    await expect(selectedApplications(t.app.ctx.db, { filter: {} }, scope, all.length - 1)).rejects.toMatchObject({ messageKey: 'error.batchTooMany', params: { max: all.length - 1 } });
    expect(await selectedApplications(t.app.ctx.db, { filter: {}, exceptIds: [all[0]!] }, scope, all.length - 1)).toEqual(all.slice(1));
  });
});

describe('returning in batch', () => {
  it('returns each submitted form with the same sections and deadline, and refuses a draft by item', async () => {
    const [a, b] = await applicants('CS', { status: 'submitted', paid: false }, 2);
    const [draft] = await applicants('CS', { status: 'draft', paid: false }, 1);
    const until = new Date(t.clock.now() + 5 * 86_400_000).toISOString();
    const r = await post<BatchResult>('applications/batchReturn', tokens.secretary, { applicationIds: [a!.applicationId, draft!.applicationId, b!.applicationId], sections: ['contact'], reason: 'Phone unreachable', until });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.done).toBe(2);
    expect(r.data.refused).toHaveLength(1);
    expect(r.data.refused[0]).toMatchObject({ applicationId: draft!.applicationId, applicantNumber: draft!.number });
    expect((await qualificationOf(a!)).status).toBe('returned');
    expect((await qualificationOf(b!)).status).toBe('returned');
    expect((await qualificationOf(draft!)).status).toBe('draft');
  });

  it('refuses a deadline in the past whole, naming the field', async () => {
    const [a] = await applicants('CS', { status: 'submitted', paid: false }, 1);
    const r = await post('applications/batchReturn', tokens.office, { applicationIds: [a!.applicationId], sections: [], reason: 'x' });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('Sections to reopen');
    expect((await qualificationOf(a!)).status).toBe('submitted');
  });
});

describe('assigning an expert in batch', () => {
  it('assigns the expert where allowed and refuses by item the applicant who named them as supervisor', async () => {
    const db = t.app.ctx.db;
    const zhao = (await db.selectFrom('app_user').select('id').where('login_name', '=', 'reviewer').executeTakeFirstOrThrow()).id;
    const eligible = await db
      .selectFrom('application_form as f')
      .innerJoin('app_user as u', 'u.id', 'f.user_id')
      .leftJoin('supervisor as s', 's.id', 'f.supervisor_id')
      .select(['f.id', 'u.applicant_number', 's.user_id as supervisor'])
      .where('f.area', '=', DOCTOR_AREA)
      .where('f.qualification', '=', 'pass')
      .where('f.status', '=', 'submitted')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('expert_assignment as a').select('a.id').whereRef('a.applicant_user_id', '=', 'f.user_id').where('a.expert_user_id', '=', zhao))))
      .execute();
    const free = eligible.find((e) => e.supervisor !== zhao)!;
    const own = eligible.find((e) => e.supervisor === zhao);
    // The demo names 赵敏 as someone's supervisor; if not, the conflict is declared on that file instead.
    const conflicted = own ?? eligible.find((e) => e !== free)!;
    if (!own) {
      const user = await db.selectFrom('application_form').select(['user_id', 'recruit_year', 'area']).where('id', '=', conflicted.id).executeTakeFirstOrThrow();
      await db.insertInto('expert_conflict').values({ expert_user_id: zhao, applicant_user_id: user.user_id, recruit_year: user.recruit_year, area: user.area, reason: 'Former student', declared_at: t.clock.now() }).execute();
    }
    const body = { stage: 'materialReview', expertUserId: zhao, reason: 'Evening batch', applicationIds: [conflicted.id, free.id] };
    expect((await post('review/batchAssign', tokens.secretary, body)).code).toBe(403);
    t.mail.sent.length = 0;
    const r = await post<BatchResult>('review/batchAssign', tokens.office, body);
    expect(r.code, r.msg).toBe(0);
    expect(r.data.applied).toEqual([{ applicationId: free.id, applicantNumber: free.applicant_number }]);
    expect(r.data.refused).toEqual([{ applicationId: conflicted.id, applicantNumber: conflicted.applicant_number, reason: `赵敏 has a conflict of interest with ${conflicted.applicant_number} and cannot review it.` }]);
    // Told once, of the one new file.
    const notices = t.mail.sent.filter((m) => m.to === 'reviewer@gradus.example.edu');
    expect(notices.map((m) => m.subject)).toEqual(['1 new applications to review']);
    const mine = await db.selectFrom('expert_assignment as a').innerJoin('application_form as f', 'f.user_id', 'a.applicant_user_id').select('f.id').where('a.expert_user_id', '=', zhao).where('f.id', 'in', [conflicted.id, free.id]).execute();
    expect(mine.map((m) => m.id)).toEqual([free.id]);
    // Again: the one already assigned is refused as the single call refuses it.
    const again = await post<BatchResult>('review/batchAssign', tokens.office, { ...body, applicationIds: [free.id] });
    expect(again.data.refused[0]!.reason).toContain('赵敏');
    expect(t.mail.sent.filter((m) => m.to === 'reviewer@gradus.example.edu')).toHaveLength(1);
  });
});
