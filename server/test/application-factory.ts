/**
 * Applications written straight into the tables, many at a time: for the back office's list tests
 * and the 100k-application benchmark, where walking each applicant through the portal's services
 * would take hours. The rows have the shape those services write, and the forms' list states are
 * recomputed from them as the services do.
 */
import { sql, type Insertable } from 'kysely';
import type { Database, DB } from '../src/db/database';
import { refreshAllListStates } from '../src/modules/applications/list-states';

export interface ApplicationSpec {
  number: string;
  name: string;
  registerType: number;
  recruitYear: string;
  area: string;
  departmentId: number | null;
  programmeId: number | null;
  supervisorId?: number | null;
  formStatus: 'draft' | 'submitted' | 'returned';
  savedAt: number;
  submittedAt: number | null;
  paid: boolean;
  photo: 'missing' | 'uploaded' | 'approved' | 'rejected';
  qualification: 'pending' | 'pass' | 'fail';
}

const CHUNK = 500;

async function insertChunked<T extends keyof Database & string>(db: DB, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Kysely's insert typing cannot follow a table chosen at run time.
    await db.insertInto(table).values(rows.slice(i, i + CHUNK) as never).execute();
  }
}

/** Inserts the applicants and their records; returns their user ids in the order given. */
export async function insertApplications(db: DB, now: number, specs: readonly ApplicationSpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < specs.length; i += CHUNK) {
    const chunk = specs.slice(i, i + CHUNK);
    const users = await db
      .insertInto('app_user')
      .values(
        chunk.map((s) => ({
          kind: 'applicant',
          login_name: null,
          applicant_number: s.number,
          user_register_type: s.registerType,
          recruit_year: s.recruitYear,
          name: s.name,
          id_type: null,
          id_number: null,
          sex: null,
          email: `${s.number}@example.edu`,
          mobile: null,
          // Not a hash of anything: these accounts never sign in.
          password_hash: '!',
          security_question: null,
          security_answer_hash: null,
          dept_id: null,
          avatar: '',
          introduction: '',
          status: 'active',
          created_at: s.savedAt,
          updated_at: s.savedAt,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...users.map((u) => u.id));
  }
  const owned = specs.map((s, i) => ({ s, userId: ids[i]! }));
  await insertChunked(
    db,
    'application_form',
    owned.map(({ s, userId }) => ({
      user_id: userId,
      recruit_year: s.recruitYear,
      area: s.area,
      status: s.formStatus,
      sections_json: '{}',
      version: 1,
      reopened_sections: null,
      return_reason: s.formStatus === 'returned' ? 'Please correct your education history.' : null,
      returned_until: null,
      department_id: s.departmentId,
      programme_id: s.programmeId,
      supervisor_id: s.supervisorId ?? null,
      saved_at: s.savedAt,
      submitted_at: s.submittedAt,
      created_at: s.savedAt,
    })),
  );
  await insertChunked(
    db,
    'payment_order',
    owned
      .filter(({ s }) => s.paid)
      .map(({ s, userId }) => ({
        order_no: `F${s.number}`,
        user_id: userId,
        recruit_year: s.recruitYear,
        area: s.area,
        purpose: 'applicationFee',
        amount_cents: 20000,
        currency: 'CNY',
        provider: 'sandbox',
        status: 'paid',
        provider_trade_no: `SBXF${s.number}`,
        paid_at: s.savedAt,
        created_at: s.savedAt,
        updated_at: s.savedAt,
      })),
  );
  const photos = owned.filter(({ s }) => s.photo !== 'missing');
  const files: number[] = [];
  for (let i = 0; i < photos.length; i += CHUNK) {
    const rows = await db
      .insertInto('stored_file')
      .values(
        photos.slice(i, i + CHUNK).map(({ s, userId }) => ({
          file_path: `/zsData/synthetic/${s.number}.jpg`,
          owner_user_id: userId,
          category: 'idPhoto',
          storage_key: `synthetic-${s.number}`,
          original_name: 'photo.jpg',
          mime_type: 'image/jpeg',
          size_bytes: 1,
          sha256: '0'.repeat(64),
          is_public: 0,
          created_at: s.savedAt,
        })),
      )
      .returning('id')
      .execute();
    files.push(...rows.map((r) => r.id));
  }
  await insertChunked(
    db,
    'application_material',
    photos.map(({ s, userId }, i) => ({
      user_id: userId,
      recruit_year: s.recruitYear,
      area: s.area,
      category: 'idPhoto',
      stored_file_id: files[i]!,
      status: s.photo,
      review_reason: s.photo === 'rejected' ? 'The background is not plain.' : null,
      reviewed_at: s.photo === 'uploaded' ? null : s.savedAt,
      created_at: s.savedAt,
    })),
  );
  await insertChunked(
    db,
    'review_decision',
    owned
      .filter(({ s }) => s.qualification !== 'pending')
      .map(({ s, userId }) => ({
        user_id: userId,
        recruit_year: s.recruitYear,
        area: s.area,
        stage: 'qualificationReview',
        outcome: s.qualification,
        reason: s.qualification === 'fail' ? 'The degree does not meet the requirement.' : null,
        decided_by: null,
        decided_at: s.savedAt,
      })),
  );
  // Rows written in bulk have no statistics yet; without them PostgreSQL looks for each form's
  // newest photo through the photo queue's index, and refreshing 100,000 forms takes minutes.
  for (const table of ['payment_order', 'application_material', 'review_decision']) await sql`analyze ${sql.table(table)}`.execute(db);
  // The list reads the states kept on the form, computed here from the rows just written.
  await refreshAllListStates(db);
  return ids;
}
