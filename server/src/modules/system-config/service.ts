import { registrationAreaOf, type SystemConfigEntry, type SystemType } from '@gradus/contract';
import type { DB } from '../../db/database';

/** Every non-secret configuration row, for the client. Secrets (signing keys) never leave the server. */
export async function publicConfig(db: DB): Promise<SystemConfigEntry[]> {
  const rows = await db
    .selectFrom('system_config')
    .select(['system_type', 'system_key', 'system_value'])
    .where('is_secret', '=', 0)
    .orderBy('system_type')
    .orderBy('system_key')
    .execute();
  return rows.map((r) => ({ systemType: r.system_type as SystemType, systemKey: r.system_key, systemValue: r.system_value }));
}

export async function configValue(db: DB, type: SystemType, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('system_config')
    .select('system_value')
    .where('system_type', '=', type)
    .where('system_key', '=', key)
    .executeTakeFirst();
  return row?.system_value;
}

export async function setConfigValue(db: DB, now: number, type: SystemType, key: string, value: string, secret = false): Promise<void> {
  await db
    .insertInto('system_config')
    .values({ system_type: type, system_key: key, system_value: value, is_secret: secret ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.columns(['system_type', 'system_key']).doUpdateSet({ system_value: value, is_secret: secret ? 1 : 0, updated_at: now }))
    .execute();
}

/** Open when now is within `registrationStart`..`registrationEnd` (ISO dates) of the area; open if unset. */
export async function isRegistrationOpen(db: DB, type: number, now: number): Promise<boolean> {
  const area = registrationAreaOf(type);
  if (!area) return false;
  const rows = await db
    .selectFrom('system_config')
    .select(['system_key', 'system_value'])
    .where('system_type', '=', area)
    .where('system_key', 'in', ['registrationStart', 'registrationEnd'])
    .execute();
  const value = (k: string) => rows.find((r) => r.system_key === k)?.system_value;
  const start = value('registrationStart');
  const end = value('registrationEnd');
  if (start && now < Date.parse(start)) return false;
  if (end && now > Date.parse(end)) return false;
  return true;
}
