import type { Selectable } from 'kysely';
import type { TicketBatchState, TicketBatchView } from '@gradus/contract';
import type { DB, TicketBatchTable } from '../../../db/database';

/** The rows of ticket printings (migration 017) and how the office reads them. */
export type TicketBatchRow = Selectable<TicketBatchTable>;

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export const batchView = (row: TicketBatchRow): TicketBatchView => ({
  id: row.id,
  sessionId: row.session_id,
  state: row.state as TicketBatchState,
  total: row.total,
  done: row.done,
  requestedAt: iso(row.requested_at),
  finishedAt: row.finished_at === null ? null : iso(row.finished_at),
  size: row.size,
  error: row.error === 'interrupted' || row.error === 'failed' ? row.error : null,
});

/** Each session's latest printing. */
export async function latestBatches(db: DB, sessionIds: number[]): Promise<Map<number, TicketBatchRow>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db.selectFrom('ticket_batch').selectAll().where('session_id', 'in', sessionIds).orderBy('id').execute();
  return new Map(rows.map((r) => [r.session_id, r]));
}

export async function loadBatch(db: DB, batchId: number): Promise<TicketBatchRow | undefined> {
  return db.selectFrom('ticket_batch').selectAll().where('id', '=', batchId).executeTakeFirst();
}
