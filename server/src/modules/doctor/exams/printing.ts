import { Readable } from 'node:stream';
import { ID_PHOTO_CATEGORY, ReplyCode, TICKET_PREREQUISITE, type Language, type TicketBatchView } from '@gradus/contract';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/app-error';
import { zipStream, type ZipEntry } from '../../../lib/zip';
import { staffAudit, type StaffActor } from '../../admissions/staff-audit';
import { ticketView } from '../results/service';
import type { TicketPrint } from '../results/ticket-pdf';
import { batchView, loadBatch } from './batch-store';
import type { LoadedExamSession } from './sessions';
import { startTicketPrinter } from './ticket-printer';

/** Tickets sent to the printer at once: the progress bar moves every chunk. */
const CHUNK = 50;
/** A ticket with its photo is under 200 KB; 50,000 of them stay far below this. */
const MAX_ZIP_BYTES = 8 * 1024 ** 3;
const PHOTO_TYPES = ['image/jpeg', 'image/png'];
/** The stored_file category of a printing's zip. */
const ZIP_CATEGORY = 'ticketBatch';

/**
 * Printings under way in this process, so the server's close waits for them to stop (they fail,
 * and say so, rather than write into a closed database).
 */
export class TicketPrinting {
  private readonly running = new Set<Promise<void>>();
  private closing = false;

  constructor(private readonly ctx: AppContext) {}

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
        .values({ session_id: session.id, state: 'running', total, done: 0, lang, revision, requested_by: actor.staffUserId, requested_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    await staffAudit(db, now, 'ticket.print', actor, { subject: null, detail: { sessionId: session.id, batchId: batch.id, total: batch.total } });
    const work = this.run(batch.id, session, lang, verifyBase).finally(() => this.running.delete(work));
    this.running.add(work);
    return batchView(batch);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.running]);
  }

  private async run(batchId: number, session: LoadedExamSession, lang: Language, verifyBase: string): Promise<void> {
    const { db, storage, log } = this.ctx;
    const printer = startTicketPrinter();
    try {
      const tickets = await printableTickets(db, session);
      let done = 0;
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
      await inTransaction(db, async (trx) => {
        // Recorded as every stored byte is (storage sweeps what no record names); never public, owned by nobody: only this module serves it.
        await trx
          .insertInto('stored_file')
          .values({ file_path: `/exam-tickets/${batchId}/${saved.storageKey}.zip`, owner_user_id: null, category: ZIP_CATEGORY, storage_key: saved.storageKey, original_name: `tickets-${batchId}.zip`, mime_type: 'application/zip', size_bytes: saved.size, sha256: saved.sha256, is_public: 0, created_at: finished })
          .execute();
        await trx.updateTable('ticket_batch').set({ state: 'done', done, storage_key: saved.storageKey, size: saved.size, finished_at: finished }).where('id', '=', batchId).execute();
        // In the same commit: once this printing reads as done, no older zip is served any more.
        superseded = await forgetOlderZips(trx, session.id, batchId);
      });
      for (const key of superseded) await this.ctx.storage.remove(key);
    } catch (err) {
      log.error({ err, batchId }, 'exams: printing tickets failed');
      await db
        .updateTable('ticket_batch')
        .set({ state: 'failed', error: 'failed', finished_at: this.ctx.clock.now() })
        .where('id', '=', batchId)
        .execute()
        .catch(() => undefined);
    } finally {
      await printer.close();
    }
  }
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
