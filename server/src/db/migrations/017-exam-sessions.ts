import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Exam sessions and their tickets printed in the background (issue #10, "Exams and tickets"):
 *
 * - `exam_session`: one sitting of an exam kind (the foreign-language exam, the comprehensive
 *   assessment) in a year: subject, time, venue, notes printed on its tickets.
 * - `exam_room`: the session's rooms with their capacity, in the order seats are filled.
 * - `exam_ticket.session_id` and `room_id`: the session and room a ticket seats its holder in (null
 *   for a ticket the command line arranged on its own). A ticket keeps its own copy of the time and
 *   place, as printed; changing the session rewrites its tickets in the same transaction.
 * - `ticket_batch`: one background printing of a session's tickets into a zip of PDFs, with its
 *   progress; the zip's bytes live in file storage under `storage_key`.
 */
export function examSessions(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  const id = () => ['id', t.id, (c: ColumnDefinitionBuilder) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey())] as const;
  const account = (c: ColumnDefinitionBuilder) => c.references('app_user.id').onDelete('set null');
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('exam_session')
        .addColumn(...id())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('starts_at', t.millis, (c) => c.notNull())
        .addColumn('ends_at', t.millis, (c) => c.notNull())
        .addColumn('venue', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        // Counts the changes to what its tickets print (a seat, a time): a printing of an older count is out of date.
        .addColumn('tickets_revision', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', account)
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('exam_session_cycle').on('exam_session').columns(['area', 'recruit_year', 'kind']).execute();
      await db.schema
        .createTable('exam_room')
        .addColumn(...id())
        .addColumn('session_id', 'integer', (c) => c.notNull().references('exam_session.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('exam_room_name').on('exam_room').columns(['session_id', 'name']).unique().execute();
      await db.schema.alterTable('exam_ticket').addColumn('session_id', 'integer', (c) => c.references('exam_session.id').onDelete('cascade')).execute();
      // Set null, never cascade: a room with seated applicants cannot be removed (the service refuses).
      await db.schema.alterTable('exam_ticket').addColumn('room_id', 'integer', (c) => c.references('exam_room.id').onDelete('set null')).execute();
      await db.schema.createIndex('exam_ticket_session').on('exam_ticket').columns(['session_id']).execute();
      await db.schema
        .createTable('ticket_batch')
        .addColumn(...id())
        .addColumn('session_id', 'integer', (c) => c.notNull().references('exam_session.id').onDelete('cascade'))
        // 'running' | 'done' | 'failed'
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lang', 'text', (c) => c.notNull())
        // The session's tickets_revision it printed.
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('storage_key', 'text')
        .addColumn('size', 'integer')
        .addColumn('error', 'text')
        .addColumn('requested_by', 'integer', account)
        .addColumn('requested_at', t.millis, (c) => c.notNull())
        .addColumn('finished_at', t.millis)
        .execute();
      await db.schema.createIndex('ticket_batch_session').on('ticket_batch').columns(['session_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('ticket_batch').execute();
      await db.schema.dropIndex('exam_ticket_session').execute();
      await db.schema.alterTable('exam_ticket').dropColumn('room_id').execute();
      await db.schema.alterTable('exam_ticket').dropColumn('session_id').execute();
      await db.schema.dropTable('exam_room').execute();
      await db.schema.dropTable('exam_session').execute();
    },
  };
}
