import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_PHOTO_CATEGORY, maskIdNumber, type TicketResultView, type TicketVerification } from '@gradus/contract';
import { buildTestApp, call, type TestApp, runAdmin } from '../../../../test/harness';
import { pdfQrCodes, pdfText } from '../../../../test/pdf';
import { keepUpload, receiveUpload } from '../../files/service';
import { newDoctoralApplicant, withdrawAll, type TestApplicant } from './fixtures/applicants';

const PHOTO = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/id-photo.jpg'));
/** Another valid JPEG (a comment segment after the start marker), so the PDF shows which one it took. */
const comment = Buffer.from('a later photo');
const OTHER_PHOTO = Buffer.concat([PHOTO.subarray(0, 2), Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment, PHOTO.subarray(2)]);
const ARRANGEMENT = ['--subject', '英语 English', '--starts', '2027-03-15T09:00:00+08:00', '--ends', '2027-03-15T11:30:00+08:00', '--venue', '民族大学 Main Building', '--room', '305', '--seat', '17'];

async function giveIdPhoto(t: TestApp, who: TestApplicant, status: 'uploaded' | 'approved' | 'rejected' = 'approved', bytes = PHOTO): Promise<string> {
  const ctx = t.app.ctx;
  const upload = await receiveUpload(ctx, Readable.from([bytes]), 'photo.jpg', 1024 * 1024);
  const file = await keepUpload(ctx, upload, { ownerUserId: who.userId, category: 'material' });
  await ctx.db
    .insertInto('application_material')
    .values({ user_id: who.userId, recruit_year: who.recruitYear, area: 'doctor', category: ID_PHOTO_CATEGORY, stored_file_id: file.id, status, review_reason: null, reviewed_at: t.clock.now(), created_at: t.clock.now() })
    .execute();
  return (await ctx.db.selectFrom('stored_file').select('file_path').where('id', '=', file.id).executeTakeFirstOrThrow()).file_path;
}

const adminOf = (t: TestApp) => (...argv: string[]) => runAdmin(t, ...argv);
const verifyPath = (url: string) => new URL(url).pathname;

let t: TestApp;
let admin: ReturnType<typeof adminOf>;
let a: TestApplicant; // qualified for both exams, with an ID photo
let b: TestApplicant; // qualified for the language exam, a photo not yet reviewed
let approvedPathOfA: string;
let c: TestApplicant; // failed the qualification review: no ticket
const codes: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = adminOf(t);
  await withdrawAll(t);
  a = await newDoctoralApplicant(t, '欧阳娜娜');
  b = await newDoctoralApplicant(t, '李雷');
  c = await newDoctoralApplicant(t, '韩梅梅');
  approvedPathOfA = await giveIdPhoto(t, a);
  // Later photos that are not (or not yet) approved must not replace the approved one on the ticket.
  await giveIdPhoto(t, a, 'rejected', OTHER_PHOTO);
  await giveIdPhoto(t, a, 'uploaded', OTHER_PHOTO);
  await giveIdPhoto(t, b, 'uploaded');
  for (const who of [a, b]) await admin('decide', '--applicant', who.number, '--stage', 'qualificationReview', '--outcome', 'pass');
  await admin('decide', '--applicant', c.number, '--stage', 'qualificationReview', '--outcome', 'fail', '--reason', 'No master degree');
  await admin('decide', '--applicant', a.number, '--stage', 'assessmentQualification', '--outcome', 'pass');
  await admin('assign-ticket', '--applicant', a.number, '--kind', 'language', ...ARRANGEMENT, '--notes', '请携带身份证原件。Bring your ID card.');
  await admin('assign-ticket', '--applicant', b.number, '--kind', 'language', ...ARRANGEMENT.map((v) => (v === '17' ? '18' : v)));
  await admin('assign-ticket', '--applicant', a.number, '--kind', 'assessment', '--subject', '综合考核', '--starts', '2027-04-02T14:00:00+08:00', '--ends', '2027-04-02T17:00:00+08:00', '--venue', 'Room 2', '--room', 'B201', '--seat', '3');
  for (const row of await t.app.ctx.db.selectFrom('exam_ticket').select(['user_id', 'kind', 'verify_code']).execute()) {
    codes[`${row.user_id}:${row.kind}`] = row.verify_code;
  }
});
afterAll(async () => t.close());

