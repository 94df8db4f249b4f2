import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Bank-transfer receipts (issue #11): `payment_offline_receipt` holds each receipt an applicant
 * uploaded for an order (the file itself is a `stored_file`), waiting until the admissions office
 * confirms it (the order is settled by the common settlement) or rejects it with a reason. Two
 * partial unique indexes keep, whatever races: one receipt waiting per order (a second upload is
 * refused until the first is decided) and one confirmed per order. Both dialects take `where` on
 * an index.
 */
export function offlineReceipts(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payment_offline_receipt')
        .addColumn('id', t.id, (c) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('payment_order.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('stored_file_id', 'integer', (c) => c.notNull().references('stored_file.id'))
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('reference', 'text')
        .addColumn('submitted_at', t.millis, (c) => c.notNull())
        .addColumn('decided_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
        .addColumn('decided_at', t.millis)
        .execute();
      await db.schema.createIndex('payment_offline_receipt_cycle').on('payment_offline_receipt').columns(['recruit_year', 'state', 'submitted_at']).execute();
      await db.schema.createIndex('payment_offline_receipt_order').on('payment_offline_receipt').columns(['order_id', 'submitted_at']).execute();
      await sql.raw("create unique index payment_offline_receipt_one_waiting on payment_offline_receipt (order_id) where state = 'submitted'").execute(db);
      await sql.raw("create unique index payment_offline_receipt_one_confirmed on payment_offline_receipt (order_id) where state = 'confirmed'").execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('payment_offline_receipt').execute();
    },
  };
}
