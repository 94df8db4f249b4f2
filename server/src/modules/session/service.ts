import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@gradus/contract';
import type { DB } from '../../db/database';
import { hashToken, newToken } from '../../lib/tokens';

export interface SessionContext {
  sessionId: number;
  userId: number;
  activeRoleId: number;
  activeRoleKey: string;
}

/** last_seen is written at most once a minute: a read per request, not a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(
  db: DB,
  now: number,
  userId: number,
  activeRoleId: number,
  client: { ip?: string; userAgent?: string },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('session')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      active_role_id: activeRoleId,
      created_at: now,
      last_seen_at: now,
      idle_expires_at: now + SESSION_IDLE_MS,
      absolute_expires_at: now + SESSION_ABSOLUTE_MS,
      revoked_at: null,
      ip: client.ip ?? null,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

/** The live session behind a token, or null when unknown, revoked, idle too long or too old. */
export async function resolveSession(db: DB, now: number, token: string): Promise<SessionContext | null> {
  const row = await db
    .selectFrom('session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .innerJoin('role as r', 'r.id', 's.active_role_id')
    .select([
      's.id',
      's.user_id',
      's.active_role_id',
      's.last_seen_at',
      's.idle_expires_at',
      's.absolute_expires_at',
      's.revoked_at',
      'u.status',
      'r.role_key',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.status !== 'active') return null;
  if (Number(row.idle_expires_at) <= now || Number(row.absolute_expires_at) <= now) return null;
  if (now - Number(row.last_seen_at) >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable('session')
      .set({ last_seen_at: now, idle_expires_at: Math.min(now + SESSION_IDLE_MS, Number(row.absolute_expires_at)) })
      .where('id', '=', row.id)
      .execute();
  }
  return { sessionId: row.id, userId: row.user_id, activeRoleId: row.active_role_id, activeRoleKey: row.role_key };
}

export async function revokeSession(db: DB, now: number, sessionId: number): Promise<void> {
  await db.updateTable('session').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Ends every session of a user (password reset), or every other one (password change). */
export async function revokeUserSessions(db: DB, now: number, userId: number, exceptSessionId?: number): Promise<void> {
  let q = db.updateTable('session').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
