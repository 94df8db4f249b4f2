import { DEFAULT_TMS_MATERIAL_CATEGORIES, RegisterType, TMS_AREA, TMS_PLEDGE_TEMPLATE, type MaterialsView, type MaterialUploadView } from '@gradus/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type DemoAccount, type Reply, type TestApp } from '../../../../test/harness';
import { jpeg, multipartBody, multipartHeaders, pdf, png, storedFiles } from '../../doctor/materials/fixtures';
import { tmsMissingMaterials } from './required';

/**
 * The tuimian applicant's materials (issue #11, menu tmsUploadFile) on the shared materials engine:
 * the tms categories and their rules, each refusal with its message in the caller's language and
 * nothing kept, the lock once the form is submitted, and nobody else's calls. (The engine's own
 * edge cases are the doctoral and camp tests'.)
 */
const LIST = '/mucgrs-service/tms/materials/list';
const UPLOAD = '/mucgrs-service/tms/materials/upload';
const DELETE = '/mucgrs-service/tms/materials/delete';

let t: TestApp;
let wang: string;
const who = { userId: 0, recruitYear: '', registerType: RegisterType.TUIMIAN };
const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await buildTestApp();
  wang = await signIn(t.app, 'tuimian');
  const row = await db().selectFrom('app_user').select(['id', 'recruit_year']).where('applicant_number', '=', '2027500001').executeTakeFirstOrThrow();
  Object.assign(who, { userId: row.id, recruitYear: row.recruit_year! });
});
afterAll(async () => t.close());

/** Each test starts with 王芳 holding no materials and no form. */
beforeEach(async () => {
  const rows = await db().selectFrom('application_material').select(['id', 'stored_file_id']).where('user_id', '=', who.userId).execute();
  for (const r of rows) {
    await db().deleteFrom('application_material').where('id', '=', r.id).execute();
    await db().deleteFrom('stored_file').where('id', '=', r.stored_file_id).execute();
  }
  await db().deleteFrom('application_form').where('user_id', '=', who.userId).execute();
});

async function upload(category: string, content: Buffer, filename = 'file.pdf', opts: { token?: string; lang?: string } = {}): Promise<Reply<MaterialUploadView>> {
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD,
    headers: { ...multipartHeaders, authorization: `Bearer ${opts.token ?? wang}`, ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
    payload: multipartBody([{ name: 'category', value: category }, { name: 'file', filename, content }]),
  });
  return { status: res.statusCode, ...res.json<{ code: number; msg: string; data: MaterialUploadView }>(), raw: res };
}
const list = (phase: unknown = 'application', opts: { token?: string; lang?: string } = {}) => call<MaterialsView>(t.app, LIST, { token: opts.token ?? wang, body: { phase }, ...(opts.lang ? { lang: opts.lang } : {}) });
const remove = (fileId: unknown, token = wang) => call(t.app, DELETE, { token, body: { fileId } });
const rows = () => db().selectFrom('application_material').selectAll().where('user_id', '=', who.userId).orderBy('id').execute();

it('lists the tuimian categories with their rules, the integrity pledge with its template', async () => {
  const r = await list();
  expect(r.code, r.msg).toBe(0);
  expect(r.data.categories.map((c) => c.key)).toEqual(DEFAULT_TMS_MATERIAL_CATEGORIES.map((c) => c.key));
  expect(r.data.categories.find((c) => c.key === 'integrityPledge')).toMatchObject({ required: true, template: TMS_PLEDGE_TEMPLATE, maxFiles: 1 });
  expect(r.data.categories.find((c) => c.key === 'refereeLetter')).toMatchObject({ minFiles: 2, maxFiles: 2, types: ['pdf'] });
  expect(r.data).toMatchObject({ lock: null, requiredDone: 0 });
});

it('stores a good file under the tms area, and deletes it with its bytes', async () => {
  const before = storedFiles(t.dataDir);
  const up = await upload('recommendationCertificate', png(800, 600), '推荐证明.png');
  expect(up.code, up.msg).toBe(0);
  expect(up.data.file.filePath).toMatch(/^\/zsData\/tms\/recommendationCertificate\/[0-9a-f-]{36}\.png$/);
  expect((await rows()).map((r) => [r.area, r.category])).toEqual([[TMS_AREA, 'recommendationCertificate']]);
  expect((await remove(up.data.file.id)).code).toBe(0);
  expect(storedFiles(t.dataDir)).toEqual(before);
  expect(await rows()).toEqual([]);
});

