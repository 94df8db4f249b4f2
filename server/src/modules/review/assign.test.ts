import { DOCTOR_AREA, type AutoAssignResult } from '@gradus/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';
import { freshFileFor } from '../../../test/review-fixtures';

/**
 * Assigning experts, over real HTTP on the demo: each internal expert is told of their new files in
 * one mail (the office's language, then English), and two assignments racing for an expert's last
 * free place never both take it (the stage's lock; PostgreSQL runs them at once).
 */
let t: TestApp;
let office: string;
let cs: number;
const STAGE = 'materialReview';
const post = <T>(url: string, body: object, lang = 'zh-CN') => call<T>(t.app, `/mucgrs-service/staff/review/${url}`, { token: office, body: { stage: STAGE, ...body }, lang });
const idOf = async (login: string) => (await t.app.ctx.db.selectFrom('app_user').select('id').where('login_name', '=', login).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
  office = await signIn(t.app, 'admin');
  cs = (await t.app.ctx.db.selectFrom('programme').select('id').where('code', '=', 'CS-PHD-081200').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());
beforeEach(async () => {
  for (const table of ['expert_score', 'expert_conflict', 'expert_assignment', 'review_setting'] as const) await t.app.ctx.db.deleteFrom(table).execute();
  t.mail.sent.length = 0;
});

describe('assignment notices', () => {
  it('tells each internal expert once how many files are new and how many wait, with the way to their list', async () => {
    expect((await post('saveSettings', { method: 'mean', minExperts: 1, expertsPerApplication: 2, maxLoad: 40 })).code).toBe(0);
    const auto = await post<AutoAssignResult>('autoAssign', { programmeId: cs, seed: 11 });
    expect(auto.code, auto.msg).toBe(0);
    expect(auto.data).toEqual({ assigned: auto.data.assigned, unfilled: [] });
    const loads = await t.app.ctx.db
      .selectFrom('expert_assignment as a')
      .innerJoin('app_user as u', 'u.id', 'a.expert_user_id')
      .select(['u.email', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('u.email')
      .execute();
    expect(loads.length).toBeGreaterThan(0);
    expect(t.mail.sent.map((m) => m.to).sort()).toEqual(loads.map((l) => l.email).sort());
    for (const { email, n } of loads) {
      const mail = t.mail.sent.find((m) => m.to === email)!;
      expect(mail.subject).toBe(`新分配给您 ${Number(n)} 份待评审申请`);
      expect(mail.text).toContain(`${t.config.publicUrl}/admissions/reviews`);
      expect(mail.text).toContain(`您的列表中共有 ${Number(n)} 份`);
      // Then in English, for a reader of either.
      expect(mail.text).toContain(`${Number(n)} doctoral applications of the 2027 cycle were just assigned to you`);
    }

    // By hand: the one expert, with the new total, on a file neither theirs nor naming them as supervisor.
    t.mail.sent.length = 0;
    const wu = await idOf('expert-wu');
    const { applicationId, alreadyAssigned } = await freshFileFor(t.app.ctx.db, wu);
    const r = await post('assign', { applicationId, expertUserId: wu, reason: 'A third opinion' }, 'en');
    expect(r.code, r.msg).toBe(0);
    expect(t.mail.sent).toHaveLength(1);
    expect(t.mail.sent[0]).toMatchObject({ to: 'expert-wu@gradus.example.edu', subject: '1 new applications to review' });
    expect(t.mail.sent[0]!.text).toContain(`${alreadyAssigned + 1} are on your list in all`);
  });

  it('tells nobody when the assignment is refused', async () => {
    const app = await t.app.ctx.db.selectFrom('application_form').select('id').where('area', '=', DOCTOR_AREA).where('qualification', '=', 'pass').where('status', '=', 'submitted').executeTakeFirstOrThrow();
    const refused = await post('assign', { applicationId: app.id, expertUserId: 987654 });
    expect(refused.code).toBe(400);
    expect(t.mail.sent).toHaveLength(0);
  });
});

describe('racing assignments', () => {
  it('never gives an expert more files than the load limit when two assignments race for the last place', async () => {
    expect((await post('saveSettings', { method: 'mean', minExperts: 1, expertsPerApplication: 3, maxLoad: 1 })).code).toBe(0);
    const apps = await t.app.ctx.db
      .selectFrom('application_form as f')
      .leftJoin('supervisor as s', 's.id', 'f.supervisor_id')
      .select(['f.id', 's.user_id as supervisor'])
      .where('f.area', '=', DOCTOR_AREA)
      .where('f.qualification', '=', 'pass')
      .where('f.status', '=', 'submitted')
      .execute();
    const zhao = await idOf('reviewer');
    const two = apps.filter((a) => a.supervisor !== zhao).slice(0, 2);
    expect(two).toHaveLength(2);
    const replies = await Promise.all(two.map((a) => post('assign', { applicationId: a.id, expertUserId: zhao }, 'en')));
    expect(replies.map((r) => r.code).sort()).toEqual([0, 400]);
    expect(replies.find((r) => r.code === 400)!.msg).toContain('赵敏');
    const load = await t.app.ctx.db.selectFrom('expert_assignment').select('id').where('expert_user_id', '=', zhao).execute();
    expect(load).toHaveLength(1);
  });
});
