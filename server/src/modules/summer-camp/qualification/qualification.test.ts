import type { CampQualificationView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../../test/harness';
import { startSmtpInbox, type SmtpInbox } from '../../../../test/smtp-inbox';
import { seedCatalogue } from '../../doctor/demo/catalogue';
import { settleLapsedOffers } from '../admission/promotion';
import { eligibleCamper, signInCamper, type Camper } from '../admission/fixtures';
import { DAY, setUpCamps, type CampSetup } from '../form/fixtures';

/**
 * The camper's place (issue #11): confirm or decline by the deadline, a decline or a lapsed offer
 * passing the place to the next camper waiting at once (with their own deadline and a mail over
 * a real SMTP exchange), undoing a decline where the camp allows it, and the camp-entry notice.
 * Every refusal changes nothing.
 */
let t: TestApp;
let inbox: SmtpInbox;
let ids: CampSetup;
let office: string;
const HOUR = 3_600_000;

/** The computer-science doctorate's two places: A and B offered, C, D, E waiting in that order. */
let A: Camper, B: Camper, C: Camper, D: Camper, E: Camper;
/** The economics doctorate's campers for the race: H and I offered its two places, J, K, L waiting. */
let race: Camper[];
let start: number;
/** Sets the fake clock `days` after the suite's start. */
const dayOfSuite = (days: number) => advance(start + days * DAY - t.clock.now());
/** Moves the fake clock; sessions lapse with time, so each camper signs in again. */
function advance(ms: number) {
  t.clock.advance(ms);
  tokens.clear();
}
const tokens = new Map<Camper, string>();
const token = async (c: Camper) => tokens.get(c) ?? tokens.set(c, await signInCamper(t, c)).get(c)!;

const qualification = <T = CampQualificationView>(c: Camper | string, url: string, body: unknown = {}, lang = 'en') =>
  (async () => call<T>(t.app, `/mucgrs-service/summerCamp/qualification/${url}`, { token: typeof c === 'string' ? c : await token(c), body, lang }))();
const detail = async (c: Camper) => {
  const r = await qualification(c, 'detail');
  expect(r.code, r.msg).toBe(0);
  return r.data;
};
const places = () => t.app.ctx.db.selectFrom('camp_place').select(['user_id', 'status', 'waitlist_position', 'confirm_by', 'version']).orderBy('user_id').execute();
async function unchanged<R>(act: () => Promise<R>): Promise<R> {
  const before = await places();
  const r = await act();
  expect(await places()).toEqual(before);
  return r;
}
const staff = (url: string, body: unknown) => call(t.app, `/mucgrs-service/staff/campAdmission/${url}`, { token: office, body, lang: 'en' });
const audited = (event: string) => t.app.ctx.db.selectFrom('audit_event').select(['subject', 'user_id', 'detail']).where('event', '=', event).orderBy('id').execute();

/** The mail the camper's inbox received since `before`, waiting up to 5 s for it. */
async function mailTo(c: Camper, before: number) {
  const find = () => inbox.received.slice(before).find((m) => m.to.includes(c.email));
  for (let i = 0; i < 250 && !find(); i++) await new Promise((res) => setTimeout(res, 20));
  return find();
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await buildTestApp({ env: { SMTP_URL: inbox.url, MAIL_FROM: 'Admissions <admissions@gradus.test>' }, mailer: 'real' });
  await seedCatalogue(t.app.ctx.db);
  ids = await setUpCamps(t.app.ctx.db, t.clock.now());
  start = t.clock.now();
  office = await signIn(t.app, 'admin');
  await t.app.ctx.db.updateTable('summer_camp_programme').set({ capacity: 2 }).where('programme_id', 'in', [ids.csPhd, ids.econPhd]).execute();
  [A, B, C, D, E] = [await eligibleCamper(t, ids, 1, 1, [ids.csPhd]), await eligibleCamper(t, ids, 2, 2, [ids.csPhd]), await eligibleCamper(t, ids, 3, 3, [ids.csPhd]), await eligibleCamper(t, ids, 4, 4, [ids.csPhd]), await eligibleCamper(t, ids, 5, 5, [ids.csPhd])];
  expect((await staff('admit', { programmeId: ids.csPhd, applicationIds: [A.applicationId, B.applicationId] })).code).toBe(0);
  expect((await staff('waitlist', { programmeId: ids.csPhd, applicationIds: [C.applicationId, D.applicationId, E.applicationId] })).code).toBe(0);
  race = [];
  for (let n = 21; n <= 25; n++) race.push(await eligibleCamper(t, ids, n, n, [ids.econPhd]));
}, 180_000);
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

