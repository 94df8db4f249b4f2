import { DOCTOR_AREA, ID_PHOTO_CATEGORY, QUALIFICATION_REVIEW_STAGE } from '@gradus/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import type { Database } from '../database';
import { migrationsFor } from '../migrate';

/** Migration 006 fills the list states of the forms a running portal already has. */
let db: Kysely<Database>;
let drop: () => Promise<void>;
let dataDir: string;
const users: Record<'paidApproved' | 'replaced' | 'pending' | 'otherStage', number> = { paidApproved: 0, replaced: 0, pending: 0, otherStage: 0 };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-migration-'));
  const fresh = await freshDatabase(dataDir);
  db = fresh.database.db;
  drop = fresh.drop;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(fresh.database.kind) },
    ...(fresh.database.schema ? { migrationTableSchema: fresh.database.schema } : {}),
  });
  const before = await migrator.migrateTo('005-application-list');
  if (before.error) throw before.error;

  // Before 006 the form has no state columns: rows are written as the tables were then.
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const now = 1_790_000_000_000;
  const owner = (userId: number) => ({ user_id: userId, recruit_year: '2027', area: DOCTOR_AREA });
  for (const name of Object.keys(users) as (keyof typeof users)[]) {
    const user = await db
      .insertInto('app_user')
      .values({ kind: 'applicant', name, applicant_number: `2027${Object.keys(users).indexOf(name)}`, password_hash: 'x', avatar: '', introduction: '', status: 'active', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    users[name] = user.id;
    await loose.insertInto('application_form').values({ ...owner(user.id), status: 'submitted', sections_json: '{}', version: 1, saved_at: now, created_at: now }).execute();
  }
  const order = (userId: number, status: string, purpose: string) =>
    loose
      .insertInto('payment_order')
      .values({ ...owner(userId), order_no: `AF${userId}${status}`, purpose, amount_cents: 20000, currency: 'CNY', provider: 'sandbox', status, created_at: now, updated_at: now })
      .execute();
  await order(users.paidApproved, 'paid', 'applicationFee');
  await order(users.pending, 'pending', 'applicationFee');
  const material = async (userId: number, category: string, status: string) => {
    const file = await db
      .insertInto('stored_file')
      .values({ file_path: `/zsData/${userId}-${status}`, owner_user_id: userId, category, storage_key: `${userId}-${category}-${status}`, original_name: 'f', mime_type: 'image/jpeg', size_bytes: 1, sha256: '0', is_public: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await loose.insertInto('application_material').values({ ...owner(userId), category, stored_file_id: file.id, status, created_at: now }).execute();
  };
  await material(users.paidApproved, ID_PHOTO_CATEGORY, 'approved');
  // An old rejected photo, then its replacement: the newest one counts.
  await material(users.replaced, ID_PHOTO_CATEGORY, 'rejected');
  await material(users.replaced, ID_PHOTO_CATEGORY, 'uploaded');
  // Other materials are not the photo.
  await material(users.pending, 'transcript', 'approved');
  const decision = (userId: number, stage: string, outcome: string) =>
    loose.insertInto('review_decision').values({ ...owner(userId), stage, outcome, reason: null, decided_by: null, decided_at: now }).execute();
  await decision(users.paidApproved, QUALIFICATION_REVIEW_STAGE, 'pass');
  await decision(users.replaced, QUALIFICATION_REVIEW_STAGE, 'fail');
  await decision(users.otherStage, 'languageReview', 'pass');

  const after = await migrator.migrateToLatest();
  if (after.error) throw after.error;
});
afterAll(async () => {
  await db.destroy();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('migration 006 on a running portal', () => {
  it('fills each form with its fee, newest photo and eligibility outcome', async () => {
    const forms = await db.selectFrom('application_form').select(['user_id', 'fee_paid', 'photo_status', 'qualification']).orderBy('user_id').execute();
    expect(forms).toEqual([
      { user_id: users.paidApproved, fee_paid: 1, photo_status: 'approved', qualification: 'pass' },
      { user_id: users.replaced, fee_paid: 0, photo_status: 'uploaded', qualification: 'fail' },
      { user_id: users.pending, fee_paid: 0, photo_status: 'missing', qualification: 'pending' },
      { user_id: users.otherStage, fee_paid: 0, photo_status: 'missing', qualification: 'pending' },
    ]);
  });
});

describe('migrations 010 and 012 on a running portal', () => {
  it("copy each applicant's name and number onto the form and index the name for the list's search", async () => {
    const forms = await db.selectFrom('application_form').select(['user_id', 'applicant_name', 'applicant_number', 'applicant_search']).orderBy('user_id').execute();
    expect(forms).toEqual(
      (Object.keys(users) as (keyof typeof users)[]).map((name, i) => ({ user_id: users[name], applicant_name: name, applicant_number: `2027${i}`, applicant_search: name.toLowerCase() })),
    );
    const formOf = await db.selectFrom('application_form').select('id').where('user_id', '=', users.otherStage).executeTakeFirstOrThrow();
    const pieces = await db.selectFrom('applicant_name_piece').select('piece').where('form_id', '=', formOf.id).execute();
    // 'otherstage': ten letters, each piece of one to three of them once.
    expect(pieces.map((p) => p.piece).sort()).toEqual(['a', 'ag', 'age', 'e', 'er', 'ers', 'g', 'ge', 'h', 'he', 'her', 'o', 'ot', 'oth', 'r', 'rs', 'rst', 's', 'st', 'sta', 't', 'ta', 'tag', 'th', 'the'].sort());
  });
});
