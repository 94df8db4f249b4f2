import type { CampAdmissionBoardView, CampQualificationView, ReleasePreviewView, ViewAsApplicantView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type TestApp } from '../../../../test/harness';
import { setReleased } from '../../admissions/cycle';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { setConfigValue } from '../../system-config/service';
import { campFormTestApp, type CampSetup } from '../form/fixtures';
import { confirmCampPlace } from '../qualification/service';
import { eligibleCamper, signInCamper, type Camper } from './fixtures';

/**
 * Camp results (issue #11): from the camp's first day the office records, for each camper who
 * confirmed a place, attended or absent and, where the camp rates campers, outstanding or passed;
 * the summer-camp cycle's release `campResult` then shows them to the campers, never before. Every
 * refusal changes nothing.
 */
let t: TestApp;
let ids: CampSetup;
let office: string;
/** A and B confirmed places in the computer-science doctorate; C was offered one and has not answered. */
let A: Camper, B: Camper, C: Camper;

const post = <T = CampAdmissionBoardView>(url: string, body: unknown, token = office, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/campAdmission/${url}`, { token, body, lang });
const results = () => t.app.ctx.db.selectFrom('camp_place').select(['user_id', 'attendance', 'rating', 'result_at']).orderBy('user_id').execute();
async function unchanged<R>(act: () => Promise<R>): Promise<R> {
  const before = await results();
  const r = await act();
  expect(await results()).toEqual(before);
  return r;
}
const record = (rows: { applicationId: number; attendance: string; rating: string | null }[], lang = 'en') => post('recordResults', { programmeId: ids.csPhd, results: rows }, office, lang);
const campDay = Date.parse('2027-07-10T00:00:00+08:00');

beforeAll(async () => {
  ({ t, ids } = await campFormTestApp());
  office = await signIn(t.app, 'admin');
  [A, B, C] = [await eligibleCamper(t, ids, 1, 1, [ids.csPhd]), await eligibleCamper(t, ids, 2, 2, [ids.csPhd]), await eligibleCamper(t, ids, 3, 3, [ids.csPhd])];
  expect((await post('admit', { programmeId: ids.csPhd, applicationIds: [A.applicationId, B.applicationId, C.applicationId] })).code).toBe(0);
  for (const c of [A, B]) await confirmCampPlace(t.app.ctx, { userId: c.userId, recruitYear: '2027', area: 'summerCamp', registerType: 3, applicantNumber: c.number, name: c.name }, { version: 1 });
}, 180_000);
afterAll(async () => t?.close());

describe('recording camp results', () => {
  it('waits for the camp’s first day', async () => {
    const r = await unchanged(() => record([{ applicationId: A.applicationId, attendance: 'attended', rating: 'outstanding' }]));
    expect([r.code, r.msg]).toEqual([409, 'Camp results are recorded from the camp’s first day (2027-07-10).']);
    expect((await post('board', { programmeId: ids.csPhd })).data.results).toEqual({ open: false, released: false });
  });

  it('refuses bad input, a camper without a confirmed place and anyone but the office, changing nothing', async () => {
    t.clock.advance(campDay + 3_600_000 - t.clock.now());
    office = await signIn(t.app, 'admin');
    const absentRated = await unchanged(() => record([{ applicationId: B.applicationId, attendance: 'absent', rating: 'passed' }]));
    expect([absentRated.code, absentRated.msg]).toEqual([400, `${B.number} was absent: an absent camper gets no rating.`]);
    const unrated = await unchanged(() => record([{ applicationId: A.applicationId, attendance: 'attended', rating: null }], 'zh-CN'));
    expect([unrated.code, unrated.msg]).toEqual([400, `${A.number} 参加的夏令营评定营员等级，请选择“优秀营员”或“合格”。`]);
    const unconfirmed = await unchanged(() => record([{ applicationId: C.applicationId, attendance: 'attended', rating: 'passed' }]));
    expect([unconfirmed.code, unconfirmed.msg]).toEqual([409, `${C.number} did not confirm a place in this programme: there is no camp result to record.`]);
    expect((await unchanged(() => record([{ applicationId: A.applicationId, attendance: 'present', rating: null }]))).code).toBe(400);
    expect((await unchanged(() => record([]))).code).toBe(400);
    expect((await unchanged(() => record([{ applicationId: 999_999, attendance: 'absent', rating: null }]))).code).toBe(404);
    const absent = { programmeId: ids.csPhd, results: [{ applicationId: A.applicationId, attendance: 'absent', rating: null }] };
    const [secretary, camper] = [await signIn(t.app, 'secretary'), await signInCamper(t, A)];
    expect((await unchanged(() => post('recordResults', absent, secretary))).code).toBe(403);
    expect((await unchanged(() => post('recordResults', absent, camper))).code).toBe(403);
  });

  it('records attended with a rating, or absent, audited per camper; the board shows them', async () => {
    const r = await record([
      { applicationId: A.applicationId, attendance: 'attended', rating: 'outstanding' },
      { applicationId: B.applicationId, attendance: 'absent', rating: null },
    ]);
    expect(r.code, r.msg).toBe(0);
    const place = (c: Camper) => r.data.candidates.find((x) => x.applicationId === c.applicationId)!.place;
    expect(place(A)?.result).toEqual({ attendance: 'attended', rating: 'outstanding', recordedAt: new Date(t.clock.now()).toISOString() });
    expect(place(B)?.result).toMatchObject({ attendance: 'absent', rating: null });
    expect(r.data.results).toEqual({ open: true, released: false });
    const audited = await t.app.ctx.db.selectFrom('audit_event').select('subject').where('event', '=', 'camps.result').orderBy('id').execute();
    expect(audited.map((a) => a.subject)).toEqual([A.number, B.number]);
  });

  it('shows the camper nothing before the release', async () => {
    const mine = await call<CampQualificationView>(t.app, '/mucgrs-service/summerCamp/qualification/detail', { token: await signInCamper(t, A), body: {}, lang: 'en' });
    expect(mine.data.result).toBeNull();
  });
});

describe('releasing camp results', () => {
  it('previews the outcomes and one camper’s page for the office', async () => {
    const preview = await call<ReleasePreviewView>(t.app, '/mucgrs-service/staff/releases/preview', { token: office, body: { area: 'summerCamp', recruitYear: '2027', release: 'campResult' }, lang: 'en' });
    expect(preview.code, preview.msg).toBe(0);
    expect(Object.fromEntries(preview.data.outcomes.map((o) => [o.outcome, o.count]))).toEqual({ outstanding: 1, absent: 1 });
    const asA = await call<ViewAsApplicantView>(t.app, '/mucgrs-service/staff/releases/viewAs', { token: office, body: { area: 'summerCamp', recruitYear: '2027', release: 'campResult', applicantNumber: A.number }, lang: 'en' });
    expect(asA.data.result).toEqual({ kind: 'campResult', view: { attendance: 'attended', rating: 'outstanding', ratesCampers: true, nationalSystemWindow: null } });
  });

  it('shows each camper their result once released, with the national system’s dates, and freezes the results', async () => {
    await setConfigValue(t.app.ctx.db, t.clock.now(), 'summerCamp', 'camp.nationalSystemWindow', '2027年9月28日至10月20日');
    await setReleased(t.app.ctx.db, t.clock.now(), 'summerCamp', 'campResult', true, { recruitYear: '2027', actor: PORTAL_ACTOR });
    const mine = await call<CampQualificationView>(t.app, '/mucgrs-service/summerCamp/qualification/detail', { token: await signInCamper(t, A), body: {}, lang: 'en' });
    expect(mine.data.result).toEqual({ attendance: 'attended', rating: 'outstanding', ratesCampers: true, nationalSystemWindow: '2027年9月28日至10月20日' });
    const c = await call<CampQualificationView>(t.app, '/mucgrs-service/summerCamp/qualification/detail', { token: await signInCamper(t, C), body: {}, lang: 'en' });
    expect(c.data.result).toBeNull();
    const frozen = await unchanged(() => record([{ applicationId: B.applicationId, attendance: 'attended', rating: 'passed' }]));
    expect([frozen.code, frozen.msg]).toEqual([409, 'This year’s camp results have been released: withdraw the release before changing them.']);
    expect((await post('board', { programmeId: ids.csPhd })).data.results).toEqual({ open: false, released: true });
  });
});
