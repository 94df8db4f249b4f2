import { DOCTOR_AREA, type ApplicationFileView, type ApplicationListView, type FormDetailView, type PhotoQueueView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, DEMO_PASSWORD, CAPTCHA, type TestApp } from '../../../test/harness';

let t: TestApp;
let tokens: { office: string; secretary: string; secretaryEcon: string; reviewer: string };

interface Found {
  userId: number;
  applicationId: number;
  number: string;
}

/** A demo applicant of the School of Computer Science in the given state, straight from the records. */
async function csApplicant(state: { status: string; paid: boolean; decided?: boolean }, skip: readonly number[] = []): Promise<Found> {
  const db = t.app.ctx.db;
  const rows = await db
    .selectFrom('application_form as f')
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .innerJoin('department as d', 'd.id', 'f.department_id')
    .select(['f.id', 'f.user_id', 'u.applicant_number'])
    .where('d.code', '=', 'CS')
    .where('f.status', '=', state.status)
    .where('f.id', 'not in', [0, ...skip])
    .orderBy('f.id')
    .execute();
  for (const r of rows) {
    const paid = await db.selectFrom('payment_order').select('id').where('user_id', '=', r.user_id).where('status', '=', 'paid').executeTakeFirst();
    const decided = await db.selectFrom('review_decision').select('id').where('user_id', '=', r.user_id).where('stage', '=', 'qualificationReview').executeTakeFirst();
    if (Boolean(paid) === state.paid && Boolean(decided) === Boolean(state.decided)) return { userId: r.user_id, applicationId: r.id, number: r.applicant_number! };
  }
  throw new Error(`no CS applicant ${JSON.stringify(state)}`);
}

