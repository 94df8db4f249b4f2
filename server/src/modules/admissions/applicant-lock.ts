import type { DB } from '../../db/database';

/**
 * Serialises one applicant's material changes: a write to their own account row holds a row lock
 * on PostgreSQL until the transaction ends (SQLite runs one write transaction at a time anyway), so
 * two uploads racing for the last free place cannot both take it. Portable, unlike SELECT ... FOR UPDATE.
 */
export async function lockApplicant(db: DB, userId: number): Promise<void> {
  await db.updateTable('app_user').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', userId).execute();
}
