import { SUMMER_CAMP_AREA, type CampListView, type CampView, type SaveCampRequest } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../../test/harness';

/**
 * The year's summer camps (issue #11): the admissions office defines each camp (its days, place,
 * windows, rules) and the places each of its programmes offers. A programme recruits in one camp a
 * year; every change names the version it was based on; bad input changes nothing.
 */
let t: TestApp;
let admin: string;
let options: CampListView['options'];
/** Two programmes of one school, and a programme of another. */
let school: { id: number; nameEn: string };
let programmeA: number;
let programmeB: number;
let elsewhere: number;

const base = '/mucgrs-service/staff/camps';
const post = <T = null>(path: string, body: unknown, opts: { token?: string; lang?: string } = {}) => call<T>(t.app, `${base}/${path}`, { token: opts.token ?? admin, body, lang: opts.lang ?? 'en' });
const list = async (recruitYear?: string) => (await post<CampListView>('list', recruitYear ? { recruitYear } : {})).data;
const campRows = async () => t.app.ctx.db.selectFrom('summer_camp').selectAll().orderBy('id').execute();
const placeRows = async () => t.app.ctx.db.selectFrom('summer_camp_programme').selectAll().orderBy('camp_id').orderBy('programme_id').execute();
const stored = async () => ({ camps: await campRows(), places: await placeRows() });

const camp = (patch: Partial<Record<keyof SaveCampRequest, unknown>> = {}): Record<string, unknown> => {
  const body: Record<string, unknown> = {
    recruitYear: '2027',
    nameZh: '计算机学院夏令营',
    nameEn: 'Computer Science Summer Camp',
    departmentId: school.id,
    startsOn: '2027-07-10',
    endsOn: '2027-07-14',
    mode: 'onsite',
    placeZh: '主楼 301',
    placeEn: 'Main Building 301',
    applyOpensAt: '2027-05-01T09:00:00+08:00',
    applyClosesAt: '2027-06-01T17:00:00+08:00',
    confirmClosesAt: '2027-06-20T17:00:00+08:00',
    waitlistConfirmHours: 48,
    ratesCampers: true,
    declineUndoable: false,
    programmes: [
      { programmeId: programmeA, capacity: 30 },
      { programmeId: programmeB, capacity: 20 },
    ],
    ...patch,
  };
  for (const [key, value] of Object.entries(patch)) if (value === undefined) delete body[key];
  return body;
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app, 'admin');
  options = (await post<CampListView>('list', {})).data.options;
  const bySchool = options.departments.map((d) => ({ d, programmes: options.programmes.filter((p) => p.departmentId === d.id) }));
  const first = bySchool.find((s) => s.programmes.length >= 2)!;
  school = { id: first.d.id, nameEn: first.d.nameEn };
  [programmeA, programmeB] = first.programmes.map((p) => p.id) as [number, number];
  elsewhere = options.programmes.find((p) => p.departmentId !== school.id)!.id;
}, 120_000);
afterAll(async () => t?.close());