const ticket = (who: TestApplicant, kind: string) => call<TicketResultView>(t.app, '/mucgrs-service/doctor/results/ticket', { token: who.token, body: { kind } });
const ticketPdf = (who: TestApplicant, kind: string, lang = 'en') => call(t.app, '/mucgrs-service/doctor/results/ticketPdf', { token: who.token, body: { kind }, lang });
const verify = (p: string, opts: { lang?: string; token?: string } = {}) => call<TicketVerification>(t.app, p, { method: 'GET', ...opts });

describe('before release', () => {
  it('the ticket call says not published and gives nothing away', async () => {
    const r = await ticket(a, 'language');
    expect(r.data).toEqual({ published: false });
    expect(r.raw.body).not.toMatch(/305|Main Building|2027L/);
  });

  it('the PDF is refused, as an error, not a document', async () => {
    const r = await ticketPdf(a, 'language');
    expect(r.code).toBe(403);
    expect(r.msg).toBe('This result has not been published yet.');
    expect(r.raw.headers['content-type']).toContain('json');
  });

  it('releasing tickets while their qualification review is unpublished still shows nothing (it would reveal the outcome)', async () => {
    await admin('release', '--what', 'languageTicket');
    expect((await ticket(a, 'language')).data).toEqual({ published: false });
    expect((await ticketPdf(a, 'language')).code).toBe(403);
    expect((await verify(`/verify/ticket/${codes[`${a.userId}:language`]}`)).status).toBe(404);
  });
});

describe('after release', () => {
  beforeAll(async () => {
    await admin('release', '--what', 'qualificationReview');
  });

  it('shows the ticket with the ID number masked', async () => {
    const r = await ticket(a, 'language');
    expect(r.data).toEqual({
      published: true,
      ticket: {
        ticketNo: expect.stringMatching(/^2027L\d{6}$/),
        kind: 'language',
        name: '欧阳娜娜',
        applicantNumber: a.number,
        idNumber: maskIdNumber(a.idNumber),
        subject: '英语 English',
        startsAt: '2027-03-15T01:00:00.000Z',
        endsAt: '2027-03-15T03:30:00.000Z',
        venue: '民族大学 Main Building',
        room: '305',
        seat: '17',
        notes: '请携带身份证原件。Bring your ID card.',
        photoPath: approvedPathOfA,
      },
    });
    expect(r.raw.body).not.toContain(a.idNumber);
    expect(r.raw.body).not.toContain(codes[`${a.userId}:language`]);
  });

  it("B sees their own ticket, never A's", async () => {
    const mine = (await ticket(a, 'language')).data;
    const r = await ticket(b, 'language');
    expect(r.data).toMatchObject({ published: true, ticket: { name: '李雷', applicantNumber: b.number, seat: '18', photoPath: null } });
    if (!(mine.published && mine.ticket && r.data.published && r.data.ticket)) throw new Error('tickets expected');
    expect(r.data.ticket.ticketNo).not.toBe(mine.ticket.ticketNo);
    expect(r.raw.body).not.toContain(a.number);
  });

  it('an applicant who did not qualify has no ticket, and no PDF', async () => {
    expect((await ticket(c, 'language')).data).toEqual({ published: true, ticket: null });
    const pdf = await ticketPdf(c, 'language');
    expect(pdf.code).toBe(404);
    expect(pdf.msg).toBe('You have no admission ticket of this kind.');
  });

  it('the assessment ticket waits for its own release and for its qualification review', async () => {
    expect((await ticket(a, 'assessment')).data).toEqual({ published: false });
    await admin('release', '--what', 'assessmentTicket');
    expect((await ticket(a, 'assessment')).data).toEqual({ published: false });
    await admin('release', '--what', 'assessmentQualification');
    expect((await ticket(a, 'assessment')).data).toMatchObject({ published: true, ticket: { kind: 'assessment', room: 'B201' } });
    expect((await ticket(b, 'assessment')).data).toEqual({ published: true, ticket: null });
  });
});

