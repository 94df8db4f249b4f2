import type { Kysely, Migration } from 'kysely';

/**
 * Ticket printings run as background jobs (issue #12), which may start on another instance or
 * after a restart, away from the request that asked: the address the tickets' QR codes lead to is
 * kept with the printing. Null for printings recorded before (their jobs fall back to PUBLIC_URL).
 */
export const ticketBatchJobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('ticket_batch').addColumn('verify_base', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('ticket_batch').dropColumn('verify_base').execute();
  },
};