const post = <T>(url: string, token: string, body: unknown, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/${url}`, { token, body, lang });
const fileOf = async (a: Found) => (await post<ApplicationFileView>('applications/file', tokens.office, { applicationId: a.applicationId })).data;

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

describe('the eligibility review: pass or fail', () => {
  it("passes a submitted, paid application: the list's filter and the file's decisions follow", async () => {
    const a = await csApplicant({ status: 'submitted', paid: true });
    const r = await post('applications/decide', tokens.secretary, { applicationId: a.applicationId, outcome: 'pass' });
    expect(r.code).toBe(0);
    const passed = await post<ApplicationListView>('applications/list', tokens.secretary, { qualification: 'pass', q: a.number, pageSize: 10 });
    expect(passed.data.rows.map((row) => row.applicantNumber)).toEqual([a.number]);
    const f = await fileOf(a);
    expect(f.decisions.find((d) => d.stage === 'qualificationReview')).toMatchObject({ outcome: 'pass', decidedBy: '孙丽' });
    expect(f.history?.find((h) => h.event === 'decided')).toMatchObject({ by: '孙丽', detail: { outcome: 'pass', stage: 'qualificationReview' } });
  });

  it('refuses a fail without a reason, naming the field, in every language, and decides nothing', async () => {
    const a = await csApplicant({ status: 'submitted', paid: true });
    for (const [lang, field] of [
      ['en', 'Reason'],
      ['zh-CN', '原因'],
    ] as const) {
      const r = await post('applications/decide', tokens.office, { applicationId: a.applicationId, outcome: 'fail', reason: '   ' }, lang);
      expect(r.code).toBe(400);
      expect(r.msg).toContain(field);
    }
    const outcome = await post('applications/decide', tokens.office, { applicationId: a.applicationId, outcome: 'maybe' });
    expect(outcome.code).toBe(400);
    expect(outcome.msg).toContain('Outcome');
    expect((await fileOf(a)).decisions.filter((d) => d.stage === 'qualificationReview')).toEqual([]);
  });

  it('fails with a reason the applicant will read', async () => {
    const a = await csApplicant({ status: 'submitted', paid: true });
    const r = await post('applications/decide', tokens.office, { applicationId: a.applicationId, outcome: 'fail', reason: 'No master’s degree yet' });
    expect(r.code).toBe(0);
    expect((await fileOf(a)).decisions.find((d) => d.stage === 'qualificationReview')).toMatchObject({ outcome: 'fail', reason: 'No master’s degree yet', decidedBy: '周杰' });
  });

  it('refuses to judge a draft or an unpaid application, saying why', async () => {
    const draft = await csApplicant({ status: 'draft', paid: false });
    const r = await post('applications/decide', tokens.office, { applicationId: draft.applicationId, outcome: 'pass' });
    expect(r.code).toBe(409);
    expect(r.msg).toBe(`The form of ${draft.number} is not submitted: only a submitted form can be passed or failed.`);
    const unpaid = await csApplicant({ status: 'submitted', paid: false });
    const u = await post('applications/decide', tokens.office, { applicationId: unpaid.applicationId, outcome: 'pass' }, 'zh-CN');
    expect(u.code).toBe(409);
    expect(u.msg).toBe(`${unpaid.number} 尚未缴费：缴费后方可进行资格审核。`);
  });

  it("refuses an expert and another school's secretary", async () => {
    const a = await csApplicant({ status: 'submitted', paid: true });
    // An expert not assigned to it does not know it either.
    expect((await post('applications/decide', tokens.reviewer, { applicationId: a.applicationId, outcome: 'pass' })).code).toBe(404);
    // Another school's applicant is not even known to her.
    expect((await post('applications/decide', tokens.secretaryEcon, { applicationId: a.applicationId, outcome: 'pass' })).code).toBe(404);
    expect((await fileOf(a)).decisions.filter((d) => d.stage === 'qualificationReview')).toEqual([]);
  });
});

describe('a decision that experts build on', () => {
  it('freezes once experts review the file, and a decided form is not returned', async () => {
    const eligible = await t.app.ctx.db
      .selectFrom('application_form as f')
      .innerJoin('app_user as u', 'u.id', 'f.user_id')
      .innerJoin('expert_assignment as a', 'a.applicant_user_id', 'f.user_id')
      .select(['f.id', 'u.applicant_number'])
      .where('f.area', '=', DOCTOR_AREA)
      .where('f.qualification', '=', 'pass')
      .executeTakeFirstOrThrow();
    const flip = await post('applications/decide', tokens.office, { applicationId: eligible.id, outcome: 'fail', reason: 'Changed my mind' });
    expect(flip.code).toBe(409);
    expect(flip.msg).toBe(`Experts are reviewing the file of ${eligible.applicant_number}: its eligibility can no longer change.`);
    const back = await post('applications/return', tokens.office, { applicationId: eligible.id, sections: ['plan'], reason: 'x' });
    expect(back.code).toBe(409);
    expect(back.msg).toBe(`The eligibility of ${eligible.applicant_number} is decided: the form can no longer be returned.`);
  });
});

describe('returning a form for correction', () => {
  it('reopens the named sections until the deadline; the applicant sees it; a second return is refused', async () => {
    const a = await csApplicant({ status: 'submitted', paid: true });
    const until = new Date(t.clock.now() + 5 * 86_400_000).toISOString();
    const r = await post<{ returnedUntil: string }>('applications/return', tokens.secretary, {
      applicationId: a.applicationId,
      sections: ['education', 'contact'],
      reason: 'Add the number of your master’s diploma.',
      until,
    });
    expect(r.code).toBe(0);
    expect(r.data.returnedUntil).toBe(until);
    // The applicant, signed in, finds the form returned with the sections open.
    const login = await call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', {
      body: {
        userRegisterType: Number(a.number[4]),
        registerNo: a.number,
        password: DEMO_PASSWORD,
        uuid: (await call<{ uuid: string }>(t.app, '/api/v1/client/RandomImage', { body: {} })).data.uuid,
        code: CAPTCHA,
      },
    });
    const detail = await call<FormDetailView>(t.app, '/mucgrs-service/doctor/form/detail', { token: login.data.token, body: {} });
    expect([...detail.data.reopenedSections].sort()).toEqual(['contact', 'education']);
    expect(detail.data).toMatchObject({ status: 'returned', returnReason: 'Add the number of your master’s diploma.' });
    const history = (await fileOf(a)).history!;
    expect(history.find((h) => h.event === 'formReturned')).toMatchObject({ by: '孙丽', detail: { sections: 'education, contact' } });
    const again = await post('applications/return', tokens.secretary, { applicationId: a.applicationId, sections: ['plan'], reason: 'x' });
    expect(again.code).toBe(409);
    expect(again.msg).toBe('Only a submitted form can be returned to the applicant.');
  });

  it('refuses a return with no sections, no reason or a past deadline, naming the field, and changes nothing', async () => {
    const a = await csApplicant({ status: 'submitted', paid: true });
    const cases = [
      [{ sections: [], reason: 'x' }, 'Sections to reopen'],
      [{ sections: ['nonsense'], reason: 'x' }, 'Sections to reopen'],
      [{ sections: ['plan'], reason: ' ' }, 'Reason'],
      [{ sections: ['plan'], reason: 'x', until: 'tomorrow' }, 'Correction deadline'],
    ] as const;
    for (const [body, field] of cases) {
      const r = await post('applications/return', tokens.office, { applicationId: a.applicationId, ...body });
      expect(r.code, JSON.stringify(body)).toBe(400);
      expect(r.msg, JSON.stringify(body)).toContain(field);
    }
    const past = await post('applications/return', tokens.office, { applicationId: a.applicationId, sections: ['plan'], reason: 'x', until: '2001-01-01T00:00:00Z' });
    expect(past.code).toBe(400);
    expect(past.msg).toBe('The correction deadline must lie in the future.');
    expect((await fileOf(a)).form.status).toBe('submitted');
  });
});

describe('the photo review queue', () => {
  const next = (token: string, body: unknown = {}) => post<PhotoQueueView>('photos/next', token, body);

  it("offers a secretary the oldest waiting photo of their school only, and the one after it", async () => {
    const r = await next(tokens.secretary);
    expect(r.code).toBe(0);
    const { photo, following, waiting } = r.data;
    expect(photo).not.toBeNull();
    expect(following).not.toBeNull();
    expect(following!.materialId).toBeGreaterThan(photo!.materialId);
    expect(waiting).toBeGreaterThanOrEqual(2);
    expect(photo!.programme?.code).toMatch(/^CS-/);
    const office = await next(tokens.office);
    expect(office.data.waiting).toBeGreaterThan(waiting);
    // Skipping one offers the next.
    const skipped = await next(tokens.secretary, { skip: [photo!.materialId] });
    expect(skipped.data.photo?.materialId).toBe(following!.materialId);
    expect(skipped.data.waiting).toBe(waiting);
  });

  it('approves and rejects: the queue moves on, the decision cannot be made twice', async () => {
    const first = (await next(tokens.secretary)).data;
    const approve = await post('photos/review', tokens.secretary, { materialId: first.photo!.materialId, outcome: 'approved' });
    expect(approve.code).toBe(0);
    const after = (await next(tokens.secretary)).data;
    expect(after.waiting).toBe(first.waiting - 1);
    expect(after.photo?.materialId).toBe(first.following!.materialId);
    const twice = await post('photos/review', tokens.secretary, { materialId: first.photo!.materialId, outcome: 'rejected', reason: 'Blurred' });
    expect(twice.code).toBe(409);
    const reject = await post('photos/review', tokens.secretary, { materialId: after.photo!.materialId, outcome: 'rejected', reason: 'The background is not plain.' });
    expect(reject.code).toBe(0);
    const file = (await post<ApplicationFileView>('applications/file', tokens.office, { applicationId: after.photo!.applicationId })).data;
    expect(file.materials.find((m) => m.id === after.photo!.materialId)).toMatchObject({ status: 'rejected', reviewReason: 'The background is not plain.' });
    // The history says who decided, and why.
    expect(file.history?.find((h) => h.event === 'photoReviewed')).toMatchObject({ by: '孙丽', detail: { outcome: 'rejected', reason: 'The background is not plain.' } });
  });

  it('refuses a rejection without a reason, naming the field, and leaves the photo waiting', async () => {
    const { photo, waiting } = (await next(tokens.secretary)).data;
    const r = await post('photos/review', tokens.secretary, { materialId: photo!.materialId, outcome: 'rejected' }, 'zh-CN');
    expect(r.code).toBe(400);
    expect(r.msg).toContain('原因');
    expect((await next(tokens.secretary)).data).toMatchObject({ waiting, photo: { materialId: photo!.materialId } });
  });

  it("keeps the queue from experts, and another school's photo from a secretary", async () => {
    expect((await next(tokens.reviewer)).code).toBe(403);
    const { photo } = (await next(tokens.secretary)).data;
    const r = await post('photos/review', tokens.secretaryEcon, { materialId: photo!.materialId, outcome: 'approved' });
    expect(r.code).toBe(404);
    expect((await next(tokens.secretary)).data.photo?.materialId).toBe(photo!.materialId);
  });
});
