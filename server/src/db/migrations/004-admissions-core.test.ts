import { DOCTOR_AREA } from '@gradus/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import type { Database } from '../database';
import { migrationsFor } from '../migrate';

/** Migration 004 keeps a running portal's data: every row written before it was doctoral. */
let db: Kysely<Database>;
let drop: () => Promise<void>;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-migration-'));
  const fresh = await freshDatabase(dataDir);
  db = fresh.database.db;
  drop = fresh.drop;
  const migrator = (kind: typeof fresh.database.kind) =>
    new Migrator({ db, provider: { getMigrations: async () => migrationsFor(kind) }, ...(fresh.database.schema ? { migrationTableSchema: fresh.database.schema } : {}) });
  const before = await migrator(fresh.database.kind).migrateTo('003-admission');
  if (before.error) throw before.error;

  // A portal as #4 left it: an administrator, a doctoral applicant with a form and a decision, a stage window.
  const now = 1_790_000_000_000;
  await db.insertInto('recruit_year').values({ year: '2027', is_current: 1, created_at: now }).execute();
  await db.insertInto('role').values([{ role_key: 'zs_admin', role_name: 'a', order_num: 1 }, { role_key: 'zs_doctor', role_name: 'd', order_num: 2 }]).execute();
  const roles = new Map((await db.selectFrom('role').select(['id', 'role_key']).execute()).map((r) => [r.role_key, r.id]));
  const user = (kind: string, name: string) =>
    db.insertInto('app_user').values({ kind, name, password_hash: 'x', avatar: '', introduction: '', status: 'active', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const admin = await user('staff', 'admin');
  const applicant = await user('applicant', 'applicant');
  await db.insertInto('user_role').values([{ user_id: admin.id, role_id: roles.get('zs_admin')!, order_num: 0 }, { user_id: applicant.id, role_id: roles.get('zs_doctor')!, order_num: 0 }]).execute();
  const dept = await db.insertInto('department').values({ code: 'CS', name_zh: 'c', name_en: 'c', order_num: 1 }).returning('id').executeTakeFirstOrThrow();
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('application_form')
    .values({ user_id: applicant.id, recruit_year: '2027', area: DOCTOR_AREA, status: 'submitted', sections_json: JSON.stringify({ intended: { departmentId: dept.id, programmeId: 7, supervisorId: 9 } }), version: 3, saved_at: now, created_at: now })
    .execute();
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('review_decision')
    .values({ user_id: applicant.id, recruit_year: '2027', stage: 'qualificationReview', outcome: 'pass', reason: null, decided_by: null, decided_at: now })
    .execute();
  await db.insertInto('system_config').values({ system_type: DOCTOR_AREA, system_key: 'stage.feePaid.closesAt', system_value: '2027-03-10T09:00:00.000Z', is_secret: 0, updated_at: now }).execute();

  const after = await migrator(fresh.database.kind).migrateToLatest();
  if (after.error) throw after.error;
});
afterAll(async () => {
  await db.destroy();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('migration 004 on a running portal', () => {
  it("gives the staff results their area: every existing one is the doctor area's", async () => {
    expect(await db.selectFrom('review_decision').select(['area', 'stage', 'outcome']).execute()).toEqual([{ area: DOCTOR_AREA, stage: 'qualificationReview', outcome: 'pass' }]);
  });

  it("copies the form's intended choice into columns", async () => {
    const form = await db.selectFrom('application_form').select(['department_id', 'programme_id', 'supervisor_id', 'version']).executeTakeFirstOrThrow();
    expect(form).toMatchObject({ programme_id: 7, supervisor_id: 9, version: 3 });
    expect(form.department_id).toBeGreaterThan(0);
  });

  it('keeps the stage window, now under the current recruitment year', async () => {
    const rows = await db.selectFrom('system_config').select(['system_key', 'system_value']).where('system_key', 'like', 'stage.%').execute();
    expect(rows).toEqual([{ system_key: 'stage.2027.feePaid.closesAt', system_value: '2027-03-10T09:00:00.000Z' }]);
  });

  it('lets the administrators of a running portal keep publishing, as an explicit permission', async () => {
    const grants = await db.selectFrom('staff_permission as p').innerJoin('app_user as u', 'u.id', 'p.user_id').select(['u.name', 'p.permission']).execute();
    expect(grants).toEqual([{ name: 'admin', permission: 'results.publish' }]);
  });
});
