import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { namePieces, nameSearchKey } from '../../lib/person-name';

const CHUNK = 500;

/**
 * Writes the search index of these forms' applicant names: the folded name on the form
 * (`applicant_search`, which a search longer than three characters is checked against) and every
 * piece of it up to three characters in `applicant_name_piece` (which finds the candidates without
 * reading every name). Old pieces go first, so a changed name leaves none behind. In chunks, with
 * one statement per chunk, so a seeder's 100,000 forms take seconds, not minutes.
 */
export async function writeNameIndex(db: Kysely<Database>, forms: readonly { id: number; name: string }[]): Promise<void> {
  for (let i = 0; i < forms.length; i += CHUNK) {
    const chunk = forms.slice(i, i + CHUNK).map((f) => ({ id: f.id, key: nameSearchKey(f.name) }));
    const ids = chunk.map((f) => f.id);
    const keys = sql.join(chunk.map((f) => sql`when ${f.id} then ${f.key}`), sql` `);
    await sql`update application_form set applicant_search = case id ${keys} end where id in (${sql.join(ids)})`.execute(db);
    await db.deleteFrom('applicant_name_piece').where('form_id', 'in', ids).execute();
    const pieces = chunk.flatMap((f) => namePieces(f.key).map((piece) => ({ piece, form_id: f.id })));
    for (let j = 0; j < pieces.length; j += CHUNK) await db.insertInto('applicant_name_piece').values(pieces.slice(j, j + CHUNK)).execute();
  }
}
