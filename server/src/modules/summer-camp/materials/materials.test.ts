import { Readable } from 'node:stream';
import { DEFAULT_CAMP_MATERIAL_CATEGORIES, DOCTOR_AREA, ID_PHOTO_CATEGORY, RegisterType, SUMMER_CAMP_AREA, type MaterialsView, type MaterialUploadView } from '@gradus/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertApplications } from '../../../../test/application-factory';
import { buildTestApp, call, signIn, type DemoAccount, type Reply, type TestApp } from '../../../../test/harness';
import { jpeg, multipartBody, multipartHeaders, pdf, png, storedFiles } from '../../doctor/materials/fixtures';
import { commitUpload, planUpload, receiveMaterial } from '../../materials/service';
import { CAMP_MATERIALS } from './area';
import { campMissingMaterials } from './required';

const LIST = '/mucgrs-service/summerCamp/materials/list';
const UPLOAD = '/mucgrs-service/summerCamp/materials/upload';
const DELETE = '/mucgrs-service/summerCamp/materials/delete';

let t: TestApp;
let camper: string;
let doctor: string;
/** 李娜, the demo camper, and a second camper written straight into the tables (never signs in). */
const li = { userId: 0, recruitYear: '', registerType: RegisterType.SUMMER_CAMP };
const other = { userId: 0, recruitYear: '', registerType: RegisterType.SUMMER_CAMP };
let doctorId = 0;

const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await buildTestApp();
  camper = await signIn(t.app, 'camper');
  doctor = await signIn(t.app, 'assessment');
  const row = await db().selectFrom('app_user').select(['id', 'recruit_year']).where('applicant_number', '=', '2027300001').executeTakeFirstOrThrow();
  Object.assign(li, { userId: row.id, recruitYear: row.recruit_year! });
  doctorId = (await db().selectFrom('app_user').select('id').where('applicant_number', '=', '2027100001').executeTakeFirstOrThrow()).id;
  const [otherId] = await insertApplications(db(), t.clock.now(), [
    { number: '2027309999', name: '赵敏', registerType: RegisterType.SUMMER_CAMP, recruitYear: li.recruitYear, area: SUMMER_CAMP_AREA, departmentId: null, programmeId: null, formStatus: 'draft', savedAt: t.clock.now(), submittedAt: null, paid: false, photo: 'missing', qualification: 'pending' },
  ]);
  Object.assign(other, { userId: otherId!, recruitYear: li.recruitYear });
});
afterAll(async () => t.close());

/** Each test starts with campers and the doctoral applicant holding no materials and no form. */
beforeEach(async () => {
  for (const id of [li.userId, other.userId, doctorId]) {
    const rows = await db().selectFrom('application_material').select(['id', 'stored_file_id']).where('user_id', '=', id).execute();
    for (const r of rows) {
      await db().deleteFrom('application_material').where('id', '=', r.id).execute();
      await db().deleteFrom('stored_file').where('id', '=', r.stored_file_id).execute();
    }
  }
  await db().deleteFrom('application_form').where('user_id', '=', li.userId).execute();
});

async function send(parts: Parameters<typeof multipartBody>[0], opts: { token?: string; lang?: string } = {}): Promise<Reply<MaterialUploadView>> {
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD,
    headers: { ...multipartHeaders, authorization: `Bearer ${opts.token ?? camper}`, ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
    payload: multipartBody(parts),
  });
  const body = res.json<{ code: number; msg: string; data: MaterialUploadView }>();
  return { status: res.statusCode, ...body, raw: res };
}
const upload = (category: string, content: Buffer, filename = 'file.pdf', opts: { token?: string; lang?: string } = {}) =>
  send([{ name: 'category', value: category }, { name: 'file', filename, content }], opts);
const list = (phase: unknown = 'application', opts: { token?: string; lang?: string } = {}) =>
  call<MaterialsView>(t.app, LIST, { token: opts.token ?? camper, body: { phase }, ...(opts.lang ? { lang: opts.lang } : {}) });
