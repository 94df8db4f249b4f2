import type { ApplicationListView, CampAdmissionBoardView, CampFormDetailView, CampQualificationView, ReleasePreviewView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, captcha, DEMO_PASSWORD, signIn, type TestApp } from '../../../../test/harness';
import { DEMO_CAMPERS } from './campers';

/** The demo's campers (issue #11): the schools and the graduate school find a queue at each step. */
let t: TestApp;
let tokens: { office: string; secretary: string };

beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
  tokens = { office: await signIn(t.app, 'admin'), secretary: await signIn(t.app, 'secretary') };
}, 120_000);
afterAll(async () => t?.close());

const queue = (token: string, filter: Record<string, unknown>) =>
  call<ApplicationListView>(t.app, '/mucgrs-service/staff/applications/list', { token, body: { area: 'summerCamp', pageSize: 20, sortField: 'name', sortOrder: 'ascend', ...filter }, lang: 'en' });

describe('the demo campers', () => {
  it('puts the computer-science campers in the demo secretary’s queue, each at their step', async () => {
    const { data } = await queue(tokens.secretary, {});
    expect(data.rows.map((r) => [r.name, r.formStatus, r.departmentReview, r.qualification]).sort()).toEqual(
      [
        ['孙若曦', 'submitted', 'pass', 'pending'],
        ['周明轩', 'submitted', 'pass', 'pass'],
        ['赵雨桐', 'submitted', 'pending', 'pending'],
        ['钱浩然', 'submitted', 'pending', 'pending'],
        ['唐宁', 'submitted', 'pass', 'pass'],
        ['宋雨', 'submitted', 'pass', 'pass'],
        ['许诺', 'submitted', 'pass', 'pass'],
      ].sort(),
    );
    expect(data.rows.every((r) => r.programme?.code === 'CS-MS-081200' || r.programme?.code === 'CS-PHD-081200')).toBe(true);
  });

  it('gives the graduate school the campers the schools passed, and shows the ethnology school’s fail and return', async () => {
    const waiting = await queue(tokens.office, { formStatus: 'submitted', departmentReview: 'pass', qualification: 'pending' });
    expect(waiting.data.rows.map((r) => r.name)).toEqual(['孙若曦']);
    const all = await queue(tokens.office, {});
    expect(all.data.total).toBe(DEMO_CAMPERS.length);
    const byName = new Map(all.data.rows.map((r) => [r.name, r]));
    expect(byName.get('郑博文')).toMatchObject({ formStatus: 'submitted', departmentReview: 'fail' });
    expect(byName.get('王诗琪')).toMatchObject({ formStatus: 'returned', departmentReview: 'pending' });
  });

  it('lets each demo camper sign in with the demo password and read their form', async () => {
    const returned = (await queue(tokens.office, { formStatus: 'returned' })).data.rows[0]!;
    const r = await call<{ token: string }>(t.app, '/api/v1/client/masterLogin', {
      body: { userRegisterType: 3, candidateNo: returned.applicantNumber, name: returned.name, password: DEMO_PASSWORD, ...(await captcha(t.app)) },
    });
    expect(r.code, r.msg).toBe(0);
    const form = await call<CampFormDetailView>(t.app, '/mucgrs-service/summerCamp/form/detail', { token: r.data.token, body: {}, lang: 'en' });
    expect([form.data.status, form.data.reopenedSections]).toEqual(['returned', ['statement']]);
    expect(form.data.returnReason).toContain('研究方向');
  });

  it('walks the ethnology doctorate through camp admission: one confirmed, one declined, the first waiting offered the place until tomorrow, two waiting', async () => {
    const programme = await t.app.ctx.db.selectFrom('programme').select('id').where('code', '=', 'ETH-PHD-030400').executeTakeFirstOrThrow();
    const board = await call<CampAdmissionBoardView>(t.app, '/mucgrs-service/staff/campAdmission/board', { token: tokens.office, body: { programmeId: programme.id }, lang: 'en' });
    expect(board.code, board.msg).toBe(0);
    expect(board.data.counts).toEqual({ offered: 1, confirmed: 1, declined: 1, expired: 0, waitlisted: 2, free: 0 });
    const place = (name: string) => board.data.candidates.find((c) => c.name === name)?.place;
    expect([place('刘嘉')?.status, place('林晓')?.status, place('陈思远')?.status]).toEqual(['confirmed', 'declined', 'offered']);
    expect([place('黄子涵')?.waitlistPosition, place('马骁')?.waitlistPosition]).toEqual([1, 2]);
    const deadline = Date.parse(place('陈思远')!.confirmBy!);
    expect(deadline - t.clock.now()).toBe(86_400_000);

    const chen = board.data.candidates.find((c) => c.name === '陈思远')!;
    // The numbers the README gives.
    expect(['刘嘉', '林晓', '陈思远', '黄子涵', '马骁'].map((n) => board.data.candidates.find((c) => c.name === n)?.applicantNumber)).toEqual(['2027300009', '2027300010', '2027300011', '2027300012', '2027300013']);
    const r = await call<{ token: string }>(t.app, '/api/v1/client/masterLogin', { body: { userRegisterType: 3, candidateNo: chen.applicantNumber, name: '陈思远', password: DEMO_PASSWORD, ...(await captcha(t.app)) } });
    const mine = await call<CampQualificationView>(t.app, '/mucgrs-service/summerCamp/qualification/detail', { token: r.data.token, body: {}, lang: 'en' });
    expect(mine.data.place).toMatchObject({ status: 'offered', canConfirm: true, canDecline: true });
    expect(mine.data.camp?.placeZh).toBe('中央民族大学 文华楼');
  });

  it('holds a camp already this week, whose results the office has recorded but not released', async () => {
    const programme = await t.app.ctx.db.selectFrom('programme').select('id').where('code', '=', 'CS-PHD-081200').executeTakeFirstOrThrow();
    const board = await call<CampAdmissionBoardView>(t.app, '/mucgrs-service/staff/campAdmission/board', { token: tokens.office, body: { programmeId: programme.id }, lang: 'en' });
    expect(board.data.results).toEqual({ open: true, released: false });
    const result = (name: string) => board.data.candidates.find((c) => c.name === name)?.place?.result ?? null;
    expect([result('唐宁')?.rating, result('宋雨')?.rating, result('许诺')]).toEqual(['outstanding', 'passed', null]);
    const preview = await call<ReleasePreviewView>(t.app, '/mucgrs-service/staff/releases/preview', { token: tokens.office, body: { area: 'summerCamp', recruitYear: '2027', release: 'campResult' }, lang: 'en' });
    expect(Object.fromEntries(preview.data.outcomes.map((o) => [o.outcome, o.count]))).toEqual({ outstanding: 1, passed: 1, none: 2 });
    expect(board.data.candidates.find((c) => c.name === '唐宁')?.applicantNumber).toBe('2027300014');
  });
});
