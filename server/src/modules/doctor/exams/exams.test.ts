import zlib from 'node:zlib';
import { DOCTOR_AREA, type ExamSeatsView, type ExamSessionsView, type SeatAssignmentView, type TicketBatchView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplications, type ApplicationSpec } from '../../../../test/application-factory';
import { buildTestApp, call, signIn, type TestApp } from '../../../../test/harness';
import { pdfQrCodes, pdfText } from '../../../../test/pdf';
import { resumePrintings } from './printing';

/**
 * Exam sessions (issue #10, "Exams and tickets"): the office sets a sitting up with its rooms,
 * seats the qualified applicants by programme then number, moves one by hand (never onto a taken
 * seat), and prints the session's tickets on a worker thread into a zip. Real database, real
 * calls, real PDFs read back.
 */
let t: TestApp;
let admin: string;
const YEAR = '2027';
const base = '/mucgrs-service/staff/exams';
const post = <T = null>(path: string, body: unknown, opts: { token?: string; lang?: string } = {}) =>
  call<T>(t.app, `${base}/${path}`, { token: opts.token ?? admin, body, lang: opts.lang ?? 'en' });
const bj = (day: number, time: string) => `2027-03-${String(day).padStart(2, '0')}T${time}:00+08:00`;
let cs: number;
let econ: number;

const spec = (n: number, programmeId: number, qualification: ApplicationSpec['qualification']): ApplicationSpec => ({
  number: `20273100${String(n).padStart(2, '0')}`,
  name: `考生${n}号`,
  registerType: 1,
  recruitYear: YEAR,
  area: DOCTOR_AREA,
  departmentId: null,
  programmeId,
  formStatus: 'submitted',
  savedAt: t.clock.now(),
  submittedAt: t.clock.now(),
  paid: true,
  photo: 'approved',
  qualification,
});

const session = (over: Record<string, unknown> = {}) => ({
  kind: 'language',
  subject: '英语',
  startsAt: bj(15, '09:00'),
  endsAt: bj(15, '11:30'),
  venue: '主楼',
  notes: '请携带身份证。',
  rooms: [
    { name: '101', capacity: 2 },
    { name: '102', capacity: 1 },
  ],
  version: 0,
  ...over,
});
const sessions = async () => (await post<ExamSessionsView>('sessions', {})).data;
const plan = async (sessionId: number) => (await post<ExamSeatsView>('seats', { sessionId })).data.rows;

/** The entries of a zip, read from its central directory; each entry's CRC is checked against its bytes. */
function unzip(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    expect(zlib.crc32(data)).toBe(crc);
    entries.push({ name, data });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

async function printed(sessionId: number): Promise<TicketBatchView> {
  const started = await post<TicketBatchView>('print', { sessionId });
  expect(started.code, started.msg).toBe(0);
  for (let i = 0; i < 300; i++) {
    const batch = (await post<TicketBatchView>('batch', { batchId: started.data.id })).data;
    if (batch.state !== 'running') return batch;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('printing did not finish');
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app, 'admin');
  const { db } = t.app.ctx;
  cs = (await db.selectFrom('programme').select('id').where('code', '=', 'CS-PHD-081200').executeTakeFirstOrThrow()).id;
  econ = (await db.selectFrom('programme').select('id').where('code', '=', 'ECON-PHD-020100').executeTakeFirstOrThrow()).id;
  // Five qualified (two in economics, three in computer science, numbers out of order), one failed, one pending.
  await insertApplications(db, t.clock.now(), [spec(5, cs, 'pass'), spec(1, cs, 'pass'), spec(2, econ, 'pass'), spec(9, econ, 'pass'), spec(3, cs, 'pass'), spec(4, cs, 'fail'), spec(6, econ, 'pending')]);
}, 60_000);
afterAll(async () => t?.close());

