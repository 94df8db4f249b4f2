import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Mail that must go out even if the process dies after the change that calls for it (issue #12):
 * written in the same transaction as that change, then sent by the relay (modules/outbox).
 * `dedupe_key` makes writing it twice (a release fired again after a crash) write it once;
 * `state` is pending → sending (claimed until `claimed_until`) → sent, or failed after its tries;
 * `next_at` is when a pending mail may next be tried (later after each failure).
 */
export function mailOutbox(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', t.id, (c) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_at', t.millis, (c) => c.notNull())
        .addColumn('claimed_until', t.millis)
        .addColumn('last_error', 'text')
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .addColumn('sent_at', t.millis)
        .execute();
      // The relay's one question: what is due now, in order.
      await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['state', 'next_at']).execute();
      await db.schema.createIndex('mail_outbox_topic').on('mail_outbox').columns(['topic', 'state']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mail_outbox').execute();
    },
  };
}
