import { Readable } from 'node:stream';
import { ID_PHOTO_CATEGORY, ReplyCode, TICKET_PREREQUISITE, type Language, type TicketBatchView } from '@gradus/contract';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/app-error';
import { JOB_ATTEMPTS, JOB_KIND, JobInterrupted } from '../../../lib/jobs';
import { zipStream, type ZipEntry } from '../../../lib/zip';
import { staffAudit, type StaffActor } from '../../admissions/staff-audit';
import { ticketView } from '../results/service';
import type { TicketPrint } from '../results/ticket-pdf';
import { batchView, loadBatch } from './batch-store';
import { loadExamSession, type LoadedExamSession } from './sessions';
import { startTicketPrinter } from './ticket-printer';

/** Tickets sent to the printer at once: the progress bar moves every chunk. */
const CHUNK = 50;
/** A ticket with its photo is under 200 KB; 50,000 of them stay far below this. */
const MAX_ZIP_BYTES = 8 * 1024 ** 3;
const PHOTO_TYPES = ['image/jpeg', 'image/png'];
/** The stored_file category of a printing's zip. */
const ZIP_CATEGORY = 'ticketBatch';

/** The background job's kind (lib/jobs.ts): one job per printing, its id the batch's. */
const PRINT_JOB = JOB_KIND.ticketPrinting;
const jobId = (batchId: number) => `ticket-batch-${batchId}`;

/**
 * Ticket printings, run as background jobs: on whichever instance's worker takes them, tried again
 * (from the start) when a try fails, and taken up again when the process running one dies: by
 * another instance's worker (Redis), or by this one's next start (in-process).
 */
export class TicketPrinting {
  private closing = false;

  constructor(private readonly ctx: AppContext) {
    ctx.jobs.work(PRINT_JOB, (data, attempt) => this.print(Number(data.batchId), attempt));
  }

