import {
  ID_PHOTO_CATEGORY,
  PAYMENT_FILTERS,
  PHOTO_FILTERS,
  QUALIFICATION_FILTERS,
  type ApplicationListRequest,
  type ApplicationListView,
  type MaterialUploadView,
  type PhotoFilter,
  type QualificationFilter,
} from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, runAdmin, signIn, type TestApp } from '../../../test/harness';
import { seedCatalogue } from '../doctor/demo/catalogue';
import { catalogueIds, completeSections } from '../doctor/form/fixtures';
import { jpeg, multipartBody, multipartHeaders } from '../doctor/materials/fixtures';
import { checkout, feeOrder, genuineNotification, notify, pressButton } from '../payment/testing';

/**
 * The list's fee, photo and eligibility states are kept on the form (list-states.ts). These tests
 * change them only through what applicants and staff really do, the portal's calls, the payment
 * gateway and the staff commands, and check after each change that the list's filters follow.
 */
let t: TestApp;
let office: string;
let tokens: { zhang: string; liu: string; chen: string };
const NUMBERS = { zhang: '2027100001', liu: '2027200001', chen: '2027400001' } as const;
type Who = keyof typeof NUMBERS;

beforeAll(async () => {
  // The gateway's own notifications go nowhere: each test delivers the one it means to.
  t = await buildTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:9' } });
  await seedCatalogue(t.app.ctx.db);
  t.app.ctx.cache.clear();
  office = await signIn(t.app, 'admin');
  tokens = { zhang: await signIn(t.app, 'assessment'), liu: await signIn(t.app, 'successive'), chen: await signIn(t.app, 'hmt') };
});
afterAll(async () => t.close());

const list = (body: ApplicationListRequest) => call<ApplicationListView>(t.app, '/mucgrs-service/staff/applications/list', { token: office, body });

interface States {
  paid: boolean;
  photo: PhotoFilter;
  qualification: QualificationFilter;
}

/** The row shows the states, and every value of each filter finds the applicant exactly when it is theirs. */
async function expectStates(who: Who, want: States): Promise<void> {
  const q = NUMBERS[who];
  const row = (await list({ q })).data.rows;
  expect(row, who).toEqual([expect.objectContaining(want)]);
  const found = async (filter: ApplicationListRequest) => (await list({ q, ...filter })).data.total;
  for (const payment of PAYMENT_FILTERS) expect(await found({ payment }), `${who} payment=${payment}`).toBe(payment === (want.paid ? 'paid' : 'unpaid') ? 1 : 0);
  for (const photo of PHOTO_FILTERS) expect(await found({ photo }), `${who} photo=${photo}`).toBe(photo === want.photo ? 1 : 0);
  for (const qualification of QUALIFICATION_FILTERS) {
    expect(await found({ qualification }), `${who} qualification=${qualification}`).toBe(qualification === want.qualification ? 1 : 0);
  }
}

async function uploadPhoto(who: Who): Promise<MaterialUploadView> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/mucgrs-service/doctor/materials/upload',
    headers: { ...multipartHeaders, authorization: `Bearer ${tokens[who]}` },
    payload: multipartBody([{ name: 'category', value: ID_PHOTO_CATEGORY }, { name: 'file', filename: 'me.jpg', content: jpeg(330, 462) }]),
  });
  const body = res.json<{ code: number; msg: string; data: MaterialUploadView }>();
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

async function saveDraft(who: Who): Promise<void> {
  const sections = completeSections(await catalogueIds(t.app.ctx.db));
  const r = await call(t.app, '/mucgrs-service/doctor/form/saveDraft', { token: tokens[who], body: { version: 0, sections } });
  expect(r.code, r.msg).toBe(0);
}

/** The applicant pays at the sandbox gateway, which then notifies the portal. */
async function payAtTheGateway(who: Who): Promise<void> {
  const order = await feeOrder(t.app, tokens[who]);
  const trade = await checkout(t.app, tokens[who], order.orderNo);
  await pressButton(t.app, trade, 'pay');
  await notify(t.app, await genuineNotification(t.app, trade));
}

const staff = (...argv: string[]) => runAdmin(t, ...argv);

describe('the list follows every change of the fee, the photo and the eligibility review', () => {
  it('through the photo uploaded before the form, the fee, two reviews, a replacement, decisions and a deletion', async () => {
    await uploadPhoto('zhang');
    // No form yet: nothing to list.
    expect((await list({ q: NUMBERS.zhang })).data.total).toBe(0);

    await saveDraft('zhang');
    await expectStates('zhang', { paid: false, photo: 'uploaded', qualification: 'pending' });

    await payAtTheGateway('zhang');
    await expectStates('zhang', { paid: true, photo: 'uploaded', qualification: 'pending' });

    await staff('review-photo', '--applicant', NUMBERS.zhang, '--outcome', 'rejected', '--reason', 'The background is not plain.');
    await expectStates('zhang', { paid: true, photo: 'rejected', qualification: 'pending' });

    // The draft's photo is replaced: the new one waits for review, whatever the old one's fate.
    const replacement = await uploadPhoto('zhang');
    expect(replacement.replacedFileId).not.toBeNull();
    await expectStates('zhang', { paid: true, photo: 'uploaded', qualification: 'pending' });

    await staff('review-photo', '--applicant', NUMBERS.zhang, '--outcome', 'approved');
    await expectStates('zhang', { paid: true, photo: 'approved', qualification: 'pending' });

    await staff('decide', '--applicant', NUMBERS.zhang, '--stage', 'qualificationReview', '--outcome', 'pass');
    await expectStates('zhang', { paid: true, photo: 'approved', qualification: 'pass' });
    // Another stage's decision is not the eligibility review's.
    await staff('decide', '--applicant', NUMBERS.zhang, '--stage', 'languageReview', '--outcome', 'fail', '--reason', 'Below the line.');
    await expectStates('zhang', { paid: true, photo: 'approved', qualification: 'pass' });
    await staff('decide', '--applicant', NUMBERS.zhang, '--stage', 'qualificationReview', '--outcome', 'fail', '--reason', 'No master degree yet.');
    await expectStates('zhang', { paid: true, photo: 'approved', qualification: 'fail' });

    // A draft's photo may still be deleted: the list says it is missing again.
    const r = await call(t.app, '/mucgrs-service/doctor/materials/delete', { token: tokens.zhang, body: { fileId: replacement.file.id } });
    expect(r.code, r.msg).toBe(0);
    await expectStates('zhang', { paid: true, photo: 'missing', qualification: 'fail' });
  });

  it('starts a form saved after the fee was paid as paid', async () => {
    await payAtTheGateway('liu');
    await saveDraft('liu');
    await expectStates('liu', { paid: true, photo: 'missing', qualification: 'pending' });
  });

  it('shows a payment finance recorded by hand as paid', async () => {
    await saveDraft('chen');
    await expectStates('chen', { paid: false, photo: 'missing', qualification: 'pending' });
    await staff('payment-record', '--applicant', NUMBERS.chen, '--reference', 'BANK-2027-0001');
    await expectStates('chen', { paid: true, photo: 'missing', qualification: 'pending' });
  });
});