describe('the qualification page', () => {
  it('shows an offered camper their place, its deadline and the camp, with what they may do', async () => {
    const d = await detail(A);
    const camp = await t.app.ctx.db.selectFrom('summer_camp').select('confirm_closes_at').where('id', '=', ids.csCamp).executeTakeFirstOrThrow();
    expect(d.application).toMatchObject({ state: 'eligible', schoolReview: 'pass', officeReview: 'pass', reason: null });
    expect(d.place).toMatchObject({ status: 'offered', version: 1, confirmBy: new Date(Number(camp.confirm_closes_at)).toISOString(), canConfirm: true, canDecline: true, canUndoDecline: false, undoUntil: null });
    expect(d.camp).toMatchObject({ nameEn: 'Computer Science Summer Camp', startsOn: '2027-07-10', mode: 'onsite', placeEn: 'Main Building 301', declineUndoable: false });
    expect(d.programme?.code).toBe('CS-PHD-081200');
    expect(d.now).toBe(new Date(t.clock.now()).toISOString());
  });

  it('shows a waiting camper their position, with nothing to answer', async () => {
    expect((await detail(D)).place).toMatchObject({ status: 'waitlisted', waitlistPosition: 2, canConfirm: false, canDecline: false });
  });

  it('shows a camper without a place where the application stands, and the camp of the first choice', async () => {
    const li = await qualification(await signIn(t.app, 'camper'), 'detail');
    expect(li.data).toMatchObject({ application: { state: 'notStarted' }, place: null, camp: null });
    const failed = await eligibleCamper(t, ids, 9, 9, [ids.csMs], false);
    await t.app.ctx.db.insertInto('review_decision').values({ user_id: failed.userId, recruit_year: '2027', area: 'summerCamp', stage: 'qualificationReview', outcome: 'fail', reason: '成绩排名不符合要求', decided_by: null, decided_at: t.clock.now() }).execute();
    expect(await detail(failed)).toMatchObject({ application: { state: 'ineligible', officeReview: 'fail', reason: '成绩排名不符合要求' }, place: null, programme: { code: 'CS-MS-081200' } });
  });

  it('is the camper’s own: staff and other applicants are refused, a camper without a place has none to answer', async () => {
    expect((await qualification(office, 'detail')).code).toBe(403);
    expect((await qualification(await signIn(t.app, 'assessment'), 'confirm', { version: 1 })).code).toBe(403);
    const li = await signIn(t.app, 'camper');
    const r = await unchanged(() => qualification(li, 'confirm', { version: 1 }));
    expect([r.code, r.msg]).toEqual([404, 'You have no camp place this year.']);
  });
});