  /**
   * Starts printing the session's tickets of applicants who still qualify, into one zip. One
   * printing per session at a time: the session's row is locked while the check is made.
   */
  async start(session: LoadedExamSession, lang: Language, verifyBase: string, actor: StaffActor): Promise<TicketBatchView> {
    const { db } = this.ctx;
    const now = this.ctx.clock.now();
    const batch = await inTransaction(db, async (trx) => {
      await trx.updateTable('exam_session').set((eb) => ({ version: eb.ref('version') })).where('id', '=', session.id).execute();
      const running = await trx.selectFrom('ticket_batch').select('id').where('session_id', '=', session.id).where('state', '=', 'running').executeTakeFirst();
      if (running) throw new AppError(ReplyCode.CONFLICT, 'exams.batchRunning');
      const total = (await printableTickets(trx, session)).length;
      if (total === 0) throw new AppError(ReplyCode.CONFLICT, 'exams.nothingToPrint');
      const { tickets_revision: revision } = await trx.selectFrom('exam_session').select('tickets_revision').where('id', '=', session.id).executeTakeFirstOrThrow();
      return trx
        .insertInto('ticket_batch')
        .values({ session_id: session.id, state: 'running', total, done: 0, lang, revision, requested_by: actor.staffUserId, requested_at: now, verify_base: verifyBase })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    await staffAudit(db, now, 'ticket.print', actor, { subject: null, detail: { sessionId: session.id, batchId: batch.id, total: batch.total } });
    await this.ctx.jobs.add(PRINT_JOB, jobId(batch.id), { batchId: batch.id });
    return batchView(batch);
  }

  /**
   * The server is closing: a printing under way stops at its next chunk and goes back to the queue,
   * for another instance or the next start; this instance takes no other.
   */
  async close(): Promise<void> {
    this.closing = true;
    await this.ctx.jobs.stop(PRINT_JOB);
  }

  /** One try of a printing's job; throws for the queue to try again, and marks it failed after the last try. */
  private async print(batchId: number, attempt: number): Promise<void> {
    const { db, log } = this.ctx;
    try {
      if (this.closing) throw new JobInterrupted();
      const batch = await loadBatch(db, batchId);
      if (batch?.state !== 'running') return;
      const session = await loadExamSession(db, batch.session_id);
      await this.run(batchId, session, batch.lang as Language, batch.verify_base ?? this.ctx.config.publicUrl);
    } catch (err) {
      if (this.closing) throw new JobInterrupted();
      const last = attempt >= JOB_ATTEMPTS;
      log.error({ err, batchId, attempt, last }, 'exams: printing tickets failed');
      if (last) await markFailed(db, batchId, this.ctx.clock.now());
      throw err;
    }
  }

  private async run(batchId: number, session: LoadedExamSession, lang: Language, verifyBase: string): Promise<void> {
    const { db, storage } = this.ctx;
    const printer = startTicketPrinter();
    try {
      const tickets = await printableTickets(db, session);
      let done = 0;
      // Each try prints from the start: the bar starts again with it.
      await db.updateTable('ticket_batch').set({ done, total: tickets.length }).where('id', '=', batchId).execute();
      const entries = async function* (this: TicketPrinting): AsyncGenerator<ZipEntry> {
        for (let i = 0; i < tickets.length; i += CHUNK) {
          if (this.closing) throw new Error('server closing');
          const chunk = tickets.slice(i, i + CHUNK);
          const photos = await photosOf(this.ctx, session, chunk.map((t) => t.user_id));
          const prints: TicketPrint[] = chunk.map((t) => ({
            ticket: ticketView(
              { ticketNo: t.ticket_no, kind: session.kind, subject: t.subject, startsAt: Number(t.starts_at), endsAt: Number(t.ends_at), venue: t.venue, room: t.room, seat: t.seat, notes: t.notes, verifyCode: t.verify_code, userId: t.user_id, recruitYear: session.recruitYear },
              { name: t.name, applicantNumber: t.applicant_number ?? '', idNumber: t.id_number },
            ),
            recruitYear: session.recruitYear,
            photo: photos.get(t.user_id) ?? null,
            verifyUrl: `${verifyBase}/verify/ticket/${t.verify_code}`,
            lang,
          }));
          const pdfs = await printer.print(prints);
          for (const [k, t] of chunk.entries()) yield { name: entryName(t.room, t.seat, t.applicant_number ?? '', t.ticket_no), data: pdfs[k]! };
          done += chunk.length;
          await db.updateTable('ticket_batch').set({ done }).where('id', '=', batchId).execute();
        }
      }.call(this);
      const saved = await storage.save(Readable.from(zipStream(entries, new Date(this.ctx.clock.now()))), MAX_ZIP_BYTES);
      const finished = this.ctx.clock.now();
      let superseded: string[] = [];
      const finishedHere = await inTransaction(db, async (trx) => {
        // Only a printing still running is finished: a worker that took it over (a lapsed lock) may have finished it first.
        const claimed = await trx
          .updateTable('ticket_batch')
          .set({ state: 'done', done, storage_key: saved.storageKey, size: saved.size, finished_at: finished })
          .where('id', '=', batchId)
          .where('state', '=', 'running')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        // Recorded as every stored byte is (storage sweeps what no record names); never public, owned by nobody: only this module serves it.
        await trx
          .insertInto('stored_file')
          .values({ file_path: `/exam-tickets/${batchId}/${saved.storageKey}.zip`, owner_user_id: null, category: ZIP_CATEGORY, storage_key: saved.storageKey, original_name: `tickets-${batchId}.zip`, mime_type: 'application/zip', size_bytes: saved.size, sha256: saved.sha256, is_public: 0, created_at: finished })
          .execute();
        // In the same commit: once this printing reads as done, no older zip is served any more.
        superseded = await forgetOlderZips(trx, session.id, batchId);
        return true;
      });
      if (!finishedHere) superseded = [saved.storageKey];
      for (const key of superseded) await this.ctx.storage.remove(key);
    } finally {
      await printer.close();
    }
  }
}

const markFailed = (db: DB, batchId: number, now: number) =>
  db.updateTable('ticket_batch').set({ state: 'failed', error: 'failed', finished_at: now }).where('id', '=', batchId).where('state', '=', 'running').execute();

/**
 * At start, and every minute: every printing still running is matched with its job. One the queue
 * does not hold (it died with its process, or with a Redis that restarted empty) is added again;
 * one the queue finished while its row still says running (given up without a word: a worker that
 * crashed on it twice) is marked failed, so the office can print again. Returns the jobs added.
 */
export async function resumePrintings(ctx: AppContext): Promise<number> {
  const running = await ctx.db.selectFrom('ticket_batch').select('id').where('state', '=', 'running').execute();
  let added = 0;
  for (const { id } of running) {
    const state = await ctx.jobs.state(PRINT_JOB, jobId(id));
    if (state === 'unknown') {
      await ctx.jobs.add(PRINT_JOB, jobId(id), { batchId: id });
      added++;
    } else if (state === 'failed' || state === 'completed') {
      ctx.log.error({ batchId: id, state }, 'exams: a printing left running by a finished job is marked failed');
      await markFailed(ctx.db, id, ctx.clock.now());
    }
  }
  return added;
}

/** The seated tickets whose holders still pass the review before the exam, room by room, seat by seat. */
function printableTickets(db: DB, session: LoadedExamSession) {
  return db
    .selectFrom('exam_ticket as t')
    .innerJoin('app_user as u', 'u.id', 't.user_id')
    .innerJoin('review_decision as d', (j) =>
      j.onRef('d.user_id', '=', 't.user_id').onRef('d.recruit_year', '=', 't.recruit_year').onRef('d.area', '=', 't.area').on('d.stage', '=', TICKET_PREREQUISITE[session.kind]).on('d.outcome', '=', 'pass'),
    )
    .leftJoin('exam_room as r', 'r.id', 't.room_id')
    .select(['t.user_id', 't.ticket_no', 't.subject', 't.starts_at', 't.ends_at', 't.venue', 't.room', 't.seat', 't.notes', 't.verify_code', 'u.name', 'u.applicant_number', 'u.id_number'])
    .where('t.session_id', '=', session.id)
    .orderBy('r.position')
    .orderBy('t.seat')
    .execute();
}

/** Each applicant's latest approved ID photo, as the ticket the applicant prints shows it (results/service.ts approvedIdPhoto). */
async function photosOf(ctx: AppContext, session: LoadedExamSession, userIds: number[]): Promise<Map<number, Buffer>> {
  const rows = await ctx.db
    .selectFrom('application_material as m')
    .innerJoin('stored_file as f', 'f.id', 'm.stored_file_id')
    .select(['m.user_id', 'f.storage_key', 'f.mime_type'])
    .where('m.user_id', 'in', userIds)
    .where('m.recruit_year', '=', session.recruitYear)
    .where('m.area', '=', session.area)
    .where('m.category', '=', ID_PHOTO_CATEGORY)
    .where('m.status', '=', 'approved')
    .orderBy('m.id', 'desc')
    .execute();
  const latest = new Map<number, { storage_key: string; mime_type: string }>();
  for (const row of rows) if (!latest.has(row.user_id)) latest.set(row.user_id, row);
  const photos = new Map<number, Buffer>();
  for (const [userId, photo] of latest) {
    if (!PHOTO_TYPES.includes(photo.mime_type)) continue;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of ctx.storage.open(photo.storage_key)) chunks.push(chunk as Buffer);
      photos.set(userId, Buffer.concat(chunks));
    } catch {
      // A photo whose bytes are gone must not cost a whole session its tickets: that one prints an empty frame.
    }
  }
  return photos;
}

