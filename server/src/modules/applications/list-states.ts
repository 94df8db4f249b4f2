import { DEPARTMENT_REVIEW_STAGE, ID_PHOTO_CATEGORY, QUALIFICATION_REVIEW_STAGE } from '@gradus/contract';
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, DB } from '../../db/database';
import { nameSearchKey } from '../../lib/person-name';
import { writeNameIndex } from './name-index';

/** One application: an applicant's form of one cycle and area. */
export interface ApplicationOwner {
  userId: number;
  recruitYear: string;
  area: string;
}

type Form = ExpressionBuilder<Database, 'application_form'>;

/** The row under `alias` belongs to the form being updated: the same applicant, cycle and area. */
const ofTheForm = (alias: string) =>
  sql<SqlBool>`${sql.ref(`${alias}.user_id`)} = ${sql.ref('application_form.user_id')} and ${sql.ref(`${alias}.recruit_year`)} = ${sql.ref('application_form.recruit_year')} and ${sql.ref(`${alias}.area`)} = ${sql.ref('application_form.area')}`;

/**
 * The three states as the list shows them, recomputed from where they are decided: the fee is paid
 * when the cycle has a paid order of the area; the photo is the newest ID photo (older ones were
 * replaced); the qualification is the eligibility review's decision, the department review the
 * school's before it. With them, the applicant's name and number, which the list orders by.
 */
const recomputed = (eb: Form) => ({
  // Not states, but copied the same way for the list's name and number orders (neither changes).
  applicant_name: eb.fn.coalesce(eb.selectFrom('app_user as a').select('a.name').whereRef('a.id', '=', 'application_form.user_id'), sql.lit('')),
  applicant_number: eb.fn.coalesce(eb.selectFrom('app_user as a').select('a.applicant_number').whereRef('a.id', '=', 'application_form.user_id'), sql.lit('')),
  fee_paid: eb
    .case()
    .when(eb.exists(eb.selectFrom('payment_order as po').select('po.id').where(ofTheForm('po')).where('po.status', '=', 'paid')))
    .then(1)
    .else(0)
    .end(),
  photo_status: eb.fn.coalesce(
    eb
      .selectFrom('application_material as m')
      .select('m.status')
      .where(ofTheForm('m'))
      .where('m.category', '=', ID_PHOTO_CATEGORY)
      .orderBy('m.id', 'desc')
      .limit(1),
    sql.lit('missing'),
  ),
  qualification: eb.fn.coalesce(
    eb.selectFrom('review_decision as rd').select('rd.outcome').where(ofTheForm('rd')).where('rd.stage', '=', QUALIFICATION_REVIEW_STAGE),
    sql.lit('pending'),
  ),
  department_review: eb.fn.coalesce(
    eb.selectFrom('review_decision as rd').select('rd.outcome').where(ofTheForm('rd')).where('rd.stage', '=', DEPARTMENT_REVIEW_STAGE),
    sql.lit('pending'),
  ),
});

/**
 * Recomputes the list's states of one application from the orders, materials and decisions. Call
 * it after every write to those, inside the write's transaction when it has one, so the list never
 * shows what the tables do not say. Nothing happens when the applicant has no form yet: the form
 * computes its states when it is created.
 *
 * Two statements on purpose: the first takes the form's row lock, so the second starts (on
 * PostgreSQL, with a fresh snapshot per statement) only after any other transaction refreshing this
 * form has committed, and sees that transaction's writes. One statement would read its snapshot
 * before waiting for the lock, and two racing writers could leave the older state behind.
 */
export async function refreshListStates(db: DB, owner: ApplicationOwner): Promise<void> {
  await db
    .updateTable('application_form')
    .set((eb) => ({ fee_paid: eb.ref('fee_paid') }))
    .where('user_id', '=', owner.userId)
    .where('recruit_year', '=', owner.recruitYear)
    .where('area', '=', owner.area)
    .execute();
  await db
    .updateTable('application_form')
    .set(recomputed)
    .where('user_id', '=', owner.userId)
    .where('recruit_year', '=', owner.recruitYear)
    .where('area', '=', owner.area)
    .execute();
  const form = await db
    .selectFrom('application_form')
    .select(['id', 'applicant_name as name', 'applicant_search'])
    .where('user_id', '=', owner.userId)
    .where('recruit_year', '=', owner.recruitYear)
    .where('area', '=', owner.area)
    .executeTakeFirst();
  // The name's search index, written with the name and only when the name is new to it.
  if (form && form.applicant_search !== nameSearchKey(form.name)) await writeNameIndex(db, [form]);
}

/**
 * The same for every form at once: for seeders that write orders, materials and decisions straight
 * into the tables (tests, the 100k-application benchmark). One statement for the states, not one
 * per form; the names' search index in chunks.
 */
export async function refreshAllListStates(db: DB): Promise<void> {
  await db.updateTable('application_form').set(recomputed).execute();
  await writeNameIndex(db, await db.selectFrom('application_form').select(['id', 'applicant_name as name']).execute());
}