describe('answering an offer', () => {
  it('refuses bad input in the camper’s language, changing nothing', async () => {
    const missing = await unchanged(() => qualification(A, 'confirm', {}));
    expect([missing.code, missing.msg]).toEqual([400, 'Version: required']);
    const zh = await unchanged(() => qualification(A, 'confirm', { version: 'one' }, 'zh-CN'));
    expect(zh.code).toBe(400);
    expect(zh.msg).toMatch(/^版本/);
    const extra = await unchanged(() => qualification(A, 'decline', { version: 1, userId: B.userId }));
    expect(extra.code).toBe(400);
    expect((await unchanged(() => qualification(A, 'undoDecline', { version: 0 }))).code).toBe(400);
  });

  it('refuses an answer sent from a stale page', async () => {
    const r = await unchanged(() => qualification(A, 'confirm', { version: 7 }));
    expect([r.code, r.msg]).toEqual([409, 'Your camp place has changed since this page was loaded. Reload the page to see where it stands.']);
  });

  it('confirms a place once, audited as the camper’s own act', async () => {
    const r = await qualification(A, 'confirm', { version: 1 });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.place).toMatchObject({ status: 'confirmed', version: 2, canConfirm: false, canDecline: true, answeredAt: new Date(t.clock.now()).toISOString() });
    expect((await audited('camps.confirm')).map((a) => [a.subject, a.user_id])).toEqual([[A.number, A.userId]]);
    const again = await unchanged(() => qualification(A, 'confirm', { version: 2 }));
    expect([again.code, again.msg]).toEqual([409, 'This camp place is not waiting for your confirmation.']);
  });

  it('prints the camp-entry notice of a confirmed place only', async () => {
    const pdf = await qualification(A, 'noticePdf');
    expect(pdf.status).toBe(200);
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const refused = await qualification(B, 'noticePdf', {}, 'zh-CN');
    expect([refused.code, refused.msg]).toEqual([409, '确认参加夏令营后才能下载入营通知。']);
    expect((await qualification(D, 'confirm', { version: 1 })).code).toBe(409);
  });

  it('passes a declined place to the first camper waiting at once, with their own deadline and a mail', async () => {
    const before = inbox.received.length;
    const r = await qualification(B, 'decline', { version: 1 });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.place).toMatchObject({ status: 'declined', canConfirm: false, canUndoDecline: false });
    const c = await detail(C);
    expect(c.place).toMatchObject({ status: 'offered', waitlistPosition: null, confirmBy: new Date(t.clock.now() + 48 * HOUR).toISOString(), canConfirm: true });
    expect((await detail(D)).place?.waitlistPosition).toBe(1);
    expect((await audited('camps.promote')).map((a) => [a.subject, a.user_id])).toEqual([[C.number, null]]);
    const mail = await mailTo(C, before);
    expect(mail?.mail.subject).toBe('您已递补获得夏令营入营资格');
    expect(mail?.mail.text).toContain(`${C.name}，您好`);
    expect(mail?.mail.text).toContain('/summerCampQualification/index');
    expect(mail?.mail.text).toContain('Please confirm or decline it in the admissions portal by');
  });

  it('undoes a decline only where the camp allows it, and only while the place is free', async () => {
    const notAllowed = await unchanged(() => qualification(B, 'undoDecline', { version: 2 }));
    expect([notAllowed.code, notAllowed.msg]).toEqual([409, 'This camp does not allow a decline to be undone.']);
    await t.app.ctx.db.updateTable('summer_camp').set({ decline_undoable: 1 }).where('id', '=', ids.csCamp).execute();
    const taken = await unchanged(() => qualification(B, 'undoDecline', { version: 2 }));
    expect([taken.code, taken.msg]).toEqual([409, 'Your place has gone to the next camper on the waiting list, so the decline cannot be undone.']);
  });
});

