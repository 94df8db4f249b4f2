import { TMS_AREA, type ApplicationListView, type PaymentOrderView, type TmsInterviewListView, type TmsInterviewView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, captcha, DEMO_PASSWORD, signIn, type TestApp } from '../../../../test/harness';
import { INVITED_TUIMIAN } from './invited';
import { SUBMITTED_TUIMIAN } from './submitted';
import { TMS_DEMO_FEE } from '.';

/**
 * The tuimian demo (issue #11): 王芳 starts fresh; 何思远 signs in with the demo password and finds
 * her interview invitation waiting for her answer, and the demo secretary finds her on the school's
 * interview list.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
}, 120_000);
afterAll(async () => t?.close());

async function signInInvited(): Promise<string> {
  const r = await call<{ token: string }>(t.app, '/api/v1/client/masterLogin', {
    body: { userRegisterType: 5, candidateNo: INVITED_TUIMIAN.number, name: INVITED_TUIMIAN.name, password: DEMO_PASSWORD, ...(await captcha(t.app)) },
  });
  expect(r.code, r.msg).toBe(0);
  return r.data.token;
}

describe('the tuimian demo', () => {
  it('invites 何思远 to an on-site interview, to answer within two days', async () => {
    const token = await signInInvited();
    const view = (await call<TmsInterviewView>(t.app, '/mucgrs-service/tms/interview/detail', { token, body: {}, lang: 'en' })).data;
    expect(view.invitation).toMatchObject({ state: 'awaitingAnswer', format: 'onsite' });
    expect(view.invitation!.place).toContain('Room 412');
    const now = t.clock.now();
    expect(Date.parse(view.invitation!.respondBy) - now).toBeGreaterThan(DAY);
    expect(Date.parse(view.invitation!.respondBy) - now).toBeLessThan(3 * DAY);
    expect(Date.parse(view.invitation!.startsAt)).toBeGreaterThan(Date.parse(view.invitation!.respondBy));
    expect(view.programmeNameEn).toBe('Computer Science and Technology (Master)');
  });

  it('puts her on the demo secretary’s interview list; 王芳 has no invitation and a fee of her cycle to pay', async () => {
    const list = (await call<TmsInterviewListView>(t.app, '/mucgrs-service/staff/tmsInterviews/list', { token: await signIn(t.app, 'secretary'), body: {}, lang: 'en' })).data;
    expect(list.rows.map((r) => [r.name, r.invitation?.state])).toEqual([[INVITED_TUIMIAN.name, 'awaitingAnswer']]);
    const wang = await signIn(t.app, 'tuimian');
    expect((await call<TmsInterviewView>(t.app, '/mucgrs-service/tms/interview/detail', { token: wang, body: {}, lang: 'en' })).data.invitation).toBeNull();
    expect((await call<PaymentOrderView>(t.app, '/mucgrs-service/tms/payment/order', { token: wang, body: {}, lang: 'en' })).data).toMatchObject({ amount: TMS_DEMO_FEE, canPay: true });
  });

  it('puts 罗欣怡, submitted with every material and unpaid, in the first step of the school’s queue', async () => {
    const secretary = await signIn(t.app, 'secretary');
    const queue = await call<ApplicationListView>(t.app, '/mucgrs-service/staff/applications/list', {
      token: secretary,
      body: { area: TMS_AREA, formStatus: 'submitted', departmentReview: 'pending', pageNum: 1, pageSize: 20 },
      lang: 'en',
    });
    expect(queue.code, queue.msg).toBe(0);
    expect(queue.data.rows.map((r) => [r.applicantNumber, r.name, r.qualification])).toEqual([[SUBMITTED_TUIMIAN.number, SUBMITTED_TUIMIAN.name, 'pending']]);
    expect(queue.data.rows[0]).toMatchObject({ paid: false });
  });

  it('gives each tuimian demo applicant the sex code their ID number says (0 male, 1 female), as registration would', async () => {
    const people = await t.app.ctx.db.selectFrom('app_user').select(['applicant_number', 'sex', 'id_number']).where('applicant_number', 'like', '20275%').orderBy('applicant_number').execute();
    expect(people.map((p) => p.applicant_number)).toEqual(['2027500001', INVITED_TUIMIAN.number, SUBMITTED_TUIMIAN.number]);
    for (const p of people) expect(p.sex, p.applicant_number ?? '').toBe(String(Number(p.id_number![16]) % 2 === 1 ? '0' : '1'));
  });
});

const DAY = 86_400_000;
