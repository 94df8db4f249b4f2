import { randomBytes } from 'node:crypto';
import type { DB } from '../../../db/database';

/** System configuration row holding the key the sandbox gateway and the portal share (is_secret). */
export const SANDBOX_KEY = { type: 'system', key: 'paymentSandboxKey' } as const;

/**
 * The shared signing key, created with crypto randomness on first use when the configuration has
 * none. Two processes racing to create it both read back the one row that won.
 */
export async function sandboxKey(db: DB, now: number): Promise<string> {
  const read = () =>
    db
      .selectFrom('system_config')
      .select('system_value')
      .where('system_type', '=', SANDBOX_KEY.type)
      .where('system_key', '=', SANDBOX_KEY.key)
      .executeTakeFirst();
  const row = await read();
  if (row?.system_value) return row.system_value;
  const fresh = randomBytes(32).toString('base64url');
  if (row) {
    // An empty value counts as missing; only replace it while it is still empty.
    await db
      .updateTable('system_config')
      .set({ system_value: fresh, is_secret: 1, updated_at: now })
      .where('system_type', '=', SANDBOX_KEY.type)
      .where('system_key', '=', SANDBOX_KEY.key)
      .where('system_value', '=', '')
      .execute();
  } else {
    await db
      .insertInto('system_config')
      .values({ system_type: SANDBOX_KEY.type, system_key: SANDBOX_KEY.key, system_value: fresh, is_secret: 1, updated_at: now })
      .onConflict((oc) => oc.columns(['system_type', 'system_key']).doNothing())
      .execute();
  }
  return (await read())!.system_value;
}
