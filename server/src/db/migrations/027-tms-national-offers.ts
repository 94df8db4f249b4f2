import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * The admissions office's record of its tuimian offers in the national recommended-exemption system
 * (issue #11): one a year per applicant. `state` is contract TMS_NATIONAL_OFFER_STATES; `sent_at`
 * when the offer went out there; `answered_at` when the applicant accepted or declined it there;
 * `notified_at` when the applicant was mailed that the offer waits for them there (once, ever).
 * Admission itself happens in that system; this row only says here what the office saw there.
 */
export function tmsNationalOffers(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tms_national_offer')
        .addColumn('id', t.id, (c) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('sent_at', t.millis, (c) => c.notNull())
        .addColumn('answered_at', t.millis)
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('recorded_by', 'integer', (c) => c.references('app_user.id'))
        .addColumn('recorded_at', t.millis, (c) => c.notNull())
        .addColumn('notified_at', t.millis)
        .addUniqueConstraint('tms_national_offer_one_a_year', ['user_id', 'recruit_year'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('tms_national_offer').execute();
    },
  };
}