const remove = (fileId: unknown, token = camper) => call(t.app, DELETE, { token, body: { fileId } });
const rowsOf = (userId: number) => db().selectFrom('application_material').selectAll().where('user_id', '=', userId).orderBy('id').execute();

async function submitCampForm(): Promise<void> {
  t.clock.advance(1000);
  const now = t.clock.now();
  await db().insertInto('application_form').values({ user_id: li.userId, recruit_year: li.recruitYear, area: SUMMER_CAMP_AREA, status: 'submitted', sections_json: '{}', version: 1, saved_at: now, submitted_at: now, created_at: now }).execute();
  t.clock.advance(1000);
}

describe('list', () => {
  it("shows the camp's categories, not the doctoral ones, with their rules and the required count", async () => {
    const r = await list();
    expect(r.code).toBe(0);
    expect(r.data.categories.map((c) => c.key)).toEqual(['idPhoto', 'idDocument', 'transcript', 'rankCertificate', 'englishCertificate', 'refereeLetter']);
    expect(r.data.categories.map((c) => c.key)).toEqual(DEFAULT_CAMP_MATERIAL_CATEGORIES.map((c) => c.key));
    expect(r.data).toMatchObject({ phase: 'application', lock: null, requiredCount: 5, requiredDone: 0 });
    expect(r.data.photoRules).toEqual({ minWidth: 295, minHeight: 413, maxWidth: 1200, maxHeight: 1600, maxKb: 500 });
    expect(r.data.categories.find((c) => c.key === 'refereeLetter')).toMatchObject({ required: true, types: ['pdf'], minFiles: 2, maxFiles: 2, canUpload: true, files: [] });
    expect(r.data.categories.find((c) => c.key === 'englishCertificate')).toMatchObject({ required: false, minFiles: 1 });
    expect(r.data.categories.find((c) => c.key === ID_PHOTO_CATEGORY)).toMatchObject({ isPhoto: true, types: ['jpg'], maxKb: 500, maxFiles: 1 });
  });

  it('follows the summerCamp area’s own configuration, which leaves the doctoral list as it was', async () => {
    const { setConfigValue } = await import('../../system-config/service');
    const only = [{ key: ID_PHOTO_CATEGORY, required: true, types: ['jpg'], maxKb: 500, maxFiles: 1, phase: 'application', template: null }];
    await setConfigValue(db(), t.clock.now(), SUMMER_CAMP_AREA, 'materials.categories', JSON.stringify(only));
    try {
      expect((await list()).data.categories.map((c) => c.key)).toEqual([ID_PHOTO_CATEGORY]);
      const theirs = await call<MaterialsView>(t.app, '/mucgrs-service/doctor/materials/list', { token: doctor, body: { phase: 'application' } });
      expect(theirs.data.categories.map((c) => c.key)).toContain('researchProposal');
    } finally {
      await db().deleteFrom('system_config').where('system_type', '=', SUMMER_CAMP_AREA).where('system_key', '=', 'materials.categories').execute();
    }
  });

  it('refuses the supplementary phase: a camp has none', async () => {
    const r = await list('supplementary');
    expect(r.code).toBe(400);
    expect(r.msg).toBe('There are no supplementary materials here: upload your materials with your application.');
    expect((await list('supplementary', { lang: 'zh-CN' })).msg).toBe('此处没有补充材料：请随报名一并上传材料。');
  });

  it('refuses a malformed request with the field named', async () => {
    const r = await call(t.app, LIST, { token: camper, body: { phase: 'final' } });
    expect(r.code).toBe(400);
    expect(r.msg).toBe('Materials stage: not one of the allowed choices');
  });
});

