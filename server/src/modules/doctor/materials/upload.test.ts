import { Readable } from 'node:stream';
import { ID_PHOTO_CATEGORY, type MaterialUploadView, type MaterialsView } from '@gradus/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, call, signIn, type Reply, type TestApp } from '../../../../test/harness';
import { exe, html, jpeg, lazyBody, multipartBody, multipartHeaders, partHead, pdf, png, storedFiles, type Part } from './fixtures';

let t: TestApp;
let doctor: string;
let zhangId: number;
beforeAll(async () => {
  t = await buildTestApp();
  doctor = await signIn(t.app, 'assessment');
  zhangId = (await db().selectFrom('app_user').select('id').where('applicant_number', '=', '2027100001').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

const db = () => t.app.ctx.db;
const UPLOAD = '/mucgrs-service/doctor/materials/upload';

/** Each test starts from an applicant with a draft form and no materials. */
beforeEach(async () => {
  const rows = await db().selectFrom('application_material').select(['id', 'stored_file_id']).where('user_id', '=', zhangId).execute();
  for (const r of rows) {
    await db().deleteFrom('application_material').where('id', '=', r.id).execute();
    await db().deleteFrom('stored_file').where('id', '=', r.stored_file_id).execute();
  }
  await db().deleteFrom('application_form').where('user_id', '=', zhangId).execute();
});

async function send<T = MaterialUploadView>(parts: Part[], lang?: string): Promise<Reply<T>> {
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD,
    headers: { ...multipartHeaders, authorization: `Bearer ${doctor}`, ...(lang ? { 'accept-language': lang } : {}) },
    payload: multipartBody(parts),
  });
  const body = res.json<{ code: number; msg: string; data: T }>();
  return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data, raw: res };
}
const upload = (category: string, filename: string, content: Buffer, extra: Part[] = []) =>
  send([{ name: 'category', value: category }, ...extra, { name: 'file', filename, content }]);

const materialRows = () => db().selectFrom('application_material').selectAll().where('user_id', '=', zhangId).execute();
const list = async () => (await call<MaterialsView>(t.app, '/mucgrs-service/doctor/materials/list', { token: doctor, body: { phase: 'application' } })).data;

