import { Readable } from 'node:stream';
import { RoleKey } from '@gradus/contract';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';
import { findApplicantByNumber } from '../user/repo';
import { keepUpload, receiveUpload } from './service';

let t: TestApp;
let doctorFile: string;
let campFile: string;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500, 32), Buffer.from('\n%%EOF\n')]);

beforeAll(async () => {
  t = await buildTestApp();
  const ctx = t.app.ctx;
  const zhang = await findApplicantByNumber(ctx.db, 1, '2027100001');
  const li = await findApplicantByNumber(ctx.db, 3, '2027300001');
  const a = await receiveUpload(ctx, Readable.from([PDF]), '成绩单.pdf', 1024 * 1024);
  doctorFile = (await keepUpload(ctx, a, { ownerUserId: zhang!.id, category: 'material' })).file_path;
  const b = await receiveUpload(ctx, Readable.from([PDF]), 'camp.pdf', 1024 * 1024);
  campFile = (await keepUpload(ctx, b, { ownerUserId: li!.id, category: 'material', root: '/zsData/SummerCamp/' })).file_path;
});
afterAll(async () => t.close());

const TEMPLATE = '/zsData/download/expert-recommendation-template.pdf';
const fetchFile = (token: string | undefined, body: Record<string, unknown>) =>
  call(t.app, '/mucgrs-service/system/files/getFileByte', { token, body });

describe('getFileByte serves what the caller may read', () => {
  it('serves a public template to any signed-in user with a correct UTF-8 file name', async () => {
    const r = await fetchFile(await signIn(t.app, 'camper'), { filePath: TEMPLATE });
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toBe('application/pdf');
    expect(r.raw.headers['content-disposition']).toBe(
      `attachment; filename="_______.pdf"; filename*=UTF-8''${encodeURIComponent('专家推荐信模板.pdf')}`,
    );
    expect(r.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('serves applicants their own files, named as asked, with the real extension kept', async () => {
    const r = await fetchFile(await signIn(t.app, 'assessment'), { filePath: doctorFile, fileName: 'x', downName: '张伟 "transcript"' });
    expect(r.status).toBe(200);
    expect(r.raw.rawPayload.equals(PDF)).toBe(true);
    expect(r.raw.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('张伟 _transcript_.pdf')}`);
  });

  it.each([['reviewer'], ['admin']] as const)('serves an applicant file to staff (%s)', async (who) => {
    const r = await fetchFile(await signIn(t.app, who), { filePath: campFile });
    expect(r.status).toBe(200);
  });
});

describe('getFileByte refuses', () => {
  const refusals: Array<[string, () => string, number]> = [
    ['relative traversal', () => '../../etc/passwd', 400],
    ['an absolute path', () => '/etc/passwd', 400],
    ['a real path on the server', () => `${t.dataDir}/gradus.sqlite`, 400],
    ['traversal after a root', () => '/zsData/../etc/passwd', 400],
    ['traversal under the template root', () => '/zsData/download/../../etc/passwd', 400],
    ['percent-encoded dots', () => '/zsData/download/%2e%2e/%2e%2e/etc/passwd', 400],
    ['encoded slashes', () => '/zsData/download/..%2F..%2Fetc%2Fpasswd', 400],
    ['double-encoding', () => '/zsData/download/%252e%252e/etc/passwd', 400],
    ['backslashes', () => '/zsData/download/..\\..\\windows\\win.ini', 400],
    ['a Windows drive path', () => 'C:\\Windows\\win.ini', 400],
    ['a file URL', () => 'file:///etc/passwd', 400],
    ['an empty segment', () => '/zsData//etc/passwd', 400],
    ['a dot segment', () => '/zsData/download/./expert-recommendation-template.pdf', 400],
    ['a NUL byte', () => `${TEMPLATE}\u0000.png`, 400],
    ['a newline', () => `${TEMPLATE}\n`, 400],
    ['a root without the slash', () => '/zsDatadownload/x.pdf', 400],
    ['decomposed Unicode', () => '/zsData/download/e\u0301.pdf', 400],
    ['a missing file', () => '/zsData/download/missing.pdf', 404],
    ["another applicant's file", () => campFile, 404],
    ['a near miss of a real key', () => doctorFile.replace('.pdf', '.PDF'), 404],
  ];
  it.each(refusals)('%s', async (_name, filePath, code) => {
    const r = await fetchFile(await signIn(t.app, 'assessment'), { filePath: filePath() });
    expect(r.status).toBe(200);
    expect(r.code).toBe(code);
    expect(r.raw.headers['content-disposition']).toBeUndefined();
  });

  it.each([
    [{}, 'File path: required'],
    [{ filePath: '' }, 'File path: required'],
    [{ filePath: 42 }, 'File path: wrong type of value'],
    [{ filePath: `/zsData/${'a'.repeat(500)}` }, 'File path: too long'],
    [{ filePath: TEMPLATE, downName: 'n'.repeat(256) }, 'Download name: too long'],
  ])('bad input %o -> "%s"', async (body, message) => {
    const r = await fetchFile(await signIn(t.app, 'assessment'), body);
    expect(r.code).toBe(400);
    expect(r.msg).toBe(message);
  });

  it('needs a session', async () => {
    expect((await fetchFile(undefined, { filePath: TEMPLATE })).code).toBe(401);
  });
});

describe("one doctoral applicant and another's materials", () => {
  it("applicant B asking for applicant A's material gets exactly the reply of an unknown file", async () => {
    const b = await signIn(t.app, 'successive');
    const theirs = await fetchFile(b, { filePath: doctorFile });
    const unknown = await fetchFile(b, { filePath: doctorFile.replace(/[0-9a-f]{8}/, '00000000') });
    expect(theirs.code).toBe(404);
    expect({ code: theirs.code, msg: theirs.msg, status: theirs.status, body: theirs.raw.body }).toEqual({ code: unknown.code, msg: unknown.msg, status: unknown.status, body: unknown.raw.body });
    expect(theirs.raw.headers['content-disposition']).toBeUndefined();
    // A's own request still works: the refusal is about who asks.
    expect((await fetchFile(await signIn(t.app, 'assessment'), { filePath: doctorFile })).status).toBe(200);
  });
});

describe('a deployment without the demo seed (production) serves the templates', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp({ seed: 'none' });
    const { createStaff } = await import('../user/repo');
    const { hashSecret } = await import('../../lib/passwords');
    await createStaff(bare.app.ctx.db, bare.clock.now(), { loginName: 'admin', name: '管理员', roleKeys: [RoleKey.ADMIN], passwordHash: await hashSecret(DEMO_PASSWORD) });
  });
  afterAll(async () => bare.close());

  it('the expert-recommendation template is there for the download link', async () => {
    const r = await call(bare.app, '/mucgrs-service/system/files/getFileByte', { token: await signIn(bare.app, 'admin'), body: { filePath: TEMPLATE } });
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toBe('application/pdf');
    expect(r.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