describe('upload', () => {
  it('stores good files under the camp, listed under their categories', async () => {
    const before = storedFiles(t.dataDir).length;
    const photo = await upload(ID_PHOTO_CATEGORY, jpeg(330, 462), 'me.jpg');
    expect(photo.code).toBe(0);
    const transcript = await upload('transcript', pdf(2000), '成绩单.pdf');
    expect(transcript.code).toBe(0);
    expect(transcript.data.file).toMatchObject({ originalName: '成绩单.pdf', sizeBytes: 2000, type: 'pdf', status: 'uploaded' });
    expect(transcript.data.file.filePath).toMatch(/^\/zsData\/summerCamp\/transcript\/[0-9a-f-]{36}\.pdf$/);
    const rank = await upload('rankCertificate', png(800, 600), 'rank.png');
    expect(rank.data.file).toMatchObject({ type: 'png' });
    expect(storedFiles(t.dataDir)).toHaveLength(before + 3);
    expect((await rowsOf(li.userId)).map((r) => [r.area, r.category])).toEqual([
      [SUMMER_CAMP_AREA, ID_PHOTO_CATEGORY],
      [SUMMER_CAMP_AREA, 'transcript'],
      [SUMMER_CAMP_AREA, 'rankCertificate'],
    ]);
    const fetched = await call(t.app, '/mucgrs-service/system/files/getFileByte', { token: camper, body: { filePath: transcript.data.file.filePath } });
    expect(fetched.raw.rawPayload.equals(pdf(2000))).toBe(true);
    const view = (await list()).data;
    expect(view.categories.find((c) => c.key === 'transcript')?.files.map((f) => f.id)).toEqual([transcript.data.file.id]);
    expect(view.requiredDone).toBe(3);
  });

  describe('refuses, with a clear message, and keeps nothing', () => {
    it.each<[string, () => Promise<Reply<MaterialUploadView>>, number, string]>([
      ['a type the category does not take', () => upload('transcript', png(800, 600), 'transcript.png'), 400, 'This category accepts PDF files; the file you chose is a PNG file.'],
      ['a file above the category’s limit', () => upload('refereeLetter', pdf(5 * 1024 * 1024 + 1024)), 400, 'The file is larger than 5 MB, the limit for this category.'],
      ['a photo below the pixel rule', () => upload(ID_PHOTO_CATEGORY, jpeg(200, 300), 'p.jpg'), 400, 'The photo is 200×300 px; it must be at least 295×413 px.'],
      ['an unknown category', () => upload('diploma', pdf()), 400, 'There is no material category "diploma".'],
      ['a doctoral-only category', () => upload('researchProposal', pdf()), 400, 'There is no material category "researchProposal".'],
      ['the doctoral supplementary category', () => upload('supplementary', pdf()), 400, 'There is no material category "supplementary".'],
    ])('%s', async (_what, attempt, code, message) => {
      const before = storedFiles(t.dataDir);
      const r = await attempt();
      expect(r.code).toBe(code);
      expect(r.msg).toBe(message);
      expect(storedFiles(t.dataDir)).toEqual(before);
      expect(await rowsOf(li.userId)).toEqual([]);
    });

    it('in the caller’s language', async () => {
      const r = await upload('transcript', jpeg(10, 10), 'a.jpg', { lang: 'zh-CN' });
      expect(r.msg).toBe('该类别只接受 PDF 文件，您选择的是 JPG 文件。');
      expect((await upload('researchProposal', pdf(), 'a.pdf', { lang: 'ja' })).code).toBe(400);
      expect(await rowsOf(li.userId)).toEqual([]);
    });

    it('a third referee letter', async () => {
      expect((await upload('refereeLetter', pdf(), 'one.pdf')).code).toBe(0);
      expect((await upload('refereeLetter', pdf(), 'two.pdf')).code).toBe(0);
      const before = storedFiles(t.dataDir);
      const rows = await rowsOf(li.userId);
      const r = await upload('refereeLetter', pdf(), 'three.pdf');
      expect(r.code).toBe(409);
      expect(r.msg).toBe('This category holds at most 2 files; delete or replace one first.');
      expect(storedFiles(t.dataDir)).toEqual(before);
      expect(await rowsOf(li.userId)).toEqual(rows);
    });

    it('after the camp form is submitted: no upload, no delete', async () => {
      const kept = await upload('transcript', pdf());
      await submitCampForm();
      const before = storedFiles(t.dataDir);
      const rows = await rowsOf(li.userId);
      const r = await upload('idDocument', pdf());
      expect(r.code).toBe(403);
      expect(r.msg).toBe('Your form has been submitted, so these materials can no longer be changed.');
      const gone = await remove(kept.data.file.id);
      expect(gone.code).toBe(403);
      expect(gone.msg).toBe('Your form has been submitted, so these materials can no longer be changed.');
      expect(storedFiles(t.dataDir)).toEqual(before);
      expect(await rowsOf(li.userId)).toEqual(rows);
      expect((await list()).data).toMatchObject({ lock: 'submitted' });
      expect((await list()).data.categories.every((c) => !c.canUpload && !c.canDelete)).toBe(true);
    });
  });
});

