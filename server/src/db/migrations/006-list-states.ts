import { ID_PHOTO_CATEGORY } from '@gradus/contract';
import { sql, type Kysely, type Migration } from 'kysely';
import { newestFirst, type DialectKind } from '../dialect';

/** The review stage the list calls "qualification" (contract QUALIFICATION_REVIEW_STAGE when this was written). */
const QUALIFICATION_STAGE = 'qualificationReview';

/**
 * The applications list (issue #9) filters 100,000 applications by fee, photo and eligibility
 * review. Computed per form from the orders, materials and decisions, those filters and their
 * counts read every form (50 to 260 ms); kept on the form, written where they change
 * (modules/applications/list-states.ts), each is an index range read in the list's order.
 *
 * The list reads newest first with drafts last and the form's id breaking ties; migration 005's
 * indexes gave that order to SQLite only, so PostgreSQL sorted every form of the area for one page.
 * They are made again here in the list's exact order.
 *
 * The backfill is plain SQL written here, not the module's function: a migration must do what it
 * did when it was written, whatever the code becomes.
 */
export function listStates(kind: DialectKind): Migration {
  const index = (db: Kysely<unknown>, name: string, columns: string[]) =>
    db.schema.createIndex(name).on('application_form').expression(sql.raw(columns.join(', '))).execute();
  const submittedOrder = [newestFirst(kind, 'submitted_at'), 'id desc'];

  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('application_form').addColumn('fee_paid', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      // 'missing' | 'uploaded' | 'approved' | 'rejected': the newest ID photo's status.
      await db.schema.alterTable('application_form').addColumn('photo_status', 'text', (c) => c.notNull().defaultTo('missing')).execute();
      // 'pending' | 'pass' | 'fail': the eligibility review's outcome.
      await db.schema.alterTable('application_form').addColumn('qualification', 'text', (c) => c.notNull().defaultTo('pending')).execute();

      const ofTheForm = (alias: string) =>
        sql`${sql.ref(`${alias}.user_id`)} = application_form.user_id and ${sql.ref(`${alias}.recruit_year`)} = application_form.recruit_year and ${sql.ref(`${alias}.area`)} = application_form.area`;
      await sql`
        update application_form set
          fee_paid = case when exists (select 1 from payment_order po where ${ofTheForm('po')} and po.status = 'paid') then 1 else 0 end,
          photo_status = coalesce((select m.status from application_material m where ${ofTheForm('m')} and m.category = ${ID_PHOTO_CATEGORY} order by m.id desc limit 1), 'missing'),
          qualification = coalesce((select rd.outcome from review_decision rd where ${ofTheForm('rd')} and rd.stage = ${QUALIFICATION_STAGE}), 'pending')
      `.execute(db);

      await db.schema.dropIndex('application_form_submitted').execute();
      await db.schema.dropIndex('application_form_saved').execute();
      await index(db, 'application_form_submitted', ['area', ...submittedOrder]);
      await index(db, 'application_form_saved', ['area', newestFirst(kind, 'saved_at'), 'id desc']);
      // Each state filter read in the list's default order and counted from the index alone; with
      // the applicant, so a page ordered by name or number joins the accounts straight from it.
      await index(db, 'application_form_fee', ['area', 'fee_paid', ...submittedOrder, 'user_id']);
      await index(db, 'application_form_photo', ['area', 'photo_status', ...submittedOrder, 'user_id']);
      await index(db, 'application_form_qualification', ['area', 'qualification', ...submittedOrder, 'user_id']);
      // A secretary's school across areas: newest first, with what the filters test, so a page
      // stops after a few rows and the count reads the index, not 30,000 forms.
      await index(db, 'application_form_school', ['department_id', ...submittedOrder, 'status', 'fee_paid', 'photo_status', 'qualification']);

      // A search for part of a name reads every name: from this narrow index on SQLite rather than
      // from every account's row (twice as fast), and an order by name can walk it.
      await db.schema.createIndex('app_user_name').on('app_user').column('name').execute();

      // The photo review queue takes an area's oldest photo waiting for review; the owner index
      // (user, year, category) cannot find it without reading every material.
      await db.schema.createIndex('application_material_queue').on('application_material').columns(['area', 'category', 'status', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('application_material_queue').execute();
      await db.schema.dropIndex('app_user_name').execute();
      for (const name of ['school', 'qualification', 'photo', 'fee', 'saved', 'submitted']) await db.schema.dropIndex(`application_form_${name}`).execute();
      await db.schema.createIndex('application_form_submitted').on('application_form').columns(['area', 'submitted_at']).execute();
      await db.schema.createIndex('application_form_saved').on('application_form').columns(['area', 'saved_at']).execute();
      for (const column of ['qualification', 'photo_status', 'fee_paid']) await db.schema.alterTable('application_form').dropColumn(column).execute();
    },
  };
}
