import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Admission paperwork: when staff entered the tracking number of what they posted, so the applicant
 * reads "the admission notice was posted on …". The record's updated_at cannot say it: it moves with
 * the applicant's own edits.
 */
export function admissionPaperwork(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('admission_record').addColumn('tracking_set_at', t.millis).execute();
    },
  };
}