describe('the office defines the year’s camps', () => {
  let saved: CampView;

  it('offers the schools and their programmes of every degree, and the current year with no camps yet', async () => {
    const view = await list();
    expect(view.recruitYear).toBe('2027');
    expect(view.recruitYears[0]).toBe('2027');
    expect(view.camps).toEqual([]);
    expect(options.departments.length).toBeGreaterThan(1);
    expect(new Set(options.programmes.map((p) => p.degree)).size).toBeGreaterThan(1);
  });

  it('creates a camp, audited, and lists it with its programmes and places', async () => {
    const r = await post<CampView>('save', camp());
    expect(r.code, r.msg).toBe(0);
    saved = r.data;
    expect(saved).toMatchObject({
      version: 1,
      recruitYear: '2027',
      nameEn: 'Computer Science Summer Camp',
      department: { id: school.id, nameEn: school.nameEn },
      startsOn: '2027-07-10',
      endsOn: '2027-07-14',
      mode: 'onsite',
      placeEn: 'Main Building 301',
      applyOpensAt: '2027-05-01T09:00:00+08:00',
      confirmClosesAt: '2027-06-20T17:00:00+08:00',
      waitlistConfirmHours: 48,
      ratesCampers: true,
      declineUndoable: false,
      places: 50,
    });
    expect(saved.programmes.map((p) => [p.programmeId, p.capacity]).sort()).toEqual([
      [programmeA, 30],
      [programmeB, 20],
    ].sort());
    expect((await list()).camps).toEqual([saved]);
    // Camps are a year's: last year's list is its own.
    await t.app.ctx.db.insertInto('recruit_year').values({ year: '2026', is_current: 0, created_at: t.clock.now() }).execute();
    const lastYear = await list('2026');
    expect(lastYear.recruitYears).toEqual(['2027', '2026']);
    expect(lastYear.camps).toEqual([]);
    const audit = await t.app.ctx.db.selectFrom('audit_event').select(['subject', 'detail']).where('event', '=', 'camps.save').executeTakeFirstOrThrow();
    expect(audit.subject).toBe(String(saved.id));
    expect(JSON.parse(audit.detail!)).toMatchObject({ campId: saved.id, before: null, after: { nameEn: 'Computer Science Summer Camp', programmes: expect.any(Array) } });
  });

  it('changes it with the version read, and refuses a change based on an older one', async () => {
    const changed = await post<CampView>('save', camp({ id: saved.id, version: saved.version, mode: 'online', placeZh: null, placeEn: null, programmes: [{ programmeId: programmeA, capacity: 12 }] }));
    expect(changed.code, changed.msg).toBe(0);
    expect(changed.data).toMatchObject({ version: 2, mode: 'online', placeZh: null, placeEn: null, places: 12 });
    expect(changed.data.programmes.map((p) => p.programmeId)).toEqual([programmeA]);

    const before = await stored();
    const stale = await post('save', camp({ id: saved.id, version: saved.version, nameEn: 'Overwritten' }));
    expect(stale.code).toBe(409);
    expect(stale.msg).toBe('Someone changed this camp meanwhile. Reload it and try again.');
    expect(await stored()).toEqual(before);
    const missing = await post('save', camp({ id: 987_654, version: 1 }));
    expect(missing.code).toBe(404);
    expect(await stored()).toEqual(before);

    const audits = await t.app.ctx.db.selectFrom('audit_event').select('detail').where('event', '=', 'camps.save').orderBy('id').execute();
    expect(audits).toHaveLength(2);
    expect(JSON.parse(audits[1]!.detail!)).toMatchObject({ before: { mode: 'onsite' }, after: { mode: 'online', placeEn: null } });
    saved = changed.data;
  });

  it('refuses a programme already in another camp of the year, naming both', async () => {
    const before = await stored();
    const r = await post('save', camp({ nameZh: '第二营', nameEn: 'Second camp', programmes: [{ programmeId: programmeB, capacity: 5 }, { programmeId: programmeA, capacity: 5 }] }));
    expect(r.code).toBe(409);
    const code = options.programmes.find((p) => p.id === programmeA)!.code;
    expect(r.msg).toContain(`The programme ${code} `);
    expect(r.msg).toContain('“Computer Science Summer Camp”');
    const zh = await post('save', camp({ nameZh: '第二营', nameEn: 'Second camp', programmes: [{ programmeId: programmeA, capacity: 5 }] }), { lang: 'zh-CN' });
    expect(zh.msg).toContain('已在本年度的夏令营“计算机学院夏令营”中');
    expect(await stored()).toEqual(before);
    // The programme left free by the change above may join another camp.
    const other = await post<CampView>('save', camp({ nameZh: '第二营', nameEn: 'Second camp', programmes: [{ programmeId: programmeB, capacity: 5 }] }));
    expect(other.code, other.msg).toBe(0);
    expect((await list()).camps.map((c) => c.nameEn)).toEqual(['Computer Science Summer Camp', 'Second camp']);
    expect((await post('delete', { id: other.data.id, version: other.data.version })).code).toBe(0);
  });

  it('refuses a programme of another school than the camp’s, an unknown programme, school or year', async () => {
    const before = await stored();
    const foreign = await post('save', camp({ programmes: [{ programmeId: elsewhere, capacity: 5 }] }));
    expect(foreign.code).toBe(400);
    expect(foreign.msg).toContain(`is not of ${school.nameEn}`);
    // A camp of several schools names none, and may then take both.
    const several = await post<CampView>('save', camp({ departmentId: null, nameEn: 'Joint camp', programmes: [{ programmeId: elsewhere, capacity: 5 }, { programmeId: programmeB, capacity: 5 }] }));
    expect(several.code, several.msg).toBe(0);
    expect(several.data.department).toBeNull();
    expect((await post('delete', { id: several.data.id, version: several.data.version })).code).toBe(0);
    const after = await stored();
    expect(after.camps).toEqual(before.camps);
    expect(after.places).toEqual(before.places);

    expect((await post('save', camp({ programmes: [{ programmeId: 987_654, capacity: 5 }] }))).msg).toBe('There is no programme with the id 987654.');
    expect((await post('save', camp({ departmentId: 987_654 }))).msg).toBe('There is no school with the id 987654.');
    const year = await post('save', camp({ recruitYear: '2031' }));
    expect(year.code).toBe(404);
    expect((await post('list', { recruitYear: '2031' })).code).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('keeps a programme, and the camp, that submitted applications choose; a draft’s choice does not hold them', async () => {
    const db = t.app.ctx.db;
    const camper = await db.selectFrom('app_user').select('id').where('user_register_type', '=', 3).executeTakeFirstOrThrow();
    const form = (status: string) => ({
      user_id: camper.id,
      recruit_year: '2027',
      area: SUMMER_CAMP_AREA,
      status,
      sections_json: JSON.stringify({ choices: [{ programmeId: elsewhere }, { programmeId: programmeA }] }),
      version: 2,
      saved_at: t.clock.now(),
      created_at: t.clock.now(),
    });
    const { id: formId } = await db.insertInto('application_form').values(form('draft')).returning('id').executeTakeFirstOrThrow();
    try {
      const current = (await list()).camps.find((c) => c.id === saved.id)!;
      // A draft holds nothing: the camper is told when they next save or submit.
      const probe = await post<CampView>('save', camp({ id: saved.id, version: current.version, programmes: [{ programmeId: programmeB, capacity: 5 }] }));
      expect(probe.code, probe.msg).toBe(0);
      const back = await post<CampView>('save', camp({ id: saved.id, version: probe.data.version, programmes: [{ programmeId: programmeA, capacity: 12 }] }));
      expect(back.code, back.msg).toBe(0);
      saved = back.data;

      await db.updateTable('application_form').set({ status: 'submitted' }).where('id', '=', formId).execute();
      const before = await stored();
      const drop = await post('save', camp({ id: saved.id, version: saved.version, programmes: [{ programmeId: programmeB, capacity: 5 }] }));
      expect(drop.code).toBe(409);
      expect(drop.msg).toMatch(/^The programme .+ has 1 submitted applications: it stays in this camp\.$/);
      const gone = await post('delete', { id: saved.id, version: saved.version });
      expect(gone.code).toBe(409);
      expect(gone.msg).toBe('1 submitted applications choose this camp’s programmes: the camp cannot be deleted.');
      const moved = await post('save', camp({ id: saved.id, version: saved.version, recruitYear: '2026', programmes: [{ programmeId: programmeA, capacity: 12 }] }));
      expect([moved.code, moved.msg]).toEqual([409, '1 submitted applications of 2027 choose this camp’s programmes: it stays in that year.']);
      expect(await stored()).toEqual(before);
      // An application choosing two of the camp's programmes is one application.
      const both = await post<CampView>('save', camp({ id: saved.id, version: saved.version, programmes: [{ programmeId: programmeA, capacity: 12 }, { programmeId: programmeB, capacity: 5 }] }));
      expect(both.code, both.msg).toBe(0);
      saved = both.data;
      await db.updateTable('application_form').set({ sections_json: JSON.stringify({ choices: [{ programmeId: programmeB }, { programmeId: programmeA }] }) }).where('id', '=', formId).execute();
      expect((await post('delete', { id: saved.id, version: saved.version })).msg).toBe('1 submitted applications choose this camp’s programmes: the camp cannot be deleted.');
    } finally {
      await db.deleteFrom('application_form').where('id', '=', formId).execute();
    }
  });

  it('deletes a camp with the version read, audited; an older version or an unknown camp is refused', async () => {
    const before = await stored();
    const stale = await post('delete', { id: saved.id, version: saved.version - 1 });
    expect(stale.code).toBe(409);
    expect((await post('delete', { id: 987_654, version: 1 })).code).toBe(404);
    expect(await stored()).toEqual(before);
    const r = await post<{ id: number }>('delete', { id: saved.id, version: saved.version });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ id: saved.id });
    expect((await list()).camps).toEqual([]);
    expect(await placeRows()).toEqual([]);
    const audit = await t.app.ctx.db.selectFrom('audit_event').select('detail').where('event', '=', 'camps.delete').where('subject', '=', String(saved.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toMatchObject({ campId: saved.id, before: { nameEn: 'Computer Science Summer Camp' } });
  });
});

describe('camps: bad input gets a message naming the field and writes nothing', () => {
  const badInputs: Array<[string, Partial<Record<keyof SaveCampRequest, unknown>>, string]> = [
    ['missing year', { recruitYear: undefined }, 'Recruitment year: required'],
    ['year of two digits', { recruitYear: '27' }, 'Recruitment year: not in a valid format'],
    ['missing Chinese name', { nameZh: undefined }, 'Name (Chinese): required'],
    ['blank Chinese name', { nameZh: '   ' }, 'Name (Chinese): required'],
    ['English name too long', { nameEn: 'x'.repeat(151) }, 'Name (English): too long'],
    ['school missing (null is a camp of several schools)', { departmentId: undefined }, 'Department: required'],
    ['school of the wrong type', { departmentId: 'cs' }, 'Department: wrong type of value'],
    ['missing first day', { startsOn: undefined }, 'First day: required'],
    ['first day not a date', { startsOn: '2027-02-30' }, 'First day: not in a valid format'],
    ['last day before the first', { endsOn: '2027-07-09' }, 'Last day: the last day is before the first'],
    ['unknown mode', { mode: 'hybrid' }, 'Held: not one of the allowed choices'],
    ['on site without a place', { placeZh: null }, 'Place (Chinese): required for a camp on site'],
    ['on site without an English place', { placeEn: '' }, 'Place (English): required for a camp on site'],
    ['place too long', { placeEn: 'x'.repeat(201) }, 'Place (English): too long'],
    ['moment without its zone', { applyOpensAt: '2027-05-01T09:00' }, 'Applications open: a date and time with its time zone'],
    ['applications close before they open', { applyClosesAt: '2027-04-30T09:00:00+08:00' }, 'Applications close: applications must close after they open'],
    ['confirmation before applications close', { confirmClosesAt: '2027-05-31T09:00:00+08:00' }, 'Confirm by: must be after applications close'],
    ['confirmation after the camp starts in Beijing', { confirmClosesAt: '2027-07-10T00:30:00+08:00' }, 'Confirm by: must be before the camp’s first day'],
    ['waiting-list hours too few', { waitlistConfirmHours: 6 }, 'Hours to confirm a place from the waiting list: too short'],
    ['waiting-list hours too many', { waitlistConfirmHours: 241 }, 'Hours to confirm a place from the waiting list: too long'],
    ['waiting-list hours not whole', { waitlistConfirmHours: 24.5 }, 'Hours to confirm a place from the waiting list: wrong type of value'],
    ['rates campers as text', { ratesCampers: 'yes' }, 'Rates campers: wrong type of value'],
    ['decline rule missing', { declineUndoable: undefined }, 'A decline may be taken back: required'],
    ['no programme', { programmes: [] }, 'Programmes: required'],
    ['a programme twice', { programmes: [{ programmeId: 1, capacity: 3 }, { programmeId: 1, capacity: 4 }] }, 'Programmes, row 2, Programme: this programme is listed twice'],
    ['no places', { programmes: [{ programmeId: 1, capacity: 0 }] }, 'Programmes, row 1, Capacity: too short'],
    ['too many places', { programmes: [{ programmeId: 1, capacity: 501 }] }, 'Programmes, row 1, Capacity: too long'],
    ['a programme of the wrong type', { programmes: [{ programmeId: 'cs', capacity: 3 }] }, 'Programmes, row 1, Programme: wrong type of value'],
    ['an id without its version', { id: 1 }, 'Version: required'],
    ['an unknown field', { budget: 100 } as Record<string, unknown>, 'budget: not an accepted field'],
  ];

  it.each(badInputs)('%s', async (_name, patch, message) => {
    const before = await stored();
    const r = await post('save', camp(patch));
    expect(r.code, r.msg).toBe(400);
    expect(r.msg).toContain(message);
    expect(await stored()).toEqual(before);
  });

  it('names the field in the caller’s language', async () => {
    expect((await post('save', camp({ endsOn: '2027-07-09' }), { lang: 'zh-CN' })).msg).toBe('结束日期：结束日期早于开始日期');
    expect((await post('save', camp({ placeZh: null }), { lang: 'ja' })).msg).toBe('会場（中国語）：対面開催のキャンプでは必須です');
    expect((await post('save', camp({ mode: 'hybrid' }), { lang: 'es' })).msg).toContain('Modalidad');
  });
});

describe('camps are the office’s alone', () => {
  it('refuses every other role, and a caller without a session', async () => {
    const before = await stored();
    const others = await Promise.all((['secretary', 'reviewer', 'sysadmin', 'assessment'] as const).map((who) => signIn(t.app, who)));
    for (const token of others) {
      expect((await post('list', {}, { token })).code).toBe(403);
      expect((await post('save', camp(), { token })).code).toBe(403);
      expect((await post('delete', { id: 1, version: 1 }, { token })).code).toBe(403);
    }
    expect((await call(t.app, `${base}/list`, { body: {} })).code).toBe(401);
    expect(await stored()).toEqual(before);
  });
});