describe('the ticket PDF', () => {
  let pdf: Buffer;
  let text: string;
  beforeAll(async () => {
    const r = await ticketPdf(a, 'language');
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toBe('application/pdf');
    expect(r.raw.headers['cache-control']).toBe('private, no-store');
    expect(r.raw.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('欧阳娜娜 - Foreign-language exam ticket.pdf')}`);
    pdf = r.raw.rawPayload;
    text = await pdfText(pdf);
  });

  it('holds the Chinese name, the registration number and the masked ID number, never the full one', () => {
    expect(text).toContain('欧阳娜娜');
    expect(text).toContain(a.number);
    expect(text).toContain(maskIdNumber(a.idNumber));
    expect(text).not.toContain(a.idNumber);
  });

  it('holds the exam arrangement in Beijing time and the notes', () => {
    for (const s of ['Foreign-Language Exam', 'Admission Ticket', '英语 English', '民族大学 Main Building', '305', '17', '09:00', '11:30', 'Beijing time', '请携带身份证原件。']) {
      expect(text).toContain(s);
    }
  });

  it('embeds the applicant’s approved ID photo, not the later one still waiting for review', () => {
    // pdfkit embeds a JPEG as-is, as a DCTDecode image.
    expect(pdf.includes('/DCTDecode')).toBe(true);
    expect(pdf.includes(PHOTO.subarray(0, 64))).toBe(true);
    expect(pdf.includes(comment)).toBe(false);
  });

  it('without an approved photo (only one waiting for review), draws the framed box to paste one in', async () => {
    const r = await ticketPdf(b, 'language', 'zh-CN');
    expect(r.raw.rawPayload.includes('/DCTDecode')).toBe(false);
    const zh = await pdfText(r.raw.rawPayload);
    expect(zh).toContain('照片');
    expect(zh).toContain('外语考试准考证');
    expect(zh).toContain('李雷');
  });

  it('carries a QR code that the verification page calls genuine', async () => {
    const qr = await pdfQrCodes(pdf);
    expect(qr).toEqual([`http://localhost:80/verify/ticket/${codes[`${a.userId}:language`]}`]);
    const page = await verify(verifyPath(qr[0]!));
    expect(page.status).toBe(200);
    expect(page.raw.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.raw.body).toContain('This admission ticket is genuine');
  });
});

