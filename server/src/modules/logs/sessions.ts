import { ReplyCode, type LogAccount, type OnlineSessionsView } from '@gradus/contract';
import type { DB } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit/service';
import { forgetSession, revokeSession } from '../session/service';

/** The system administrator acting, on their own session. */
export interface SessionAdministrator {
  userId: number;
  sessionId: number;
  ip: string | null;
}

/** Sessions that still answer (session/service.ts resolveSession): not signed out, not idle too long, not too old, the account active. */
const liveSessions = (db: DB, now: number) =>
  db
    .selectFrom('session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .where('s.revoked_at', 'is', null)
    .where('s.idle_expires_at', '>', now)
    .where('s.absolute_expires_at', '>', now)
    .where('u.status', '=', 'active');

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** Who is online: live sessions, latest activity first. */
export async function onlineSessions(db: DB, now: number, query: { pageNum: number; pageSize: number }, admin: SessionAdministrator): Promise<OnlineSessionsView> {
  const live = liveSessions(db, now);
  const [count, rows] = await Promise.all([
    live.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    live
      .innerJoin('role as r', 'r.id', 's.active_role_id')
      .select(['s.id', 's.created_at', 's.last_seen_at', 's.ip', 's.user_agent', 'r.role_key', 'u.id as user_id', 'u.kind', 'u.login_name', 'u.applicant_number', 'u.name'])
      .orderBy('s.last_seen_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.total),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    rows: rows.map((s) => ({
      sessionId: s.id,
      user: { userId: s.user_id, kind: s.kind as LogAccount['kind'], loginName: s.login_name, applicantNumber: s.applicant_number, name: s.name },
      role: s.role_key,
      startedAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      ip: s.ip,
      userAgent: s.user_agent,
      self: s.id === admin.sessionId,
    })),
  };
}

/**
 * Ends someone's session at once, with the reason in the audit trail. The revocation and its
 * entry commit together; the session cache of this process is then cleared (revokeSession clears
 * the cache of the handle it is given, which inside the transaction is not the app's).
 */
export async function forceSignOut(db: DB, now: number, input: { sessionId: number; reason: string }, admin: SessionAdministrator): Promise<void> {
  const session = await liveSessions(db, now)
    .select(['s.id', 'u.id as user_id', 'u.login_name', 'u.applicant_number'])
    .where('s.id', '=', input.sessionId)
    .executeTakeFirst();
  if (!session) throw new AppError(ReplyCode.NOT_FOUND, 'logs.sessionNotFound');
  if (session.id === admin.sessionId) throw new AppError(ReplyCode.FORBIDDEN, 'logs.signOutSelf');
  await inTransaction(db, async (trx) => {
    await revokeSession(trx, now, session.id);
    await audit(trx, now, 'session.forcedSignOut', {
      userId: admin.userId,
      subject: session.login_name ?? session.applicant_number,
      ip: admin.ip,
      detail: { sessionId: session.id, userId: session.user_id, reason: input.reason },
    });
  });
  forgetSession(db, session.id);
}
