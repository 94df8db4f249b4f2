import {
  PUBLICITY_STAGE,
  scoreRelease,
  DOCTOR_AREA,
  SUMMER_CAMP_AREA,
  TMS_AREA,
  RoleKey,
  type CalendarCountView,
  type CalendarView,
  type PublicityPreviewView,
  type PublicPublicityView,
  type StaffPublicityListsView,
  type StaffPublicityListView,
} from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplications } from '../../../test/application-factory';
import { buildTestApp, call, DEMO_PASSWORD, signIn, type TestApp } from '../../../test/harness';
import { hashSecret } from '../../lib/passwords';
import { setReleased } from '../admissions/cycle';
import { PORTAL_ACTOR } from '../admissions/staff-audit';
import { createStaff, setStaffScope } from '../user/repo';

/**
 * The working-day calendar and the public proposed-admission list (issue #10). The test clock reads
 * Sunday 22 November 2026, 17:00 in Beijing; the lists are the 2027 doctoral cycle's.
 */
let t: TestApp;
let office: string;
let officeWithoutPermission: string;
let secretary: string;
let year: string;
const ids: Record<string, number> = {};
/** The applicants' ID numbers start so (one digit more each): none may reach a list. */
const ID_NUMBER = '11010119900307451';

const post = <T = null>(path: string, token: string | undefined, body: unknown, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/${path}`, { token, body, lang });
const publicView = async (lang = 'en') => call<PublicPublicityView>(t.app, '/api/v1/client/publicity', { body: {}, lang });
const auditOf = (event: string) => t.app.ctx.db.selectFrom('audit_event').select(['subject', 'detail', 'user_id']).where('event', '=', event).orderBy('id', 'desc').execute();
const listCount = async () => Number((await t.app.ctx.db.selectFrom('publicity_list').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const listBody = (extra: Record<string, unknown> = {}) => ({ area: DOCTOR_AREA, recruitYear: year, scoreKinds: ['material', 'final'], startDate: '2026-11-23', workingDays: 10, amends: null, note: '', ...extra });

/** Moves the clock on; the sessions it outlived are signed in again. */
async function advance(ms: number) {
  t.clock.advance(ms);
  office = await signIn(t.app, 'admin');
  secretary = await signIn(t.app, 'secretary');
}

async function decide(userId: number, outcome: 'pass' | 'fail') {
  const db = t.app.ctx.db;
  await db.deleteFrom('review_decision').where('user_id', '=', userId).where('stage', '=', 'proposedAdmission').execute();
  await db.insertInto('review_decision').values({ user_id: userId, recruit_year: year, area: DOCTOR_AREA, stage: 'proposedAdmission', outcome, reason: outcome === 'fail' ? 'No place left' : null, decided_by: null, decided_at: t.clock.now() }).execute();
}
async function score(userId: number, kind: string, hundredths: number) {
  const db = t.app.ctx.db;
  await db.deleteFrom('exam_score').where('user_id', '=', userId).where('kind', '=', kind).execute();
  await db.insertInto('exam_score').values({ user_id: userId, recruit_year: year, area: DOCTOR_AREA, kind, score_hundredths: hundredths, max_score_hundredths: 10000, detail_json: '{}', remark: '', recorded_at: t.clock.now() }).execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  office = await signIn(t.app, 'admin');
  year = (await db.selectFrom('recruit_year').select('year').where('is_current', '=', 1).executeTakeFirstOrThrow()).year;
  // An officer of the admissions office without the publish permission, and a school's secretary.
  const id = await createStaff(db, t.clock.now(), { loginName: 'office-no-publish', name: '赵办', passwordHash: await hashSecret(DEMO_PASSWORD), roleKeys: [RoleKey.ADMIN] });
  await setStaffScope(db, id, { departmentCodes: [], permissions: [] });
  officeWithoutPermission = (await call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', { body: { loginName: 'office-no-publish', password: DEMO_PASSWORD, uuid: (await call<{ uuid: string }>(t.app, '/api/v1/client/RandomImage', { body: {} })).data.uuid, code: '2468' } })).data.token;
  secretary = await signIn(t.app, 'secretary');

  const programme = await db.selectFrom('programme').select(['id', 'department_id']).orderBy('code').executeTakeFirstOrThrow();
  const people = [
    ['2027109001', '王小磊'],
    ['2027109002', '张伟'],
    ['2027109003', '陳嘉欣'],
    ['2027109004', 'Maria Lopez'],
  ] as const;
  const userIds = await insertApplications(
    db,
    t.clock.now(),
    people.map(([number, name]) => ({
      number,
      name,
      registerType: 1,
      recruitYear: year,
      area: DOCTOR_AREA,
      departmentId: programme.department_id,
      programmeId: programme.id,
      formStatus: 'submitted' as const,
      savedAt: t.clock.now(),
      submittedAt: t.clock.now(),
      paid: true,
      photo: 'approved' as const,
      qualification: 'pass' as const,
    })),
  );
  people.forEach(([number], i) => (ids[number] = userIds[i]!));
  for (const [i, userId] of userIds.entries()) await db.updateTable('app_user').set({ id_number: `${ID_NUMBER}${i}` }).where('id', '=', userId).execute();
  await decide(ids['2027109001']!, 'pass');
  await decide(ids['2027109002']!, 'pass');
  await decide(ids['2027109003']!, 'fail');
  await score(ids['2027109001']!, 'material', 8850);
  await score(ids['2027109001']!, 'final', 8125);
  await score(ids['2027109001']!, 'language', 7000);
  await score(ids['2027109002']!, 'material', 9000);
});
afterAll(async () => t.close());

describe('the working-day calendar', () => {
  it('keeps holidays and make-up days per year, refuses entries that change nothing, and audits each', async () => {
    for (const [date, kind, name] of [
      ['2027-10-01', 'holiday', '国庆节'],
      ['2027-10-04', 'holiday', '国庆节'],
      ['2027-10-05', 'holiday', '国庆节'],
      ['2027-10-06', 'holiday', '国庆节'],
      ['2027-10-07', 'holiday', '国庆节'],
      ['2027-09-26', 'workday', '国庆调休'],
      ['2027-10-09', 'workday', '国庆调休'],
    ] as const) {
      expect((await post('calendar/save', office, { date, kind, name })).code, date).toBe(0);
    }
    const view = (await post<CalendarView>('calendar/list', office, { year: '2027' })).data;
    expect(view.days.map((d) => [d.date, d.kind])).toEqual([
      ['2027-09-26', 'workday'],
      ['2027-10-01', 'holiday'],
      ['2027-10-04', 'holiday'],
      ['2027-10-05', 'holiday'],
      ['2027-10-06', 'holiday'],
      ['2027-10-07', 'holiday'],
      ['2027-10-09', 'workday'],
    ]);
    // 2027 has 261 weekdays; five closed, two weekend days worked.
    expect(view.workingDays).toBe(258);
    // Ten working days from Thursday 30 September: 30, then 8, 9 (the make-up Saturday), 11 to 15, 18 and 19.
    const count = await post<CalendarCountView>('calendar/count', office, { startDate: '2027-09-30', workingDays: 10 });
    expect(count.data).toEqual({ startDate: '2027-09-30', workingDays: 10, endDate: '2027-10-19' });
    const saved = await auditOf('calendar.save');
    expect(saved).toHaveLength(7);
    expect(JSON.parse(saved[0]!.detail!)).toMatchObject({ date: '2027-10-09', kind: 'workday', name: '国庆调休', before: null });
  });

  it('refuses a weekend holiday, a weekday make-up day, a date that does not exist, and changes nothing', async () => {
    const before = (await post<CalendarView>('calendar/list', office, { year: '2027' })).data;
    const cases: Array<[unknown, string, string]> = [
      [{ date: '2027-10-02', kind: 'holiday', name: '国庆节' }, 'en', '2027-10-02 is a Saturday or Sunday, closed anyway: a holiday is a weekday the office is closed.'],
      [{ date: '2027-10-08', kind: 'workday', name: '调休' }, 'zh-CN', '2027-10-08 是工作日，本就上班：调休上班日应为周六或周日。'],
      [{ date: '2027-02-30', kind: 'holiday', name: 'x' }, 'en', 'Date: a calendar date written YYYY-MM-DD, such as 2027-10-08'],
      [{ date: '2027-10-08', kind: 'closed', name: 'x' }, 'en', 'Kind: not one of the allowed choices'],
      [{ date: '2027-10-08', kind: 'holiday', name: ' ' }, 'es', 'Nombre: obligatorio'],
    ];
    for (const [body, lang, msg] of cases) {
      const r = await post('calendar/save', office, body, lang);
      expect([r.code, r.msg], JSON.stringify(body)).toEqual([400, msg]);
    }
    expect((await post('calendar/remove', office, { date: '2027-10-08' })).msg).toBe('2027-10-08 has no entry in the calendar.');
    expect((await post('calendar/list', office, { year: '27' })).msg).toBe('Year: a year such as 2027');
    expect((await post('calendar/count', office, { startDate: '2027-10-08', workingDays: 0 })).code).toBe(400);
    expect((await post<CalendarView>('calendar/list', office, { year: '2027' })).data).toEqual(before);
    expect(await auditOf('calendar.save')).toHaveLength(7);
  });

  it('removes an entry (audited), after which the day is ordinary again', async () => {
    await post('calendar/save', office, { date: '2027-05-03', kind: 'holiday', name: '劳动节' });
    const r = await post<CalendarView>('calendar/remove', office, { date: '2027-05-03' });
    expect(r.data.days.some((d) => d.date === '2027-05-03')).toBe(false);
    expect(JSON.parse((await auditOf('calendar.remove'))[0]!.detail!)).toMatchObject({ date: '2027-05-03', before: { kind: 'holiday', name: '劳动节' } });
  });

  it('is the admissions office’s alone', async () => {
    for (const token of [secretary, await signIn(t.app, 'sysadmin'), await signIn(t.app, 'assessment')]) {
      expect((await post('calendar/save', token, { date: '2027-10-08', kind: 'holiday', name: 'x' })).code).toBe(403);
    }
    expect((await post('calendar/list', undefined, { year: '2027' })).code).toBe(401);
  });
});

describe('the proposed-admission list', () => {
  let original: StaffPublicityListView;

  it('previews the passes with names masked, and only the scores chosen', async () => {
    const r = await post<PublicityPreviewView>('publicity/preview', officeWithoutPermission, listBody());
    expect(r.code).toBe(0);
    expect(r.data.rows.map((row) => [row.name, row.applicantNumber, Object.keys(row.scores)])).toEqual([
      ['王*磊', '2027109001', ['material', 'final']],
      ['张*', '2027109002', ['material']],
    ]);
    expect(r.data.rows[0]!.scores).toEqual({ material: '88.5', final: '81.25' });
    expect(r.data.rows[0]!.programme).toMatchObject({ code: expect.any(String), nameZh: expect.any(String) });
    // Monday 23 November 2026, ten working days: Friday 4 December.
    expect(r.data.endDate).toBe('2026-12-04');
    expect(JSON.stringify(r.data)).not.toMatch(/王小磊|张伟|11010119900307451|applicantUserId/);
    expect(await listCount()).toBe(0);
  });

  it('refuses fewer than ten working days, a start in the past, and anyone without the publish permission, publishing nothing', async () => {
    const cases: Array<[string, unknown, string, number, string]> = [
      [office, listBody({ workingDays: 9 }), 'en', 400, 'Working days: at least 10 working days: a proposed-admission list stays up no shorter'],
      [office, listBody({ workingDays: 9 }), 'zh-CN', 400, '工作日数：至少 10 个工作日：拟录取名单公示期不得少于此'],
      [office, listBody({ startDate: '2026-11-21' }), 'en', 400, 'The period cannot start before today (2026-11-22, Beijing time): the list would claim to have been up before it was.'],
      [office, listBody({ scoreKinds: ['height'] }), 'en', 400, 'Scores shown, row 1: not one of the allowed choices'],
      [office, listBody({ amends: 999, note: 'x' }), 'en', 404, 'There is no such published list.'],
      [office, listBody({ area: SUMMER_CAMP_AREA }), 'en', 400, 'A summer camp admits nobody, so it has no proposed-admission list.'],
      // The tuimian journey is reviewed but records no proposed admission yet: nothing to publish.
      [office, listBody({ area: TMS_AREA }), 'en', 400, 'No proposed admission is recorded in this area yet, so it has no proposed-admission list.'],
      [officeWithoutPermission, listBody(), 'en', 403, 'You do not have permission to do this.'],
      [secretary, listBody(), 'en', 403, 'You do not have permission to do this.'],
    ];
    for (const [token, body, lang, code, msg] of cases) {
      const r = await post('publicity/publish', token, body, lang);
      expect([r.code, r.msg], JSON.stringify(body)).toEqual([code, msg]);
    }
    expect((await call(t.app, '/mucgrs-service/staff/publicity/publish', { body: listBody() })).code).toBe(401);
    // The preview is held to the same rules, and the public call takes no fields.
    const preview = await post('publicity/preview', office, listBody({ workingDays: 9 }), 'ja');
    expect([preview.code, preview.msg]).toEqual([400, '営業日数：10 営業日以上にしてください（合格予定者名簿の公示期間はこれより短くできません）']);
    expect((await call(t.app, '/api/v1/client/publicity', { body: { area: DOCTOR_AREA } })).code).toBe(400);
    expect(await listCount()).toBe(0);
    expect(await auditOf('publicity.publish')).toHaveLength(0);
  });

  it('publishes nothing before the proposed-admission result is released to the applicants themselves', async () => {
    const early = await post('publicity/publish', office, listBody({ note: '经研究，拟录取以下考生。' }));
    expect([early.code, early.msg]).toEqual([409, `The ${year} proposed-admission result is not yet released to applicants: release it first (Admissions review → Releases), then publish the list.`]);
    expect(await listCount()).toBe(0);
    await setReleased(t.app.ctx.db, t.clock.now(), DOCTOR_AREA, PUBLICITY_STAGE, true, { recruitYear: year, actor: PORTAL_ACTOR });
    // Nor a score the applicants have not been shown.
    const scoreFirst = await post('publicity/publish', office, listBody({ note: '经研究，拟录取以下考生。' }));
    expect([scoreFirst.code, scoreFirst.msg]).toEqual([409, `The ${year} material review scores are not yet released to applicants: release them first, or do not show them on the list.`]);
    expect(await listCount()).toBe(0);
    for (const kind of ['material', 'final'] as const) await setReleased(t.app.ctx.db, t.clock.now(), DOCTOR_AREA, scoreRelease(kind), true, { recruitYear: year, actor: PORTAL_ACTOR });
  });

  it('publishes a snapshot that the public reads without signing in, audited', async () => {
    const r = await post<StaffPublicityListView>('publicity/publish', office, listBody({ note: '经研究，拟录取以下考生。' }));
    expect(r.code).toBe(0);
    original = r.data;
    expect(original).toMatchObject({ kind: 'original', amends: null, startDate: '2026-11-23', endDate: '2026-12-04', workingDays: 10, state: 'scheduled', publishedBy: '周杰' });
    // Not begun: not public yet.
    expect((await publicView()).data).toEqual({ current: [], past: [] });
    await advance(7 * 60 * 60_000); // Monday 00:00 in Beijing
    const view = await publicView();
    expect(view.data.current).toHaveLength(1);
    expect(view.data.current[0]!.rows.map((row) => row.name)).toEqual(['王*磊', '张*']);
    expect(view.data.current[0]).not.toHaveProperty('publishedBy');
    expect(view.raw.headers['cache-control']).toBe('no-store');
    expect(view.raw.body).not.toMatch(/王小磊|张伟|11010119900307451|applicantUserId/);
    const [entry] = await auditOf('publicity.publish');
    expect(entry!.subject).toBe(`${DOCTOR_AREA}.${year}`);
    expect(JSON.parse(entry!.detail!)).toMatchObject({ listId: original.id, kind: 'original', startDate: '2026-11-23', endDate: '2026-12-04', rows: 2, scoreKinds: ['material', 'final'] });
  });

  it('never changes: later decisions and scores leave it as published, and the database refuses an edit or a removal', async () => {
    await decide(ids['2027109002']!, 'fail');
    await score(ids['2027109001']!, 'final', 8300);
    const rows = (await publicView()).data.current[0]!.rows;
    expect(rows.map((row) => [row.name, row.scores])).toEqual([
      ['王*磊', { material: '88.5', final: '81.25' }],
      ['张*', { material: '90' }],
    ]);
    const db = t.app.ctx.db;
    await expect(db.updateTable('publicity_row').set({ masked_name: '李*' }).where('list_id', '=', original.id).execute()).rejects.toThrow(/never changes/);
    await expect(db.deleteFrom('publicity_row').where('list_id', '=', original.id).execute()).rejects.toThrow(/never changes/);
    await expect(db.updateTable('publicity_list').set({ end_date: '2026-11-24' }).where('id', '=', original.id).execute()).rejects.toThrow(/never changes/);
    await expect(db.deleteFrom('publicity_list').where('id', '=', original.id).execute()).rejects.toThrow(/never changes/);
    // A second original is refused: an amendment is a supplementary list.
    const again = await post('publicity/publish', office, listBody({ startDate: '2026-11-24' }));
    expect([again.code, again.msg]).toEqual([409, 'The proposed-admission list of this area and year is already published and can no longer change. Publish a supplementary list to amend it.']);
    // No call edits or removes a list.
    for (const path of ['publicity/update', 'publicity/delete']) expect((await post(path, office, { id: original.id })).code).toBe(404);
    expect((await publicView()).data.current[0]!.rows).toHaveLength(2);
  });

  it('amends it with a supplementary list of its own rows and period, which says what it amends', async () => {
    await decide(ids['2027109004']!, 'pass');
    const noNote = await post('publicity/publish', office, listBody({ amends: original.id, startDate: '2026-11-30' }));
    expect([noNote.code, noNote.msg]).toEqual([400, 'Say in the note why the supplementary list is published: readers of the public page see it.']);
    const wrongYear = await post('publicity/publish', office, listBody({ amends: original.id, recruitYear: '2026', note: 'x' }));
    expect(wrongYear.msg).toBe('A supplementary list amends the original list of the same area and year.');

    const r = await post<StaffPublicityListView>('publicity/publish', office, listBody({ amends: original.id, startDate: '2026-11-30', workingDays: 12, note: '更正成绩并增补一名考生。' }));
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ kind: 'supplementary', amends: { id: original.id, startDate: '2026-11-23' }, startDate: '2026-11-30', endDate: '2026-12-15', workingDays: 12 });
    expect(r.data.rows.map((row) => [row.name, row.change, row.scores])).toEqual([
      ['王*磊', 'corrected', { material: '88.5', final: '83' }],
      ['M**** L****', 'added', {}],
      ['张*', 'withdrawn', {}],
    ]);
    // Nothing changed since: nothing to amend.
    const nothing = await post('publicity/publish', office, listBody({ amends: original.id, startDate: '2026-12-01', note: 'again' }));
    expect([nothing.code, nothing.msg]).toEqual([409, 'Nothing changed since the list was published: nobody to add, correct or withdraw.']);
    // A supplementary list is not amended in turn.
    expect((await post('publicity/publish', office, listBody({ amends: r.data.id, note: 'x' }))).code).toBe(400);
  });

  it('shows lists in their period, then as past ones; the office sees every list and who published it', async () => {
    await advance(7 * 24 * 60 * 60_000); // Monday 30 November
    let view = (await publicView('zh-CN')).data;
    expect(view.current.map((l) => l.kind)).toEqual(['supplementary', 'original']);
    await advance(5 * 24 * 60 * 60_000); // Saturday 5 December: the original closed at the end of Friday
    view = (await publicView()).data;
    expect(view.current.map((l) => l.kind)).toEqual(['supplementary']);
    expect(view.past.map((l) => [l.kind, l.endDate])).toEqual([['original', '2026-12-04']]);
    const staff = (await post<StaffPublicityListsView>('publicity/list', office, {})).data;
    expect(staff).toMatchObject({ recruitYear: year, areas: [DOCTOR_AREA], today: '2026-12-05' });
    expect(staff.lists.map((l) => [l.kind, l.state, l.publishedBy])).toEqual([
      ['supplementary', 'open', '周杰'],
      ['original', 'closed', '周杰'],
    ]);
    expect((await post('publicity/list', secretary, {})).code).toBe(403);
  });

  it('publishes one original list when two publishers press at the same moment', async () => {
    await t.app.ctx.db
      .insertInto('review_decision')
      .values({ user_id: ids['2027109001']!, recruit_year: '2026', area: DOCTOR_AREA, stage: 'proposedAdmission', outcome: 'pass', reason: null, decided_by: null, decided_at: t.clock.now() })
      .execute();
    for (const release of [PUBLICITY_STAGE, scoreRelease('material'), scoreRelease('final')]) await setReleased(t.app.ctx.db, t.clock.now(), DOCTOR_AREA, release, true, { recruitYear: '2026', actor: PORTAL_ACTOR });
    const publisher = await signIn(t.app, 'publisher');
    const body = listBody({ recruitYear: '2026', startDate: '2026-12-07' });
    const replies = await Promise.all([post('publicity/publish', office, body), post('publicity/publish', publisher, body)]);
    expect(replies.map((r) => r.code).sort()).toEqual([0, 409]);
    expect(replies.find((r) => r.code === 409)!.msg).toMatch(/already published/);
    const lists = await t.app.ctx.db.selectFrom('publicity_list').select('id').where('recruit_year', '=', '2026').execute();
    expect(lists).toHaveLength(1);
  });
});