describe('deadlines, on a fake clock', () => {
  it('lets an unanswered offer lapse at its deadline and offers the place to the next camper waiting', async () => {
    advance(47 * HOUR);
    expect(await settleLapsedOffers(t.app.ctx)).toBe(0);
    expect((await detail(C)).place).toMatchObject({ status: 'offered', canConfirm: true });
    advance(HOUR);
    const before = inbox.received.length;
    // The scheduler's sweep, not the camper's page, settles it.
    expect(await settleLapsedOffers(t.app.ctx)).toBe(1);
    expect(await settleLapsedOffers(t.app.ctx)).toBe(0);
    expect((await detail(C)).place).toMatchObject({ status: 'expired', canConfirm: false, canDecline: false, answeredAt: new Date(t.clock.now()).toISOString() });
    expect((await detail(D)).place).toMatchObject({ status: 'offered', confirmBy: new Date(t.clock.now() + 48 * HOUR).toISOString() });
    expect((await audited('camps.expire')).map((a) => a.subject)).toEqual([C.number]);
    expect(await mailTo(D, before)).toBeDefined();
    const late = await unchanged(() => qualification(C, 'confirm', { version: 3 }));
    expect([late.code, late.msg]).toEqual([409, 'This camp place is not waiting for your confirmation.']);
  });

  it('lapses an offer when the camper opens the page after the deadline, before the sweep has run', async () => {
    advance(48 * HOUR);
    expect((await detail(D)).place).toMatchObject({ status: 'expired' });
    expect((await detail(E)).place).toMatchObject({ status: 'offered' });
  });

  it('refuses a decline once the camp has begun, and promotes nobody after it', async () => {
    advance(Date.parse('2027-07-10T00:00:00+08:00') - t.clock.now());
    // E's offer lapsed meanwhile: the page settles it first, then nothing more may change.
    expect((await detail(E)).place?.status).toBe('expired');
    const r = await unchanged(() => qualification(A, 'decline', { version: 2 }));
    expect([r.code, r.msg]).toEqual([409, 'The camp has begun: your place can no longer be changed here. Please contact the admissions office.']);
  });
});

describe('undoing a decline', () => {
  it('gives the place back as an offer to confirm, where the camp allows it and nobody took the place', async () => {
    dayOfSuite(20);
    office = await signIn(t.app, 'admin');
    const G = await eligibleCamper(t, ids, 11, 11, [ids.csMs]);
    expect((await staff('admit', { programmeId: ids.csMs, applicationIds: [G.applicationId] })).code).toBe(0);
    const declined = await qualification(G, 'decline', { version: 1 });
    expect(declined.data.place).toMatchObject({ status: 'declined', canUndoDecline: true });
    const undone = await qualification(G, 'undoDecline', { version: 2 });
    expect(undone.code, undone.msg).toBe(0);
    expect(undone.data.place).toMatchObject({ status: 'offered', canConfirm: true, answeredAt: null });
    expect((await qualification(G, 'confirm', { version: 3 })).data.place?.status).toBe('confirmed');
    expect((await audited('camps.undoDecline')).map((a) => a.subject)).toEqual([G.number]);
  });
});

describe('two declines at once', () => {
  it('promote two different campers, never the same one twice', async () => {
    const [H, I, J, K, L] = race as [Camper, Camper, Camper, Camper, Camper];
    dayOfSuite(5);
    office = await signIn(t.app, 'admin');
    expect((await staff('admit', { programmeId: ids.econPhd, applicationIds: [H.applicationId, I.applicationId] })).code).toBe(0);
    expect((await staff('waitlist', { programmeId: ids.econPhd, applicationIds: [J.applicationId, K.applicationId, L.applicationId] })).code).toBe(0);
    // Both signed in first, so the two declines leave together.
    const [hToken, iToken] = [await token(H), await token(I)];
    const [h, i] = await Promise.all([qualification(hToken, 'decline', { version: 1 }), qualification(iToken, 'decline', { version: 1 })]);
    expect([h.code, i.code]).toEqual([0, 0]);
    const econ = await t.app.ctx.db.selectFrom('camp_place').select(['user_id', 'status']).where('programme_id', '=', ids.econPhd).orderBy('user_id').execute();
    expect(econ.filter((p) => p.status === 'offered').map((p) => p.user_id)).toEqual([J.userId, K.userId]);
    expect(econ.find((p) => p.user_id === L.userId)?.status).toBe('waitlisted');
    const promotions = (await audited('camps.promote')).filter((a) => [J.number, K.number, L.number].includes(a.subject ?? ''));
    expect(promotions.map((a) => a.subject).sort()).toEqual([J.number, K.number]);
  });
});