describe('refuses, with a clear message in the caller’s language, and keeps nothing', () => {
  it.each<[string, () => Promise<Reply<MaterialUploadView>>, number, string]>([
    ['a type the category does not take', () => upload('transcript', jpeg(400, 600), 'transcript.jpg'), 400, 'This category accepts PDF files; the file you chose is a JPG file.'],
    ['a file above the category’s limit', () => upload('personalStatement', pdf(5 * 1024 * 1024 + 1024)), 400, 'The file is larger than 5 MB, the limit for this category.'],
    ['an unknown category', () => upload('diploma', pdf()), 400, 'There is no material category "diploma".'],
    ['a doctoral-only category', () => upload('researchProposal', pdf()), 400, 'There is no material category "researchProposal".'],
    ['the same in Chinese', () => upload('transcript', png(10, 10), 'a.png', { lang: 'zh-CN' }), 400, '该类别只接受 PDF 文件，您选择的是 PNG 文件。'],
  ])('%s', async (_what, attempt, code, message) => {
    const before = storedFiles(t.dataDir);
    const r = await attempt();
    expect(r.code).toBe(code);
    expect(r.msg).toBe(message);
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect(await rows()).toEqual([]);
  });

  it('a one-file category takes a new file in place of the old, bytes and all', async () => {
    const before = storedFiles(t.dataDir).length;
    expect((await upload('integrityPledge', pdf(1000), 'pledge.pdf')).code).toBe(0);
    const again = await upload('integrityPledge', pdf(2000), 'signed.pdf');
    expect(again.code, again.msg).toBe(0);
    expect(await rows()).toHaveLength(1);
    expect((await list()).data.categories.find((c) => c.key === 'integrityPledge')?.files.map((f) => f.originalName)).toEqual(['signed.pdf']);
    expect(storedFiles(t.dataDir)).toHaveLength(before + 1);
  });

  it('a third referee letter', async () => {
    expect((await upload('refereeLetter', pdf(), 'one.pdf')).code).toBe(0);
    expect((await upload('refereeLetter', pdf(), 'two.pdf')).code).toBe(0);
    const before = [storedFiles(t.dataDir), await rows()];
    const r = await upload('refereeLetter', pdf(), 'three.pdf');
    expect(r.code).toBe(409);
    expect(r.msg).toBe('This category holds at most 2 files; delete or replace one first.');
    expect([storedFiles(t.dataDir), await rows()]).toEqual(before);
  });

  it('the supplementary phase and a malformed list request', async () => {
    expect((await list('supplementary')).code).toBe(400);
    const bad = await list('final');
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('Materials stage: not one of the allowed choices');
  });

  it('after the form is submitted: no upload, no delete', async () => {
    const kept = await upload('transcript', pdf());
    const now = t.clock.now();
    await db().insertInto('application_form').values({ user_id: who.userId, recruit_year: who.recruitYear, area: TMS_AREA, status: 'submitted', sections_json: '{}', version: 1, saved_at: now, submitted_at: now, created_at: now }).execute();
    const before = [storedFiles(t.dataDir), await rows()];
    const up = await upload('idDocument', pdf());
    expect(up.code).toBe(403);
    expect(up.msg).toBe('Your form has been submitted, so these materials can no longer be changed.');
    const gone = await remove(kept.data.file.id);
    expect(gone.code).toBe(403);
    expect([storedFiles(t.dataDir), await rows()]).toEqual(before);
  });
});

it('one referee letter leaves the category missing; two complete it', async () => {
  await upload('refereeLetter', pdf(), 'first.pdf');
  expect(await tmsMissingMaterials(db(), who)).toContain('refereeLetter');
  await upload('refereeLetter', pdf(), 'second.pdf');
  expect(await tmsMissingMaterials(db(), who)).not.toContain('refereeLetter');
});

describe('who may call', () => {
  it.each<DemoAccount>(['admin', 'secretary', 'camper', 'assessment'])('%s is refused (403) on every call, and 王芳’s files are not theirs', async (other) => {
    expect((await upload('transcript', pdf())).code).toBe(0);
    const mine = await rows();
    const token = await signIn(t.app, other);
    expect((await list('application', { token })).code).toBe(403);
    expect((await upload('transcript', pdf(), 'a.pdf', { token })).code).toBe(403);
    expect((await remove(mine[0]!.id, token)).code).toBe(403);
    expect(await rows()).toEqual(mine);
  });

  it('nobody signed in is asked to sign in', async () => {
    expect((await call(t.app, LIST, { body: { phase: 'application' } })).code).toBe(401);
    expect((await call(t.app, DELETE, { body: { fileId: 1 } })).code).toBe(401);
  });
});
