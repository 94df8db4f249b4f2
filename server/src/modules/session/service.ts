import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@gradus/contract';
import type { DB } from '../../db/database';
import { param, perDatabase, prepareQuery } from '../../db/prepared';
import { hashToken, newToken } from '../../lib/tokens';
import type { Bus } from '../../lib/shared-state';

/** The user fields every signed-in request may need, read with the session in one query. */
export interface SessionUser {
  kind: string;
  loginName: string | null;
  applicantNumber: string | null;
  userRegisterType: number | null;
  recruitYear: string | null;
  name: string;
  idNumber: string | null;
  sex: string | null;
  deptId: number | null;
  avatar: string;
  introduction: string;
  /** The password is a one-time one someone else chose: the account may only choose its own. */
  passwordChangeDue: boolean;
}

export interface SessionContext {
  sessionId: number;
  userId: number;
  activeRoleId: number;
  activeRoleKey: string;
  user: SessionUser;
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

const sessionQueries = perDatabase((db: DB) => ({
  byTokenHash: prepareQuery(db, (d) =>
    d
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
        'r.role_key',
        'u.status',
        'u.kind',
        'u.login_name',
        'u.applicant_number',
        'u.user_register_type',
        'u.recruit_year',
        'u.name',
        'u.id_number',
        'u.sex',
        'u.dept_id',
        'u.avatar',
        'u.introduction',
        'u.password_change_due',
      ])
      .where('s.token_hash', '=', param(0)),
  ),
}));

/**
 * Sessions checked in the last two seconds are answered from memory: at load, the signed-in read
 * costs a hash and a lookup instead of a query (docs/performance.md). Every revocation in this
 * process drops the entry at once; expiry is still judged on every request. With several
 * instances, a revocation made on another one shows here within RECHECK_MS.
 */
const RECHECK_MS = 2_000;
const MAX_CACHED = 20_000;

interface CachedSession {
  auth: SessionContext;
  checkedAt: number;
  lastSeenAt: number;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
}

const liveSessions = perDatabase(() => new Map<string, CachedSession>());
/**
 * Bumped by every revocation this instance makes or hears of. A session read that began before a
 * revocation may have read the row as it was: its answer stands, but it is not cached, or a
 * revoked session could be served from memory for RECHECK_MS after the bus said it was over.
 */
const revocations = perDatabase(() => ({ count: 0 }));
/** Where this instance tells the others what it revoked (app.ts: shareSessionRevocations). */
const revocationBus = new WeakMap<DB, Bus>();

function forgetWhere(db: DB, drop: (auth: SessionContext) => boolean): void {
  revocations(db).count++;
  const cache = liveSessions(db);
  for (const [key, entry] of cache) if (drop(entry.auth)) cache.delete(key);
}

/**
 * Several instances: a session revoked on one (logout, password change or reset, a disabled
 * account, a role switch, a forced sign-out) is dropped from every other's cache at once, instead
 * of being answered from it for up to RECHECK_MS. Revocations are published after their row is
 * written (inside a transaction, the caller forgets again once it has committed), so an instance
 * told of one reads the row as revoked.
 */
export function shareSessionRevocations(db: DB, bus: Bus): void {
  revocationBus.set(db, bus);
  bus.subscribe((m) => {
    if (m.kind === 'session') forgetWhere(db, (auth) => auth.sessionId === m.sessionId);
    if (m.kind === 'userSessions') forgetWhere(db, (auth) => auth.userId === m.userId && auth.sessionId !== m.exceptSessionId);
  });
}

/**
 * The session answered from memory, without a promise (the signed-in hook's fast path): the
 * session, null when it is known to be over, undefined when the database must be asked.
 */
export function cachedSession(db: DB, now: number, tokenHash: string): SessionContext | null | undefined {
  const cache = liveSessions(db);
  const cached = cache.get(tokenHash);
  if (!cached || now - cached.checkedAt >= RECHECK_MS || now - cached.lastSeenAt >= TOUCH_INTERVAL_MS) return undefined;
  if (cached.idleExpiresAt > now && cached.absoluteExpiresAt > now) return cached.auth;
  cache.delete(tokenHash);
  return null;
}

/** The live session behind a token, or null when unknown, revoked, idle too long or too old. */
export async function resolveSession(db: DB, now: number, token: string, tokenHash = hashToken(token)): Promise<SessionContext | null> {
  const known = cachedSession(db, now, tokenHash);
  if (known !== undefined) return known;
  const cache = liveSessions(db);
  const revokedBefore = revocations(db).count;
  const [row] = await sessionQueries(db).byTokenHash(tokenHash);
  if (!row || row.revoked_at !== null || row.status !== 'active') {
    cache.delete(tokenHash);
    return null;
  }
  let idleExpiresAt = Number(row.idle_expires_at);
  const absoluteExpiresAt = Number(row.absolute_expires_at);
  let lastSeenAt = Number(row.last_seen_at);
  if (idleExpiresAt <= now || absoluteExpiresAt <= now) {
    cache.delete(tokenHash);
    return null;
  }
  if (now - lastSeenAt >= TOUCH_INTERVAL_MS) {
    idleExpiresAt = Math.min(now + SESSION_IDLE_MS, absoluteExpiresAt);
    lastSeenAt = now;
    await db.updateTable('session').set({ last_seen_at: now, idle_expires_at: idleExpiresAt }).where('id', '=', row.id).execute();
  }
  const auth: SessionContext = {
    sessionId: row.id,
    userId: row.user_id,
    activeRoleId: row.active_role_id,
    activeRoleKey: row.role_key,
    user: {
      kind: row.kind,
      loginName: row.login_name,
      applicantNumber: row.applicant_number,
      userRegisterType: row.user_register_type,
      recruitYear: row.recruit_year,
      name: row.name,
      idNumber: row.id_number,
      sex: row.sex,
      deptId: row.dept_id,
      avatar: row.avatar,
      introduction: row.introduction,
      passwordChangeDue: row.password_change_due === 1,
    },
  };
  if (cache.size >= MAX_CACHED) cache.clear();
  if (revocations(db).count === revokedBefore) cache.set(tokenHash, { auth, checkedAt: now, lastSeenAt, idleExpiresAt, absoluteExpiresAt });
  return auth;
}

/** After a change to a session row (role switch), its next request reads the row again. */
export function forgetSession(db: DB, sessionId: number): void {
  forgetWhere(db, (auth) => auth.sessionId === sessionId);
  revocationBus.get(db)?.publish({ kind: 'session', sessionId });
}

export async function revokeSession(db: DB, now: number, sessionId: number): Promise<void> {
  forgetWhere(db, (auth) => auth.sessionId === sessionId);
  await db.updateTable('session').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  forgetSession(db, sessionId);
}

/** Ends every session of a user (password reset), or every other one (password change). */
export async function revokeUserSessions(db: DB, now: number, userId: number, exceptSessionId?: number): Promise<void> {
  const drop = (auth: SessionContext) => auth.userId === userId && auth.sessionId !== exceptSessionId;
  forgetWhere(db, drop);
  let q = db.updateTable('session').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
  // Again once written: a request that read the row meanwhile must not keep it cached here either.
  forgetWhere(db, drop);
  revocationBus.get(db)?.publish({ kind: 'userSessions', userId, ...(exceptSessionId !== undefined ? { exceptSessionId } : {}) });
}
