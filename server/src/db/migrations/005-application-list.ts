import type { Kysely, Migration } from 'kysely';

/**
 * The back office's applications list (issue #9) pages through an area's applications newest
 * first (or by last save) at 100,000 applications: an index per order reads one page, not all.
 */
export const applicationList: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('application_form_submitted').on('application_form').columns(['area', 'submitted_at']).execute();
    await db.schema.createIndex('application_form_saved').on('application_form').columns(['area', 'saved_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('application_form_saved').execute();
    await db.schema.dropIndex('application_form_submitted').execute();
  },
};
