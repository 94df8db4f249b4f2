import { CAMP_ADMISSION_BATCH_MAX, type CampAdmissionBoardView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type TestApp } from '../../../../test/harness';
import { campFormTestApp, DAY, type CampSetup } from '../form/fixtures';
import { eligibleCamper, type Camper } from './fixtures';

/**
 * Camp admission (issue #11): the office offers eligible campers places per programme up to its
 * places, and keeps an ordered waiting list. A camper holds one place a year. Every refusal
 * changes nothing.
 */
let t: TestApp;
let ids: CampSetup;
let office: string;

/** Six eligible campers of the computer-science doctorate (rank 1 to 6), one choosing it second, one not eligible. */
const campers: Camper[] = [];
let secondChoice: Camper;
let notEligible: Camper;

const post = <T>(url: string, body: unknown, token = office, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/campAdmission/${url}`, { token, body, lang });
const places = () => t.app.ctx.db.selectFrom('camp_place').select(['user_id', 'programme_id', 'status', 'waitlist_position', 'confirm_by']).orderBy('user_id').execute();

async function unchanged<R>(act: () => Promise<R>): Promise<R> {
  const before = await places();
  const r = await act();
  expect(await places()).toEqual(before);
  return r;
}

beforeAll(async () => {
  ({ t, ids } = await campFormTestApp());
  office = await signIn(t.app, 'admin');
  // Two places in the doctorate; the master's keeps its thirty.
  await t.app.ctx.db.updateTable('summer_camp_programme').set({ capacity: 2 }).where('programme_id', '=', ids.csPhd).execute();
  for (const [i, rank] of [3, 1, 6, 2, 5, 4].entries()) campers.push(await eligibleCamper(t, ids, i + 1, rank, [ids.csPhd]));
  secondChoice = await eligibleCamper(t, ids, 7, 10, [ids.econPhd, ids.csPhd]);
  notEligible = await eligibleCamper(t, ids, 8, 7, [ids.csPhd], false);
}, 180_000);
afterAll(async () => t?.close());

/** The campers by their rank in cohort (the board's order). */
const byRank = (rank: number) => campers[[3, 1, 6, 2, 5, 4].indexOf(rank)]!;

describe('the admission board', () => {
  it('lists the eligible campers who chose the programme, the best rank first, with its places', async () => {
    const r = await post<CampAdmissionBoardView>('board', { programmeId: ids.csPhd });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.programme).toMatchObject({ id: ids.csPhd, capacity: 2 });
    expect(r.data.camp.nameEn).toBe('Computer Science Summer Camp');
    expect(r.data.counts).toEqual({ offered: 0, confirmed: 0, declined: 0, expired: 0, waitlisted: 0, free: 2 });
    expect(r.data.candidates.map((c) => [c.applicantNumber, c.choice])).toEqual([
      [byRank(1).number, 1],
      [byRank(2).number, 1],
      [byRank(3).number, 1],
      [byRank(4).number, 1],
      [byRank(5).number, 1],
      [byRank(6).number, 1],
      [secondChoice.number, 2],
    ]);
    expect(r.data.candidates[0]).toMatchObject({ school: { code: '10052', name: null }, rank: 1, cohortSize: 100, gpa: 3.82, gpaScale: '4', place: null });
  });

  it('refuses a programme no camp of the year recruits for, and anyone but the office', async () => {
    expect((await post('board', { programmeId: ids.lastYearProgramme })).code).toBe(404);
    expect((await post('board', { programmeId: ids.csPhd }, await signIn(t.app, 'secretary'))).code).toBe(403);
    expect((await post('board', { programmeId: ids.csPhd }, await signIn(t.app, 'camper'))).code).toBe(403);
  });
});

describe('malformed requests', () => {
  it('are refused on every call with the field named, in the caller’s language, changing nothing', async () => {
    const many = Array.from({ length: CAMP_ADMISSION_BATCH_MAX + 1 }, (_, i) => i + 1);
    const cases: [string, unknown, string][] = [
      ['board', { programmeId: 'cs' }, 'Programme: wrong type of value'],
      ['board', { programmeId: ids.csPhd, recruitYear: '27' }, 'Recruitment year: not in a valid format'],
      ['waitlist', { programmeId: ids.csPhd, applicationIds: many }, 'Applications: too long'],
      ['waitlist', { programmeId: ids.csPhd, applicationIds: [byRank(1).applicationId], order: 'first' }, 'order: not an accepted field'],
      ['withdraw', { programmeId: ids.csPhd }, 'Application: required'],
      ['withdraw', { programmeId: ids.csPhd, applicationId: -3 }, 'Application: not one of the allowed choices'],
    ];
    for (const [url, body, message] of cases) {
      const r = await unchanged(() => post(url, body));
      expect([r.code, r.msg], url).toEqual([400, message]);
    }
    const zh = await unchanged(() => post('withdraw', { programmeId: ids.csPhd }, office, 'zh-CN'));
    expect([zh.code, zh.msg]).toEqual([400, '报名记录：不能为空']);
  });
});

describe('admitting', () => {
  it('refuses bad input, a camper who is not a candidate and an unknown application, admitting nobody', async () => {
    const duplicate = await unchanged(() => post('admit', { programmeId: ids.csPhd, applicationIds: [byRank(1).applicationId, byRank(1).applicationId] }));
    expect([duplicate.code, duplicate.msg]).toEqual([400, 'Applications: the same camper is named twice']);
    expect((await unchanged(() => post('admit', { programmeId: ids.csPhd, applicationIds: [] }, office, 'zh-CN'))).code).toBe(400);
    const stranger = await unchanged(() => post('admit', { programmeId: ids.csPhd, applicationIds: [byRank(1).applicationId, notEligible.applicationId] }));
    expect([stranger.code, stranger.msg]).toEqual([409, `${notEligible.number} is not an eligible camper who chose this programme.`]);
    expect((await unchanged(() => post('admit', { programmeId: ids.csPhd, applicationIds: [999_999] }))).code).toBe(404);
  });

  it('offers places up to the programme’s places, to confirm by the camp’s deadline, audited per camper', async () => {
    const r = await post<CampAdmissionBoardView>('admit', { programmeId: ids.csPhd, applicationIds: [byRank(1).applicationId, byRank(2).applicationId] });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.counts).toMatchObject({ offered: 2, free: 0 });
    const first = r.data.candidates.find((c) => c.applicationId === byRank(1).applicationId)!;
    expect(first.place).toMatchObject({ programmeId: ids.csPhd, status: 'offered', confirmBy: r.data.camp.confirmClosesAt, waitlistPosition: null });
    const audited = await t.app.ctx.db.selectFrom('audit_event').select('subject').where('event', '=', 'camps.admit').orderBy('id').execute();
    expect(audited.map((a) => a.subject)).toEqual([byRank(1).number, byRank(2).number]);
  });

  it('refuses a camper beyond the places, naming how many are left, in the caller’s language', async () => {
    const r = await unchanged(() => post('admit', { programmeId: ids.csPhd, applicationIds: [byRank(3).applicationId] }));
    expect([r.code, r.msg]).toEqual([409, 'Only 0 places are left in this programme, and 1 campers were chosen.']);
    const zh = await unchanged(() => post('admit', { programmeId: ids.csPhd, applicationIds: [byRank(3).applicationId] }, office, 'zh-CN'));
    expect(zh.msg).toBe('该专业只剩 0 个名额，所选营员为 1 人。');
  });

  it('gives a camper one place a year: an offered camper is not offered a second place elsewhere', async () => {
    await t.app.ctx.db.updateTable('summer_camp_programme').set({ capacity: 5 }).where('programme_id', '=', ids.econPhd).execute();
    const r = await unchanged(() => post('admit', { programmeId: ids.csPhd, applicationIds: [byRank(1).applicationId] }));
    expect([r.code, r.msg]).toEqual([409, `${byRank(1).number} has already been offered a camp place this year.`]);
  });
});

describe('the eligibility of a camper holding a place', () => {
  it('stands: the graduate school cannot fail a camper offered a place until the place is withdrawn', async () => {
    const r = await unchanged(() =>
      call(t.app, '/mucgrs-service/staff/applications/decide', { token: office, lang: 'en', body: { applicationId: byRank(1).applicationId, stage: 'qualificationReview', outcome: 'fail', reason: 'Second thoughts' } }),
    );
    expect([r.code, r.msg]).toEqual([409, `${byRank(1).number} holds a camp place or a waiting-list position: the eligibility decision stands (withdraw the place first).`]);
    const kept = await t.app.ctx.db.selectFrom('review_decision').select('outcome').where('user_id', '=', byRank(1).userId).where('stage', '=', 'qualificationReview').executeTakeFirstOrThrow();
    expect(kept.outcome).toBe('pass');
  });
});

describe('the waiting list', () => {
  it('keeps the order the office gives, after those already waiting', async () => {
    const r = await post<CampAdmissionBoardView>('waitlist', { programmeId: ids.csPhd, applicationIds: [byRank(4).applicationId, byRank(3).applicationId] });
    expect(r.code, r.msg).toBe(0);
    const more = await post<CampAdmissionBoardView>('waitlist', { programmeId: ids.csPhd, applicationIds: [secondChoice.applicationId] });
    const position = (c: Camper) => more.data.candidates.find((x) => x.applicationId === c.applicationId)!.place?.waitlistPosition;
    expect([position(byRank(4)), position(byRank(3)), position(secondChoice)]).toEqual([1, 2, 3]);
    expect(more.data.counts).toMatchObject({ waitlisted: 3, offered: 2, free: 0 });
  });

  it('refuses a camper already waiting, or offered a place, changing nothing', async () => {
    const waiting = await unchanged(() => post('waitlist', { programmeId: ids.csPhd, applicationIds: [byRank(3).applicationId] }));
    expect([waiting.code, waiting.msg]).toEqual([409, `${byRank(3).number} is already on a camp waiting list this year.`]);
    expect((await unchanged(() => post('waitlist', { programmeId: ids.csPhd, applicationIds: [byRank(2).applicationId] }))).code).toBe(409);
  });

  it('frees a place when an unanswered offer is taken back; the first waiting camper is then admitted from the list', async () => {
    const freed = await post<CampAdmissionBoardView>('withdraw', { programmeId: ids.csPhd, applicationId: byRank(2).applicationId });
    expect(freed.code, freed.msg).toBe(0);
    expect(freed.data.counts).toMatchObject({ offered: 1, free: 1 });
    const admitted = await post<CampAdmissionBoardView>('admit', { programmeId: ids.csPhd, applicationIds: [byRank(4).applicationId] });
    expect(admitted.code, admitted.msg).toBe(0);
    const place = (c: Camper) => admitted.data.candidates.find((x) => x.applicationId === c.applicationId)!.place;
    expect(place(byRank(4))).toMatchObject({ status: 'offered', waitlistPosition: null });
    expect(place(byRank(3))).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect(place(byRank(2))).toBeNull();
  });

  it('keeps a confirmed place: it cannot be taken back', async () => {
    await t.app.ctx.db.updateTable('camp_place').set({ status: 'confirmed', answered_at: t.clock.now() }).where('user_id', '=', byRank(1).userId).execute();
    const r = await unchanged(() => post('withdraw', { programmeId: ids.csPhd, applicationId: byRank(1).applicationId }));
    expect([r.code, r.msg]).toEqual([409, `${byRank(1).number} has no unanswered offer or waiting-list position in this programme to take back (a confirmed place stays).`]);
  });

  it('keeps the camp from offering fewer places than it has given', async () => {
    const camp = await t.app.ctx.db.selectFrom('summer_camp').selectAll().where('id', '=', ids.csCamp).executeTakeFirstOrThrow();
    const at = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');
    const r = await call(t.app, '/mucgrs-service/staff/camps/save', {
      token: office,
      lang: 'en',
      body: {
        id: camp.id,
        version: camp.version,
        recruitYear: '2027',
        nameZh: camp.name_zh,
        nameEn: camp.name_en,
        departmentId: camp.department_id,
        startsOn: camp.starts_on,
        endsOn: camp.ends_on,
        mode: camp.mode,
        placeZh: camp.place_zh,
        placeEn: camp.place_en,
        applyOpensAt: at(Number(camp.apply_opens_at)),
        applyClosesAt: at(Number(camp.apply_closes_at)),
        confirmClosesAt: at(Number(camp.confirm_closes_at)),
        waitlistConfirmHours: 48,
        ratesCampers: true,
        declineUndoable: false,
        programmes: [
          { programmeId: ids.csPhd, capacity: 1 },
          { programmeId: ids.csMs, capacity: 30 },
        ],
      },
    });
    expect([r.code, r.msg]).toEqual([409, 'The programme CS-PHD-081200 Computer Science and Technology (PhD) has given 2 places already: it cannot offer fewer.']);
  });
});

describe('races and deadlines', () => {
  it('gives the last free place to one of two admissions sent at once', async () => {
    await post('withdraw', { programmeId: ids.csPhd, applicationId: byRank(4).applicationId });
    const [a, b] = await Promise.all([
      post('admit', { programmeId: ids.csPhd, applicationIds: [byRank(5).applicationId] }),
      post('admit', { programmeId: ids.csPhd, applicationIds: [byRank(6).applicationId] }),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 409]);
    const taken = (await places()).filter((p) => p.programme_id === ids.csPhd && (p.status === 'offered' || p.status === 'confirmed'));
    expect(taken).toHaveLength(2);
  });

  it('offers no place once the camp’s confirmation deadline has passed', async () => {
    const camp = await t.app.ctx.db.selectFrom('summer_camp').select('confirm_closes_at').where('id', '=', ids.csCamp).executeTakeFirstOrThrow();
    t.clock.advance(Number(camp.confirm_closes_at) + DAY - t.clock.now());
    office = await signIn(t.app, 'admin');
    const r = await unchanged(() => post('admit', { programmeId: ids.csMs, applicationIds: [byRank(3).applicationId] }));
    expect([r.code, r.msg]).toEqual([409, 'The camp’s confirmation deadline has passed: no place can be offered any more.']);
  });
});