describe('delete', () => {
  it('deletes an own file with its stored bytes', async () => {
    const before = storedFiles(t.dataDir);
    const up = await upload('idDocument', pdf());
    const r = await remove(up.data.file.id);
    expect(r.code).toBe(0);
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect(await rowsOf(li.userId)).toEqual([]);
  });

  it("another camper's file is 'not found' and nothing changes", async () => {
    const plan = await planUpload(t.app.ctx, CAMP_MATERIALS, other, { category: 'transcript' });
    await commitUpload(t.app.ctx, CAMP_MATERIALS, other, plan, await receiveMaterial(t.app.ctx, plan, Readable.from([pdf()]), 'theirs.pdf'));
    const [theirs] = await rowsOf(other.userId);
    const before = storedFiles(t.dataDir);
    const r = await remove(theirs!.id);
    expect(r.code).toBe(404);
    expect(await rowsOf(other.userId)).toEqual([theirs]);
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect((await list()).data.categories.flatMap((c) => c.files)).toEqual([]);
  });

  it("a doctoral applicant's file is not the camper's either", async () => {
    const theirs = await call<MaterialsView>(t.app, '/mucgrs-service/doctor/materials/list', { token: doctor, body: { phase: 'application' } });
    expect(theirs.code).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/mucgrs-service/doctor/materials/upload',
      headers: { ...multipartHeaders, authorization: `Bearer ${doctor}` },
      payload: multipartBody([{ name: 'category', value: 'transcript' }, { name: 'file', filename: 'd.pdf', content: pdf() }]),
    });
    const id = res.json<{ data: MaterialUploadView }>().data.file.id;
    expect((await remove(id)).code).toBe(404);
    expect(await rowsOf(doctorId)).toHaveLength(1);
  });
});

describe('who may call', () => {
  const calls: Array<[string, (token: string) => Promise<{ code: number }>]> = [
    ['list', (token) => list('application', { token })],
    ['upload', (token) => upload('transcript', pdf(), 'a.pdf', { token })],
    ['delete', (token) => remove(1, token)],
  ];

  it.each<DemoAccount>(['admin', 'reviewer', 'secretary', 'assessment', 'tuimian'])('%s is refused (403) on every call', async (who) => {
    const token = await signIn(t.app, who);
    for (const [name, attempt] of calls) expect((await attempt(token)).code, name).toBe(403);
    expect(await rowsOf(li.userId)).toEqual([]);
  });

  it('nobody signed in is asked to sign in', async () => {
    expect((await call(t.app, LIST, { body: { phase: 'application' } })).code).toBe(401);
    expect((await call(t.app, DELETE, { body: { fileId: 1 } })).code).toBe(401);
  });
});

