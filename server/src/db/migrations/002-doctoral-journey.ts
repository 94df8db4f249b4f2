import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * The doctoral journey (issue #4): the catalogue below programmes, application forms, materials,
 * payment orders with their ledger and the sandbox gateway's own book, review decisions, exam
 * tickets, scores and admission paperwork. Every applicant record carries user_id and
 * recruit_year. The application's own records (form, materials, payment orders) also carry area,
 * so the summer-camp and tuimian journeys can reuse those tables; the staff results (decisions,
 * tickets, scores, admission paperwork) are doctoral only and do not.
 */
export function doctoralJourney(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  const id = () => ['id', t.id, (c: ColumnDefinitionBuilder) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey())] as const;
  const owner = (c: ColumnDefinitionBuilder) => c.notNull().references('app_user.id').onDelete('cascade');

  return {
    async up(db: Kysely<unknown>) {
      // Which gate (contract MENU_GATES) opens a menu row for an applicant; null = role grant alone.
      await db.schema.alterTable('menu').addColumn('stage_gate', 'text').execute();

      await db.schema
        .createTable('research_direction')
        .addColumn(...id())
        .addColumn('programme_id', 'integer', (c) => c.notNull().references('programme.id'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name_zh', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('supervisor')
        .addColumn(...id())
        .addColumn('direction_id', 'integer', (c) => c.notNull().references('research_direction.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('title_zh', 'text', (c) => c.notNull())
        .addColumn('title_en', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('application_form')
        .addColumn(...id())
        .addColumn('user_id', 'integer', owner)
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        // 'draft' | 'submitted' | 'returned'
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('sections_json', 'text', (c) => c.notNull())
        // Optimistic concurrency: every save names the version it edited.
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reopened_sections', 'text')
        .addColumn('return_reason', 'text')
        // A returned form's correction deadline: it replaces the registration window while returned.
        .addColumn('returned_until', t.millis)
        .addColumn('saved_at', t.millis, (c) => c.notNull())
        .addColumn('submitted_at', t.millis)
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('application_form_owner').on('application_form').columns(['user_id', 'recruit_year', 'area']).unique().execute();

      await db.schema
        .createTable('application_material')
        .addColumn(...id())
        .addColumn('user_id', 'integer', owner)
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('stored_file_id', 'integer', (c) => c.notNull().unique().references('stored_file.id'))
        // 'uploaded' | 'approved' | 'rejected'
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('review_reason', 'text')
        .addColumn('reviewed_at', t.millis)
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('application_material_owner').on('application_material').columns(['user_id', 'recruit_year', 'category']).execute();

      await db.schema
        .createTable('payment_order')
        .addColumn(...id())
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', owner)
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        // 'pending' | 'paid' | 'closed'
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider_trade_no', 'text')
        .addColumn('paid_at', t.millis)
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .execute();
      // One order per applicant, cycle and purpose: paying twice is impossible by construction.
      await db.schema.createIndex('payment_order_owner').on('payment_order').columns(['user_id', 'recruit_year', 'area', 'purpose']).unique().execute();
      await db.schema
        .createTable('payment_ledger')
        .addColumn(...id())
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('payment_order.id'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_trade_no', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('paid_at', t.millis, (c) => c.notNull())
        .addColumn('recorded_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_ledger_trade').on('payment_ledger').columns(['provider', 'provider_trade_no']).unique().execute();
      await db.schema
        .createTable('payment_notification')
        .addColumn(...id())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('order_no', 'text')
        .addColumn('received_at', t.millis, (c) => c.notNull())
        .addColumn('signature_valid', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();
      // The sandbox gateway's own book, as a real gateway keeps it on its side.
      await db.schema
        .createTable('sandbox_trade')
        .addColumn(...id())
        .addColumn('trade_no', 'text', (c) => c.notNull().unique())
        .addColumn('merchant_order_no', 'text', (c) => c.notNull().unique())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('notify_url', 'text', (c) => c.notNull())
        .addColumn('return_url', 'text', (c) => c.notNull())
        // 'open' | 'paid'
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('paid_at', t.millis)
        .addColumn('notify_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_notify_at', t.millis)
        .addColumn('notified_at', t.millis)
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('review_decision')
        .addColumn(...id())
        .addColumn('user_id', 'integer', owner)
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        // 'pass' | 'fail'
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('decided_by', 'integer', (c) => c.references('app_user.id'))
        .addColumn('decided_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('review_decision_owner').on('review_decision').columns(['user_id', 'recruit_year', 'stage']).unique().execute();
      // The back office lists one stage of one cycle.
      await db.schema.createIndex('review_decision_cycle').on('review_decision').columns(['recruit_year', 'stage']).execute();

      await db.schema
        .createTable('exam_ticket')
        .addColumn(...id())
        .addColumn('user_id', 'integer', owner)
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ticket_no', 'text', (c) => c.notNull().unique())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('starts_at', t.millis, (c) => c.notNull())
        .addColumn('ends_at', t.millis, (c) => c.notNull())
        .addColumn('venue', 'text', (c) => c.notNull())
        .addColumn('room', 'text', (c) => c.notNull())
        .addColumn('seat', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        // Random, unguessable: the QR code carries it to the public verification page.
        .addColumn('verify_code', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('exam_ticket_owner').on('exam_ticket').columns(['user_id', 'recruit_year', 'kind']).unique().execute();
      await db.schema.createIndex('exam_ticket_cycle').on('exam_ticket').columns(['recruit_year', 'kind']).execute();
      // One applicant per seat and start time, whatever the service's overlap check misses in a race
      // (results/staff.ts refuses any overlap, with a message naming the seat's holder).
      await db.schema.createIndex('exam_ticket_seat').on('exam_ticket').columns(['venue', 'room', 'seat', 'starts_at']).unique().execute();

      await db.schema
        .createTable('exam_score')
        .addColumn(...id())
        .addColumn('user_id', 'integer', owner)
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        // Integer hundredths (78.5 -> 7850): exact, comparable and summable in SQL on both
        // dialects; the API's decimal text is converted at the edge (results/score-codec.ts).
        .addColumn('score_hundredths', 'integer', (c) => c.notNull())
        .addColumn('max_score_hundredths', 'integer', (c) => c.notNull())
        .addColumn('detail_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('recorded_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('exam_score_owner').on('exam_score').columns(['user_id', 'recruit_year', 'kind']).unique().execute();
      await db.schema.createIndex('exam_score_cycle').on('exam_score').columns(['recruit_year', 'kind']).execute();

      await db.schema
        .createTable('admission_record')
        .addColumn(...id())
        .addColumn('user_id', 'integer', owner)
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        // 'archive' | 'notice' | 'paperLetter'
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('tracking_number', 'text')
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .addColumn('updated_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('admission_record_owner').on('admission_record').columns(['user_id', 'recruit_year', 'kind']).unique().execute();
    },
  };
}
