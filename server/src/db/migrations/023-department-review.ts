import { sql, type Kysely, type Migration } from 'kysely';
import { newestFirst, type DialectKind } from '../dialect';

/** The school's review stage (contract DEPARTMENT_REVIEW_STAGE when this was written). */
const DEPARTMENT_STAGE = 'departmentReview';

/**
 * The school's review before the graduate school's (issue #11: summer-camp and recommended-exempt
 * applications): its outcome kept on the form with the other list states (migration 006), so a
 * school's queue of camp applications to review is an index range, like the eligibility queue.
 * 'pending' | 'pass' | 'fail'; 'pending' on a form of an area without the stage, which the list
 * never filters by it.
 */
export function departmentReview(kind: DialectKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('application_form').addColumn('department_review', 'text', (c) => c.notNull().defaultTo('pending')).execute();
      await sql`
        update application_form set department_review = coalesce((
          select rd.outcome from review_decision rd
          where rd.user_id = application_form.user_id and rd.recruit_year = application_form.recruit_year and rd.area = application_form.area and rd.stage = ${DEPARTMENT_STAGE}
        ), 'pending')
      `.execute(db);
      await db.schema
        .createIndex('application_form_department_review')
        .on('application_form')
        .expression(sql.raw(['area', 'department_review', newestFirst(kind, 'submitted_at'), 'id desc', 'user_id'].join(', ')))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('application_form_department_review').execute();
      await db.schema.alterTable('application_form').dropColumn('department_review').execute();
    },
  };
}