describe('the verification page', () => {
  const codeA = () => codes[`${a.userId}:language`]!;

  it('shows only public data: ticket number, masked name, exam, date', async () => {
    const r = await verify(`/verify/ticket/${codeA()}`);
    const body = r.raw.body;
    expect(body).toContain('欧***');
    expect(body).toContain('Foreign-language exam');
    expect(body).toContain('March 15, 2027');
    expect(body).toMatch(/2027L\d{6}/);
    for (const secret of ['欧阳娜娜', a.number, a.idNumber, maskIdNumber(a.idNumber), '305', 'Main Building']) expect(body).not.toContain(secret);
  });

  it('is a static page the site CSP allows: no script, not cached, not indexed', async () => {
    const r = await verify(`/verify/ticket/${codeA()}`);
    expect(r.raw.body).not.toMatch(/<script|\son\w+\s*=/i);
    expect(r.raw.body).toContain('This admission ticket is genuine');
    expect(r.raw.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.raw.headers['cache-control']).toBe('no-store');
    expect(r.raw.headers['x-robots-tag']).toBe('noindex');
  });

  it.each([
    ['zh-CN', '此准考证真实有效', '外语考试', '2027年3月15日'],
    ['es', 'Esta credencial de examen es auténtica', 'Examen de idioma extranjero', '15 de marzo de 2027'],
    ['ja', 'この受験票は本物です', '外国語試験', '2027年3月15日'],
  ])('speaks %s', async (lang, genuine, kind, date) => {
    const r = await verify(`/verify/ticket/${codeA()}`, { lang });
    expect(r.raw.body).toContain(`<html lang="${lang}">`);
    for (const s of [genuine, kind, date]) expect(r.raw.body).toContain(s);
  });

  it.each([
    ['one character changed', () => codeA().slice(0, -1) + (codeA().endsWith('A') ? 'B' : 'A')],
    ['a truncated code', () => codeA().slice(0, 20)],
    ['a malformed code', () => 'not a code'],
    ['HTML in the code', () => '<script>alert(1)</script>'],
  ])('says no ticket matches %s (404)', async (_name, code) => {
    const r = await verify(`/verify/ticket/${encodeURIComponent(code())}`);
    expect(r.status).toBe(404);
    expect(r.raw.body).toContain('No ticket matches this code');
    expect(r.raw.body).not.toContain('<script>');
  });

  it('answers as data with ?format=json', async () => {
    expect((await verify(`/verify/ticket/${codeA()}?format=json`)).data).toEqual({
      genuine: true,
      ticketNo: expect.stringMatching(/^2027L\d{6}$/),
      name: '欧***',
      kind: 'language',
      startsAt: '2027-03-15T01:00:00.000Z',
    });
    const wrong = await verify(`/verify/ticket/${codeA().replace(/^./, (ch) => (ch === 'x' ? 'y' : 'x'))}?format=json`);
    expect(wrong.status).toBe(404);
    expect(wrong.data).toEqual({ genuine: false });
  });

  it("B, signed in, verifying A's code sees only the public masked data", async () => {
    const r = await verify(`/verify/ticket/${codeA()}?format=json`, { token: b.token });
    expect(r.data).toMatchObject({ genuine: true, name: '欧***' });
    expect(r.raw.body).not.toContain(a.number);
    expect(r.raw.body).not.toContain('欧阳娜娜');
  });

  it('a ticket whose holder no longer qualifies stops verifying and disappears', async () => {
    await admin('decide', '--applicant', b.number, '--stage', 'qualificationReview', '--outcome', 'fail', '--reason', 'Forged degree certificate');
    expect((await verify(`/verify/ticket/${codes[`${b.userId}:language`]}`)).status).toBe(404);
    expect((await ticket(b, 'language')).data).toEqual({ published: true, ticket: null });
    expect((await ticketPdf(b, 'language')).code).toBe(404);
  });

  it('a withdrawn release stops verification too', async () => {
    await admin('release', '--what', 'languageTicket', '--off');
    expect((await verify(`/verify/ticket/${codeA()}`)).status).toBe(404);
    await admin('release', '--what', 'languageTicket');
    expect((await verify(`/verify/ticket/${codeA()}`)).status).toBe(200);
  });
});

describe('with PUBLIC_URL set and a tight limit', () => {
  let u: TestApp;
  let holder: TestApplicant;
  beforeAll(async () => {
    u = await buildTestApp({ env: { PUBLIC_URL: 'https://admissions.example.edu/' }, limits: { clientPerMinute: 1 } });
    await withdrawAll(u);
    holder = await newDoctoralApplicant(u, '张三');
    const run = adminOf(u);
    await run('decide', '--applicant', holder.number, '--stage', 'qualificationReview', '--outcome', 'pass');
    await run('assign-ticket', '--applicant', holder.number, '--kind', 'language', ...ARRANGEMENT);
    await run('release', '--what', 'qualificationReview');
    await run('release', '--what', 'languageTicket');
  });
  afterAll(async () => u.close());

  it('the QR code points at PUBLIC_URL', async () => {
    const r = await call(u.app, '/mucgrs-service/doctor/results/ticketPdf', { token: holder.token, body: { kind: 'language' } });
    const [url] = await pdfQrCodes(r.raw.rawPayload);
    expect(url).toMatch(/^https:\/\/admissions\.example\.edu\/verify\/ticket\/[A-Za-z0-9_-]{32}$/);
  });

  it('throttles one address hammering the page (4 per minute per allowed sign-in here)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(u.app, '/verify/ticket/AAAAAAAAAAAAAAAAAAAAAAAA', { method: 'GET' })).status);
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
    u.clock.advance(61_000);
    expect((await call(u.app, '/verify/ticket/AAAAAAAAAAAAAAAAAAAAAAAA', { method: 'GET' })).status).toBe(404);
  });
});