/** '报告厅A/007-2027000123-2027L048213.pdf': a folder per room, in seat order; nothing of the name can climb out of it. */
export function entryName(room: string, seat: string, applicantNumber: string, ticketNo: string): string {
  const safe = (text: string) => text.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 60) || '_';
  return `${safe(room)}/${safe(seat)}-${safe(applicantNumber)}-${safe(ticketNo)}.pdf`;
}

/**
 * Only the latest printing's zip is kept: an older one shows seats that may have moved. Forgets the
 * older zips' records in the caller's transaction and gives their storage keys back, for the bytes
 * to be removed once it commits (storage's sweep takes any a crash leaves behind).
 */
async function forgetOlderZips(trx: DB, sessionId: number, keepBatchId: number): Promise<string[]> {
  const older = await trx.selectFrom('ticket_batch').select(['id', 'storage_key']).where('session_id', '=', sessionId).where('id', '!=', keepBatchId).where('storage_key', 'is not', null).execute();
  for (const batch of older) {
    await trx.updateTable('ticket_batch').set({ storage_key: null }).where('id', '=', batch.id).execute();
    await trx.deleteFrom('stored_file').where('storage_key', '=', batch.storage_key!).where('category', '=', ZIP_CATEGORY).execute();
  }
  return older.map((b) => b.storage_key!);
}

/** The finished printing's zip, for the office to download. */
export async function batchZip(ctx: AppContext, batchId: number): Promise<{ stream: Readable; fileName: string; size: number }> {
  const batch = await loadBatch(ctx.db, batchId);
  if (!batch) throw new AppError(ReplyCode.NOT_FOUND, 'exams.batchNotFound');
  if (batch.state !== 'done' || !batch.storage_key || !(await ctx.storage.exists(batch.storage_key))) throw new AppError(ReplyCode.CONFLICT, 'exams.zipNotReady');
  const session = await ctx.db.selectFrom('exam_session').select(['recruit_year', 'kind']).where('id', '=', batch.session_id).executeTakeFirstOrThrow();
  return { stream: ctx.storage.open(batch.storage_key), fileName: `tickets-${session.recruit_year}-${session.kind}-${batch.session_id}.zip`, size: batch.size ?? 0 };
}