describe('upload stores a file checked by its content', () => {
  it('stores a PDF with its record, named with its real extension, listed under its category', async () => {
    const before = storedFiles(t.dataDir).length;
    const r = await upload('transcript', '成绩单.pdf', pdf(2000));
    expect(r.code).toBe(0);
    expect(r.data.file).toMatchObject({ originalName: '成绩单.pdf', sizeBytes: 2000, type: 'pdf', status: 'uploaded' });
    expect(r.data.file.filePath).toMatch(/^\/zsData\/doctor\/transcript\/[0-9a-f-]{36}\.pdf$/);
    expect(storedFiles(t.dataDir)).toHaveLength(before + 1);
    const fetched = await call(t.app, '/mucgrs-service/system/files/getFileByte', { token: doctor, body: { filePath: r.data.file.filePath } });
    expect(fetched.raw.rawPayload.equals(pdf(2000))).toBe(true);
    const transcript = (await list()).categories.find((c) => c.key === 'transcript');
    expect(transcript?.files.map((f) => f.id)).toEqual([r.data.file.id]);
  });

  it('a JPEG named .pdf is accepted where JPG is, and stored as .jpg', async () => {
    const r = await upload('idDocument', 'scan.pdf', jpeg(800, 600));
    expect(r.code).toBe(0);
    expect(r.data.file).toMatchObject({ originalName: 'scan.jpg', type: 'jpg' });
  });

  it.each([
    ['a renamed executable (MZ) as .pdf', 'transcript', 'report.pdf', exe()],
    ['a renamed executable (MZ) as .jpg', 'idDocument', 'photo.jpg', exe()],
    ['HTML saved as .pdf', 'transcript', 'page.pdf', html()],
    ['HTML saved as .jpg', 'idDocument', 'page.jpg', html()],
    ['HTML saved as .jpg for the photo', ID_PHOTO_CATEGORY, 'photo.jpg', html()],
    ['an empty file', 'transcript', 'empty.pdf', Buffer.alloc(0)],
  ])('refuses %s, leaving no file and no record', async (_what, category, name, content) => {
    const before = storedFiles(t.dataDir);
    const r = await upload(category, name, content);
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(category === ID_PHOTO_CATEGORY ? /must be a JPEG/ : /is not a PDF, JPG or PNG file \(judged by its content/);
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect(await materialRows()).toEqual([]);
  });

  it('refuses a real file of a type the category does not accept, naming both', async () => {
    const r = await upload('transcript', 'transcript.png', png(800, 600));
    expect(r.code).toBe(400);
    expect(r.msg).toBe('This category accepts PDF files; the file you chose is a PNG file.');
    const zh = await send([{ name: 'category', value: 'transcript' }, { name: 'file', filename: 'a.jpg', content: jpeg(10, 10) }], 'zh-CN');
    expect(zh.msg).toBe('该类别只接受 PDF 文件，您选择的是 JPG 文件。');
    expect(await materialRows()).toEqual([]);
  });
});

describe('bad multipart input changes nothing', () => {
  it.each<[string, Part[], string]>([
    ['no category', [{ name: 'file', filename: 'a.pdf', content: pdf() }], 'Material category: required'],
    ['an empty category', [{ name: 'category', value: '' }, { name: 'file', filename: 'a.pdf', content: pdf() }], 'Material category: required'],
    ['a malformed category', [{ name: 'category', value: '../etc' }, { name: 'file', filename: 'a.pdf', content: pdf() }], 'Material category: not one of the allowed choices'],
    ['an unknown category', [{ name: 'category', value: 'diploma' }, { name: 'file', filename: 'a.pdf', content: pdf() }], 'There is no material category "diploma".'],
    ['an unknown field', [{ name: 'category', value: 'transcript' }, { name: 'owner', value: '7' }, { name: 'file', filename: 'a.pdf', content: pdf() }], 'owner: not an accepted field'],
    ['a non-numeric replaceFileId', [{ name: 'category', value: 'transcript' }, { name: 'replaceFileId', value: 'x' }, { name: 'file', filename: 'a.pdf', content: pdf() }], 'File to replace: wrong type of value'],
    ['no file', [{ name: 'category', value: 'transcript' }], 'Choose a file to upload.'],
    ['the category after the file', [{ name: 'file', filename: 'a.pdf', content: pdf() }, { name: 'category', value: 'transcript' }], 'Material category: required'],
    ['a field after the file', [{ name: 'category', value: 'transcript' }, { name: 'file', filename: 'a.pdf', content: pdf() }, { name: 'replaceFileId', value: '1' }], 'The material category must be sent before the file.'],
    ['two files', [{ name: 'category', value: 'transcript' }, { name: 'file', filename: 'a.pdf', content: pdf() }, { name: 'file', filename: 'b.pdf', content: pdf() }], 'The request could not be read.'],
  ])('%s', async (_what, parts, message) => {
    const before = storedFiles(t.dataDir);
    const r = await send(parts);
    expect(r.code).toBe(400);
    expect(r.msg).toBe(message);
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect(await materialRows()).toEqual([]);
  });

  it('a JSON body is not an upload', async () => {
    const r = await call(t.app, UPLOAD, { token: doctor, body: { category: 'transcript' } });
    expect(r.code).toBe(400);
    expect(r.msg).toBe('Choose a file to upload.');
  });

  it('needs a doctoral applicant', async () => {
    expect((await call(t.app, UPLOAD, { body: {} })).code).toBe(401);
    const camp = await signIn(t.app, 'camper');
    const r = await t.app.inject({ method: 'POST', url: UPLOAD, headers: { ...multipartHeaders, authorization: `Bearer ${camp}` }, payload: multipartBody([{ name: 'category', value: 'transcript' }, { name: 'file', filename: 'a.pdf', content: pdf() }]) });
    expect(r.json().code).toBe(403);
  });
});

describe('size limits and interrupted uploads', () => {
  it('refuses an oversize file as soon as it passes the limit, before the whole body is read', async () => {
    const before = storedFiles(t.dataDir);
    const head = Buffer.concat([partHead({ name: 'category', value: 'idDocument' }), Buffer.from('idDocument\r\n'), partHead({ name: 'file', filename: 'huge.pdf', content: Buffer.alloc(0) }), Buffer.from('%PDF-1.4\n')]);
    const total = 200 * 1024 * 1024;
    const body = lazyBody(head, total);
    const res = await t.app.inject({ method: 'POST', url: UPLOAD, headers: { ...multipartHeaders, authorization: `Bearer ${doctor}` }, payload: body.stream });
    expect(res.json()).toMatchObject({ code: 400, msg: 'The file is larger than 5 MB, the limit for this category.' });
    // The unread rest is not waited for: the connection closes after the reply.
    expect(res.headers.connection).toBe('close');
    // idDocument allows 5 MB: the server stopped pulling just past the limit, not at the 200 MB offered.
    expect(body.pulled()).toBeLessThan(8 * 1024 * 1024);
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect(await materialRows()).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const r = await upload('idDocument', 'limit.pdf', pdf(5 * 1024 * 1024));
    expect(r.code).toBe(0);
    expect(r.data.file.sizeBytes).toBe(5 * 1024 * 1024);
  });

  it('a body cut off mid-file (a dropped connection) leaves no file and no record', async () => {
    const before = storedFiles(t.dataDir);
    const head = Buffer.concat([partHead({ name: 'category', value: 'transcript' }), Buffer.from('transcript\r\n'), partHead({ name: 'file', filename: 'cut.pdf', content: Buffer.alloc(0) })]);
    const res = await t.app.inject({ method: 'POST', url: UPLOAD, headers: { ...multipartHeaders, authorization: `Bearer ${doctor}` }, payload: Buffer.concat([head, pdf(300_000)]) });
    expect(res.json().code).toBe(400);
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect(await materialRows()).toEqual([]);
  });

  it('a stream that fails mid-file (the client aborts) leaves no file and no record', async () => {
    const before = storedFiles(t.dataDir);
    const head = Buffer.concat([partHead({ name: 'category', value: 'transcript' }), Buffer.from('transcript\r\n'), partHead({ name: 'file', filename: 'abort.pdf', content: Buffer.alloc(0) })]);
    let sent = 0;
    const stream = new Readable({
      read() {
        if (sent === 0) this.push(Buffer.concat([head, pdf(100)]));
        else if (sent < 5) this.push(Buffer.alloc(64 * 1024, 0x20));
        else this.destroy(new Error('client went away'));
        sent++;
      },
    });
    const res = await t.app.inject({ method: 'POST', url: UPLOAD, headers: { ...multipartHeaders, authorization: `Bearer ${doctor}` }, payload: stream }).catch((err: Error) => err);
    if (!(res instanceof Error)) expect(res.json().code).not.toBe(0);
    // Give the server a moment to finish cleaning up after the aborted request.
    await vi.waitFor(() => expect(storedFiles(t.dataDir)).toEqual(before));
    expect(await materialRows()).toEqual([]);
  });

  it('a database failure after the bytes arrived removes the bytes and writes no record', async () => {
    const before = storedFiles(t.dataDir);
    const spy = vi.spyOn(t.app.ctx.db, 'transaction').mockImplementationOnce(() => {
      throw new Error('database went away');
    });
    try {
      const r = await upload('transcript', 't.pdf', pdf());
      expect(r.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect(await materialRows()).toEqual([]);
  });
});

describe('our own failures during an upload are not blamed on the applicant', () => {
  const fsError = (code: string) => Object.assign(new Error(`${code}: simulated`), { code, syscall: 'write' });

  it.each([['the disk is full', 'ENOSPC'], ['storage lacks permission', 'EACCES']])('%s: a logged 5xx, not "invalid body"', async (_name, code) => {
    const before = storedFiles(t.dataDir);
    const spy = vi.spyOn(t.app.ctx.storage, 'save').mockRejectedValueOnce(fsError(code));
    try {
      const r = await upload('transcript', 't.pdf', pdf());
      expect(r.status).toBe(500);
      expect(r.code).toBe(500);
      expect(r.msg).not.toBe('The request could not be read.');
    } finally {
      spy.mockRestore();
    }
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect(await materialRows()).toEqual([]);
  });

  it('the stored photo cannot be read back for its pixel check: a 5xx', async () => {
    const spy = vi.spyOn(t.app.ctx.storage, 'open').mockImplementationOnce(() => {
      throw fsError('EIO');
    });
    try {
      expect((await upload(ID_PHOTO_CATEGORY, 'p.jpg', jpeg(330, 462))).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await materialRows()).toEqual([]);
  });

  it('the database fails while the upload is planned: a 5xx', async () => {
    const db = t.app.ctx.db;
    const original = db.selectFrom.bind(db);
    const spy = vi.spyOn(db, 'selectFrom').mockImplementation(((from: string) => {
      if (typeof from === 'string' && from.startsWith('application_material')) throw new Error('database went away');
      return original(from as never);
    }) as typeof db.selectFrom);
    try {
      expect((await upload('transcript', 't.pdf', pdf())).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await materialRows()).toEqual([]);
  });
});

describe('how many files a category holds', () => {
  it('refuses a file beyond maxFiles with a clear message, and replaces a named file instead', async () => {
    const a = await upload('idDocument', 'front.pdf', pdf());
    const b = await upload('idDocument', 'back.pdf', pdf());
    expect([a.code, b.code]).toEqual([0, 0]);
    const before = storedFiles(t.dataDir);
    const third = await upload('idDocument', 'third.pdf', pdf());
    expect(third.code).toBe(409);
    expect(third.msg).toBe('This category holds at most 2 files; delete or replace one first.');
    expect(storedFiles(t.dataDir)).toEqual(before);
    const replaced = await upload('idDocument', 'front-new.pdf', pdf(900), [{ name: 'replaceFileId', value: String(a.data.file.id) }]);
    expect(replaced.code).toBe(0);
    expect(replaced.data.replacedFileId).toBe(a.data.file.id);
    const files = (await list()).categories.find((c) => c.key === 'idDocument')!.files;
    expect(files.map((f) => f.originalName)).toEqual(['back.pdf', 'front-new.pdf']);
    // The replaced file's bytes went with it: one file in, one out.
    expect(storedFiles(t.dataDir)).toHaveLength(before.length);
  });

  it('replacing needs a file of the same category that the applicant owns', async () => {
    const own = await upload('transcript', 't.pdf', pdf());
    const r = await upload('idDocument', 'x.pdf', pdf(), [{ name: 'replaceFileId', value: String(own.data.file.id) }]);
    expect(r.code).toBe(404);
    expect(r.msg).toBe('The file does not exist or you cannot open it.');
  });

  it('two uploads racing for the last place: exactly one wins', async () => {
    await upload('idDocument', 'one.pdf', pdf());
    const results = await Promise.all([upload('idDocument', 'a.pdf', pdf()), upload('idDocument', 'b.pdf', pdf())]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 409]);
    expect((await materialRows()).filter((r) => r.category === 'idDocument')).toHaveLength(2);
  });
});

describe('the ID photo', () => {
  it('accepts a JPEG within the pixel and size rules; a new one replaces it', async () => {
    const first = await upload(ID_PHOTO_CATEGORY, 'me.jpg', jpeg(330, 462));
    expect(first.code).toBe(0);
    const before = storedFiles(t.dataDir);
    const second = await upload(ID_PHOTO_CATEGORY, 'me2.jpeg', jpeg(413, 579, { bytes: 200_000 }));
    expect(second.code).toBe(0);
    expect(second.data.replacedFileId).toBe(first.data.file.id);
    expect(storedFiles(t.dataDir)).toHaveLength(before.length);
    expect((await materialRows()).map((r) => r.id)).toEqual([second.data.file.id]);
  });

  it.each<[string, Buffer, string]>([
    ['too small', jpeg(200, 300), 'The photo is 200×300 px; it must be at least 295×413 px.'],
    ['too narrow only', jpeg(290, 500), 'The photo is 290×500 px; it must be at least 295×413 px.'],
    ['too big', jpeg(1300, 1700), 'The photo is 1300×1700 px; it must be at most 1200×1600 px.'],
    ['too small one way and too big the other', jpeg(200, 2000), 'The photo is 200×2000 px; it must be between 295×413 and 1200×1600 px.'],
    ['stored landscape without an EXIF turn', jpeg(462, 330), 'The photo is 462×330 px; it must be at least 295×413 px.'],
    ['that an EXIF turn makes landscape', jpeg(330, 462, { orientation: 8 }), 'The photo is 462×330 px; it must be at least 295×413 px.'],
    ['a PNG instead of a JPEG', png(330, 462), 'The ID photo must be a JPEG (.jpg) file; the file you chose is not.'],
    ['a PDF', pdf(), 'The ID photo must be a JPEG (.jpg) file; the file you chose is not.'],
    ['larger than photo.maxKb', jpeg(330, 462, { bytes: 600 * 1024 }), 'The photo file must be at most 500 KB; the one you chose is larger.'],
    ['a JPEG whose size cannot be read', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0]), Buffer.alloc(100)]), "The photo's size in pixels cannot be read; save it again as a standard JPEG."],
  ])('refuses a photo %s, saying what was found', async (_what, content, message) => {
    const before = storedFiles(t.dataDir);
    const r = await upload(ID_PHOTO_CATEGORY, 'photo.jpg', content);
    expect(r.code).toBe(400);
    expect(r.msg).toBe(message);
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect(await materialRows()).toEqual([]);
  });

  it('judges a phone photo by the size people see: stored landscape, turned upright by EXIF', async () => {
    const r = await upload(ID_PHOTO_CATEGORY, 'phone.jpg', jpeg(462, 330, { orientation: 6 }));
    expect(r.code).toBe(0);
  });

  it('states the pixel rule in the caller language', async () => {
    const r = await send([{ name: 'category', value: ID_PHOTO_CATEGORY }, { name: 'file', filename: 'p.jpg', content: jpeg(200, 300) }], 'ja');
    expect(r.msg).toBe('写真は 200×300 px です。295×413 px 以上にしてください。');
  });

  it('a photo size limit above what the upload route reads is not taken: the photo message still speaks', async () => {
    const { setConfigValue } = await import('../../system-config/service');
    try {
      await setConfigValue(db(), t.clock.now(), 'doctor', 'photo.maxKb', String(20 * 1024 + 1));
      expect((await list()).photoRules?.maxKb).toBe(500);
      expect((await upload(ID_PHOTO_CATEGORY, 'p.jpg', jpeg(450, 600, { bytes: 600 * 1024 }))).msg).toBe('The photo file must be at most 500 KB; the one you chose is larger.');
      await setConfigValue(db(), t.clock.now(), 'doctor', 'photo.maxKb', String(20 * 1024));
      expect((await list()).photoRules?.maxKb).toBe(20 * 1024);
    } finally {
      await db().deleteFrom('system_config').where('system_key', '=', 'photo.maxKb').execute();
    }
  });

  it('follows the rules in the configuration', async () => {
    const { setConfigValue } = await import('../../system-config/service');
    await setConfigValue(db(), t.clock.now(), 'doctor', 'photo.minWidth', '400');
    await setConfigValue(db(), t.clock.now(), 'doctor', 'photo.maxKb', '100');
    try {
      expect((await upload(ID_PHOTO_CATEGORY, 'p.jpg', jpeg(330, 462))).msg).toBe('The photo is 330×462 px; it must be at least 400×413 px.');
      expect((await upload(ID_PHOTO_CATEGORY, 'p.jpg', jpeg(450, 600, { bytes: 150 * 1024 }))).msg).toBe('The photo file must be at most 100 KB; the one you chose is larger.');
      expect((await list()).photoRules).toEqual({ minWidth: 400, minHeight: 413, maxWidth: 1200, maxHeight: 1600, maxKb: 100 });
      expect((await upload(ID_PHOTO_CATEGORY, 'p.jpg', jpeg(450, 600))).code).toBe(0);
    } finally {
      await db().deleteFrom('system_config').where('system_key', 'in', ['photo.minWidth', 'photo.maxKb']).execute();
    }
  });
});