describe('exam sessions', () => {
  let id: number;

  it('creates a session with its rooms, and counts who qualifies for its exam', async () => {
    const saved = await post<{ id: number }>('save', session());
    expect(saved.code, saved.msg).toBe(0);
    id = saved.data.id;
    const view = await sessions();
    const s = view.sessions.find((x) => x.id === id)!;
    expect(s).toMatchObject({ kind: 'language', subject: '英语', venue: '主楼', startsAt: '2027-03-15T01:00:00.000Z', capacity: 3, seated: 0, version: 1, batch: null });
    expect(s.rooms.map((r) => [r.name, r.capacity])).toEqual([
      ['101', 2],
      ['102', 1],
    ]);
    expect(view.qualified.language).toEqual({ total: 5, unseated: 5 });
  });

  it('seats the qualified by programme then number, room by room, and counts those who did not fit', async () => {
    const seated = await post<SeatAssignmentView>('assignSeats', { sessionId: id });
    expect(seated.data).toEqual({ seated: 3, unseated: 2 });
    // CS-PHD-081200 sorts before ECON-PHD-020100: 1, 3, 5 of computer science first.
    expect((await plan(id)).map((r) => [r.applicantNumber, r.room, r.seat])).toEqual([
      ['2027310001', '101', '001'],
      ['2027310003', '101', '002'],
      ['2027310005', '102', '001'],
    ]);
    const tickets = await t.app.ctx.db.selectFrom('exam_ticket').select(['ticket_no', 'subject', 'venue', 'starts_at']).where('session_id', '=', id).execute();
    expect(tickets.every((x) => /^2027L\d{6}$/.test(x.ticket_no) && x.subject === '英语' && x.venue === '主楼' && Number(x.starts_at) === Date.parse(bj(15, '09:00')))).toBe(true);
  });

  it('keeps those seated where they are when a room is added, and seats the rest', async () => {
    const rooms = (await sessions()).sessions.find((x) => x.id === id)!.rooms;
    const saved = await post<{ id: number }>('save', session({ id, version: 1, rooms: [...rooms.map((r) => ({ id: r.id, name: r.name, capacity: r.capacity })), { name: '103', capacity: 5 }] }));
    expect(saved.code, saved.msg).toBe(0);
    expect((await post<SeatAssignmentView>('assignSeats', { sessionId: id })).data).toEqual({ seated: 2, unseated: 0 });
    expect((await plan(id)).map((r) => [r.applicantNumber, r.room, r.seat])).toEqual([
      ['2027310001', '101', '001'],
      ['2027310003', '101', '002'],
      ['2027310005', '102', '001'],
      ['2027310002', '103', '001'],
      ['2027310009', '103', '002'],
    ]);
    expect((await sessions()).qualified.language).toEqual({ total: 5, unseated: 0 });
    // Nobody left: seating again changes nothing.
    expect((await post<SeatAssignmentView>('assignSeats', { sessionId: id })).data).toEqual({ seated: 0, unseated: 0 });
  });

  it('moves an applicant by hand to a free seat, never onto a taken one or past the room', async () => {
    const rows = await plan(id);
    const room101 = rows.find((r) => r.room === '101')!.roomId;
    const room103 = rows.find((r) => r.room === '103')!.roomId;
    const mover = rows.find((r) => r.applicantNumber === '2027310009')!;

    const taken = await post('move', { sessionId: id, ticketNo: mover.ticketNo, roomId: room101, seat: 1 });
    expect(taken.code).toBe(409);
    expect(taken.msg).toContain('2027310001');
    const beyond = await post('move', { sessionId: id, ticketNo: mover.ticketNo, roomId: room101, seat: 3 }, { lang: 'zh-CN' });
    expect(taken.code).toBe(409);
    expect(beyond.msg).toBe('考场 101 共有 2 个座位。');
    const elsewhere = await post('move', { sessionId: id, ticketNo: 'NOPE', roomId: room103, seat: 4 });
    expect(elsewhere.code).toBe(404);

    const moved = await post('move', { sessionId: id, ticketNo: mover.ticketNo, roomId: room103, seat: 5 });
    expect(moved.code, moved.msg).toBe(0);
    expect((await plan(id)).find((r) => r.ticketNo === mover.ticketNo)).toMatchObject({ room: '103', seat: '005' });
    const audit = await t.app.ctx.db.selectFrom('audit_event').select(['subject', 'detail']).where('event', '=', 'ticket.move').execute();
    expect(audit.map((a) => a.subject)).toEqual(['2027310009']);
  });

  it('refuses a room another sitting uses at an overlapping time, and takes it when the times do not meet', async () => {
    const clash = await post('save', session({ subject: '日语', rooms: [{ name: '103', capacity: 3 }] }));
    expect(clash.code).toBe(409);
    expect(clash.msg).toBe('Room 103 of this venue is already used by “英语” at an overlapping time.');
    const later = await post<{ id: number }>('save', session({ subject: '日语', startsAt: bj(15, '14:00'), endsAt: bj(15, '16:00'), rooms: [{ name: '103', capacity: 3 }] }));
    expect(later.code, later.msg).toBe(0);
    const elsewhere = await post('save', session({ subject: '法语', venue: '图书馆', rooms: [{ name: '103', capacity: 3 }] }));
    expect(elsewhere.code, elsewhere.msg).toBe(0);
  });

  it('refuses changes that would strand a seated applicant, and a change on a stale version', async () => {
    const s = (await sessions()).sessions.find((x) => x.id === id)!;
    const keep = s.rooms.map((r) => ({ id: r.id, name: r.name, capacity: r.capacity }));
    const shrink = await post('save', session({ id, version: s.version, rooms: keep.map((r) => (r.name === '103' ? { ...r, capacity: 4 } : r)) }));
    expect(shrink.code).toBe(409);
    expect(shrink.msg).toBe('Room 103 has an applicant in seat 5: its capacity cannot be lower.');
    const drop = await post('save', session({ id, version: s.version, rooms: keep.filter((r) => r.name !== '102') }));
    expect(drop.code).toBe(409);
    expect(drop.msg).toContain('Room 102 still seats applicants');
    const otherExam = await post('save', session({ id, version: s.version, kind: 'assessment', rooms: keep }));
    expect(otherExam.code).toBe(409);
    const stale = await post('save', session({ id, version: s.version - 1, rooms: keep }));
    expect(stale.code).toBe(409);
    expect(stale.msg).toBe('Someone changed this session meanwhile. Reload it and try again.');
    const after = (await sessions()).sessions.find((x) => x.id === id)!;
    expect(after.version).toBe(s.version);
    expect(after.rooms.map((r) => r.capacity)).toEqual([2, 1, 5]);
  });

  it('rewrites the tickets when the session moves, renaming a room on its tickets too', async () => {
    const s = (await sessions()).sessions.find((x) => x.id === id)!;
    const rooms = s.rooms.map((r) => ({ id: r.id, name: r.name === '101' ? '101A' : r.name, capacity: r.capacity }));
    const saved = await post('save', session({ id, version: s.version, startsAt: bj(16, '09:00'), endsAt: bj(16, '11:00'), rooms }));
    expect(saved.code, saved.msg).toBe(0);
    const tickets = await t.app.ctx.db.selectFrom('exam_ticket').select(['room', 'starts_at']).where('session_id', '=', id).execute();
    expect(tickets.filter((x) => x.room === '101A')).toHaveLength(2);
    expect(tickets.every((x) => Number(x.starts_at) === Date.parse(bj(16, '09:00')))).toBe(true);
  });

  it('refuses bad input with translated messages and saves nothing', async () => {
    const before = (await sessions()).sessions.length;
    const backwards = await post('save', session({ endsAt: bj(15, '08:00') }));
    expect(backwards.code).toBe(400);
    const empty = await post('save', session({ rooms: [] }), { lang: 'zh-CN' });
    expect(empty.msg).toBe('考场：请至少添加一个考场');
    const twice = await post('save', session({ rooms: [{ name: 'A', capacity: 1 }, { name: ' a ', capacity: 1 }] }));
    expect(twice.msg).toBe('Rooms: two rooms have the same name');
    const huge = await post('save', session({ rooms: [{ name: 'A', capacity: 501 }] }), { lang: 'ja' });
    expect(huge.msg).toContain('500 席まで');
    const naive = await post('save', session({ startsAt: '2027-03-15T09:00' }));
    expect(naive.code).toBe(400);
    const extra = await post('save', { ...session(), seatsFor: 'everyone' });
    expect(extra.code).toBe(400);
    expect((await sessions()).sessions.length).toBe(before);
  });

  it('is the office’s alone', async () => {
    const secretary = await signIn(t.app, 'secretary');
    const applicant = await signIn(t.app, 'assessment');
    for (const token of [secretary, applicant]) {
      expect((await post('sessions', {}, { token })).code).toBe(403);
      expect((await post('assignSeats', { sessionId: id }, { token })).code).toBe(403);
      expect((await post('print', { sessionId: id }, { token })).code).toBe(403);
    }
  });

  it('prints every qualified holder’s ticket on a worker thread into one zip, room by room', async () => {
    // Holder 3 no longer qualifies (a corrected review): their ticket is not printed.
    const { db } = t.app.ctx;
    const three = await db.selectFrom('app_user').select('id').where('applicant_number', '=', '2027310003').executeTakeFirstOrThrow();
    await db.updateTable('review_decision').set({ outcome: 'fail', reason: 'corrected' }).where('user_id', '=', three.id).execute();
    expect((await plan(id)).find((r) => r.applicantNumber === '2027310003')!.qualified).toBe(false);

    const batch = await printed(id);
    expect(batch, JSON.stringify(batch)).toMatchObject({ state: 'done', total: 4, done: 4, error: null });
    const zip = await call(t.app, `${base}/zip`, { token: admin, body: { batchId: batch.id } });
    expect(zip.raw.headers['content-type']).toBe('application/zip');
    const entries = unzip(zip.raw.rawPayload);
    const seats = await plan(id);
    expect(entries.map((e) => e.name)).toEqual(
      seats.filter((r) => r.qualified).map((r) => `${r.room}/${r.seat}-${r.applicantNumber}-${r.ticketNo}.pdf`),
    );
    const first = entries[0]!;
    const text = await pdfText(first.data);
    expect(text).toContain('2027310001');
    expect(text).toContain('101A');
    expect(text).toContain('英语');
    const code = (await db.selectFrom('exam_ticket').select('verify_code').where('ticket_no', '=', seats[0]!.ticketNo).executeTakeFirstOrThrow()).verify_code;
    expect(await pdfQrCodes(first.data)).toEqual([expect.stringMatching(new RegExp(`/verify/ticket/${code}$`))]);
    expect((await sessions()).sessions.find((x) => x.id === id)).toMatchObject({ batch: { id: batch.id, state: 'done' }, changedSinceBatch: false });
  }, 60_000);

  it('says the printed zip is out of date once a seat moves, and keeps only the latest zip', async () => {
    const before = (await sessions()).sessions.find((x) => x.id === id)!.batch!;
    const row = (await plan(id)).find((r) => r.applicantNumber === '2027310002')!;
    await post('move', { sessionId: id, ticketNo: row.ticketNo, roomId: row.roomId, seat: 3 });
    expect((await sessions()).sessions.find((x) => x.id === id)!.changedSinceBatch).toBe(true);
    const again = await printed(id);
    expect(again.state).toBe('done');
    const old = await post('zip', { batchId: before.id });
    expect(old.code).toBe(409);
    expect((await sessions()).sessions.find((x) => x.id === id)!.changedSinceBatch).toBe(false);
  }, 60_000);

  it('refuses a second printing while one runs, and a printing with nobody to print', async () => {
    const first = await post<TicketBatchView>('print', { sessionId: id });
    const second = await post('print', { sessionId: id });
    expect(second.code).toBe(409);
    expect(second.msg).toBe('The tickets of this session are already being printed.');
    for (let i = 0; i < 300 && (await post<TicketBatchView>('batch', { batchId: first.data.id })).data.state === 'running'; i++) await new Promise((r) => setTimeout(r, 100));
    const nobody = (await sessions()).sessions.find((x) => x.subject === '日语')!;
    const none = await post('print', { sessionId: nobody.id });
    expect(none.code).toBe(409);
    expect(none.msg).toBe('Nobody qualified is seated in this session: there are no tickets to print.');
  }, 60_000);

  it('prints again, at the next start, a printing whose process died while it ran', async () => {
    const { db } = t.app.ctx;
    // As a process killed two chunks in leaves it: running, part done, its job gone with the process.
    const row = await db
      .insertInto('ticket_batch')
      .values({ session_id: id, state: 'running', total: 9, done: 2, lang: 'en', revision: 0, requested_by: null, requested_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await resumePrintings(t.app.ctx)).toBe(1);
    let batch = (await post<TicketBatchView>('batch', { batchId: row.id })).data;
    for (let i = 0; i < 300 && batch.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      batch = (await post<TicketBatchView>('batch', { batchId: row.id })).data;
    }
    // Printed from the start, for whoever qualifies now; the QR codes lead to the portal's own address.
    const qualified = (await plan(id)).filter((r) => r.qualified).length;
    expect(batch).toMatchObject({ state: 'done', total: qualified, done: qualified, error: null });
    const entries = unzip((await call(t.app, `${base}/zip`, { token: admin, body: { batchId: row.id } })).raw.rawPayload);
    expect(entries).toHaveLength(qualified);
    expect(await pdfQrCodes(entries[0]!.data)).toEqual([expect.stringMatching(new RegExp(`^${t.config.publicUrl}/verify/ticket/`))]);
    // Once done, a start adds nothing.
    expect(await resumePrintings(t.app.ctx)).toBe(0);
  }, 60_000);

  it('deletes a session only once nobody is seated in it', async () => {
    const s = (await sessions()).sessions.find((x) => x.id === id)!;
    const refused = await post('delete', { sessionId: id, version: s.version });
    expect(refused.code).toBe(409);
    expect(refused.msg).toBe('4 applicants are seated in this session: unseat them before deleting it.'.replace('4', String(s.seated)));
    for (const row of await plan(id)) expect((await post('unseat', { sessionId: id, ticketNo: row.ticketNo })).code).toBe(0);
    const deleted = await post('delete', { sessionId: id, version: s.version });
    expect(deleted.code, deleted.msg).toBe(0);
    expect((await sessions()).sessions.find((x) => x.id === id)).toBeUndefined();
    expect(await t.app.ctx.db.selectFrom('audit_event').select('event').where('event', 'in', ['ticket.unseat', 'ticket.sessionDelete']).execute()).toHaveLength(s.seated + 1);
  });
});