describe('minFiles', () => {
  it('one referee letter still leaves the category missing; two complete it', async () => {
    const required = DEFAULT_CAMP_MATERIAL_CATEGORIES.filter((c) => c.required).map((c) => c.key);
    expect(await campMissingMaterials(db(), li)).toEqual(required);
    await upload('refereeLetter', pdf(), 'first.pdf');
    expect(await campMissingMaterials(db(), li)).toContain('refereeLetter');
    expect((await list()).data.requiredDone).toBe(0);
    await upload('refereeLetter', pdf(), 'second.pdf');
    expect(await campMissingMaterials(db(), li)).not.toContain('refereeLetter');
    expect((await list()).data.requiredDone).toBe(1);
    for (const [category, content, name] of [
      [ID_PHOTO_CATEGORY, jpeg(330, 462), 'me.jpg'],
      ['idDocument', pdf(), 'id.pdf'],
      ['transcript', pdf(), 't.pdf'],
      ['rankCertificate', pdf(), 'r.pdf'],
    ] as const) {
      expect((await upload(category, content, name)).code).toBe(0);
    }
    expect(await campMissingMaterials(db(), li)).toEqual([]);
    expect((await list()).data).toMatchObject({ requiredCount: 5, requiredDone: 5 });
  });
});

describe('the back office configures the camp’s categories', () => {
  const configCall = (token: string, path: string, body: unknown, lang = 'en') => call<{ areas: Array<{ area: string; entries: Array<{ key: string; updatedAt: string | null }> }> }>(t.app, `/mucgrs-service/staff/config/${path}`, { token, body, lang });

  it('as the summerCamp area’s own key, refusing a category needing more files than it holds', async () => {
    const sysadmin = await signIn(t.app, 'sysadmin');
    const entries = (await configCall(sysadmin, 'list', {})).data.areas.find((a) => a.area === SUMMER_CAMP_AREA)!.entries;
    expect(entries.map((e) => e.key)).toEqual(expect.arrayContaining(['materials.categories', 'photo.minWidth', 'photo.maxKb']));
    const seenAt = entries.find((e) => e.key === 'materials.categories')!.updatedAt;
    const letters = DEFAULT_CAMP_MATERIAL_CATEGORIES.map((c) => (c.key === 'refereeLetter' ? { ...c, minFiles: 3 } : c));
    const r = await configCall(sysadmin, 'update', { area: SUMMER_CAMP_AREA, key: 'materials.categories', value: JSON.stringify(letters), seenAt });
    expect(r.code).toBe(400);
    expect(r.msg).toBe('Material categories, row 6, minFiles: the files a category needs (minFiles) cannot be more than the files it holds (maxFiles)');
    // A supplementary category would never be shown nor required: a camp's materials go with the application.
    const later = [...DEFAULT_CAMP_MATERIAL_CATEGORIES, { key: 'afterCamp', required: true, types: ['pdf'], maxKb: 1024, maxFiles: 1, phase: 'supplementary', template: null }];
    const phase = await configCall(sysadmin, 'update', { area: SUMMER_CAMP_AREA, key: 'materials.categories', value: JSON.stringify(later), seenAt });
    expect([phase.code, phase.msg]).toEqual([400, 'Material categories: a summer camp’s materials are uploaded with the application: every category’s phase is “application”']);
    const stored = await db().selectFrom('system_config').select('system_key').where('system_type', '=', SUMMER_CAMP_AREA).where('system_key', '=', 'materials.categories').execute();
    expect(stored).toEqual([]);
  });
});

describe('the doctoral materials', () => {
  it("are unaffected by the camper's uploads", async () => {
    await upload('transcript', pdf());
    await upload(ID_PHOTO_CATEGORY, jpeg(330, 462), 'me.jpg');
    const theirs = await call<MaterialsView>(t.app, '/mucgrs-service/doctor/materials/list', { token: doctor, body: { phase: 'application' } });
    expect(theirs.data.categories.flatMap((c) => c.files)).toEqual([]);
    expect(await rowsOf(doctorId)).toEqual([]);
    expect((await rowsOf(li.userId)).every((r) => r.area === SUMMER_CAMP_AREA)).toBe(true);
    expect((await rowsOf(li.userId)).some((r) => r.area === DOCTOR_AREA)).toBe(false);
  });
});
