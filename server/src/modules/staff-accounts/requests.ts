import {
  ReplyCode,
  type AccountRequestConfirmed,
  type AccountRequestRow,
  type CreateStaffAccountInput,
  type Language,
  type RoleKey,
  type StaffPermission,
  type UpdateStaffAccountInput,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { hashSecret } from '../../lib/passwords';
import { bilingual, translate } from '../../locales';
import { audit } from '../audit/service';
import type { Administrator } from './request-store';
import { applyStaffAccountUpdate, checkLoginFree, insertStaffAccount, oneTimePassword, snapshotOf, staffAccount, writeOneTimePassword, type AccountSnapshot } from './service';

/**
 * The second half of the two-person rule (contract/api/staff-accounts.ts): the changes waiting,
 * and their confirmation or refusal by another system administrator.
 */

interface Payload {
  input?: CreateStaffAccountInput | UpdateStaffAccountInput;
  before?: AccountSnapshot;
}

const iso = (millis: number | string) => new Date(Number(millis)).toISOString();

export async function listAccountRequests(db: DB, admin: Administrator): Promise<AccountRequestRow[]> {
  const rows = await db
    .selectFrom('account_request as q')
    .innerJoin('app_user as by', 'by.id', 'q.requested_by')
    .select(['q.id', 'q.action', 'q.login_name', 'q.payload', 'q.target_user_id', 'q.requested_by', 'q.requested_at', 'by.login_name as by_login', 'by.name as by_name'])
    .where('q.outcome', 'is', null)
    .orderBy('q.id')
    .execute();
  return Promise.all(
    rows.map(async (r): Promise<AccountRequestRow> => {
      const payload = JSON.parse(r.payload) as Payload;
      const current = r.target_user_id === null ? null : await snapshotOf(db, r.target_user_id);
      return {
        requestId: r.id,
        action: r.action as AccountRequestRow['action'],
        loginName: r.login_name,
        change: payload.input
          ? {
              name: payload.input.name,
              email: payload.input.email || null,
              roleKeys: payload.input.roleKeys,
              departmentIds: payload.input.departmentIds,
              permissions: payload.input.permissions,
            }
          : null,
        current: current && { name: current.name, email: current.email, roleKeys: current.roleKeys as RoleKey[], permissions: current.permissions as StaffPermission[] },
        requestedBy: { loginName: r.by_login ?? '', name: r.by_name },
        requestedAt: iso(r.requested_at),
        mine: r.requested_by === admin.userId,
        aboutCaller: r.target_user_id === admin.userId,
      };
    }),
  );
}

/** Takes the request for this decision, or says it was decided meanwhile (two administrators at once). */
async function claim(db: DB, now: number, requestId: number, admin: Administrator, outcome: 'confirmed' | 'declined', reason: string | null) {
  const request = await db.selectFrom('account_request').selectAll().where('id', '=', requestId).executeTakeFirst();
  if (!request) throw new AppError(ReplyCode.NOT_FOUND, 'account.requestNotFound');
  const taken = await db
    .updateTable('account_request')
    .set({ outcome, decided_by: admin.userId, decided_at: now, reason })
    .where('id', '=', requestId)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new AppError(ReplyCode.BAD_INPUT, 'account.requestClosed');
  return request;
}

const reopen = (db: DB, requestId: number) => db.updateTable('account_request').set({ outcome: null, decided_by: null, decided_at: null, reason: null }).where('id', '=', requestId).execute();

const sameSnapshot = (a: AccountSnapshot, b: AccountSnapshot) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Confirms a request: never by the administrator who asked, nor by the account it changes. A new
 * privileged account's or a reset's one-time password is mailed to the account's own address
 * first (nothing changes if the mail cannot go), then written; neither administrator sees it.
 */
export async function confirmAccountRequest(ctx: AppContext, requestId: number, admin: Administrator, lang: Language): Promise<AccountRequestConfirmed> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const pending = await db.selectFrom('account_request').select(['requested_by', 'target_user_id', 'outcome']).where('id', '=', requestId).executeTakeFirst();
  if (!pending) throw new AppError(ReplyCode.NOT_FOUND, 'account.requestNotFound');
  if (pending.requested_by === admin.userId) throw new AppError(ReplyCode.FORBIDDEN, 'account.confirmOwnRequest');
  if (pending.target_user_id === admin.userId) throw new AppError(ReplyCode.FORBIDDEN, 'account.confirmAboutSelf');
  const request = await claim(db, now, requestId, admin, 'confirmed', null);
  try {
    const requester = await db.selectFrom('app_user').select('login_name').where('id', '=', request.requested_by).executeTakeFirstOrThrow();
    const confirmed = { requestId, requestedBy: requester.login_name ?? '' };
    const payload = JSON.parse(request.payload) as Payload;
    if (request.action === 'update') {
      const input = payload.input as UpdateStaffAccountInput;
      const account = await staffAccount(db, request.target_user_id!);
      // Confirmed as it was asked about: a change made to the account since would be undone unseen.
      if (!sameSnapshot(await snapshotOf(db, account.id), payload.before!)) throw new AppError(ReplyCode.BAD_INPUT, 'account.requestStale', { login: request.login_name });
      await applyStaffAccountUpdate(db, now, account, input, payload.before!, admin, confirmed);
      return { mailedTo: null };
    }
    const password = oneTimePassword();
    const passwordHash = await hashSecret(password);
    if (request.action === 'create') {
      const input = payload.input as CreateStaffAccountInput;
      await checkLoginFree(db, input.loginName);
      await mailOneTimePassword(ctx, lang, { to: input.email!, name: input.name, login: input.loginName, password });
      await insertStaffAccount(db, now, input, passwordHash, admin, confirmed);
      return { mailedTo: input.email! };
    }
    const account = await staffAccount(db, request.target_user_id!);
    const { email } = await snapshotOf(db, account.id);
    if (!email) throw new AppError(ReplyCode.BAD_INPUT, 'account.privilegedNeedsEmailToReset', { login: request.login_name });
    await mailOneTimePassword(ctx, lang, { to: email, name: account.name, login: account.login_name ?? '', password });
    await writeOneTimePassword(db, now, account, passwordHash, admin, confirmed);
    return { mailedTo: email };
  } catch (err) {
    // Nothing was changed: the request waits again, for this administrator or another.
    await reopen(db, requestId);
    throw err;
  }
}

async function mailOneTimePassword(ctx: AppContext, lang: Language, m: { to: string; name: string; login: string; password: string }): Promise<void> {
  const params = { name: m.name, login: m.login, password: m.password, link: `${ctx.config.publicUrl}/login` };
  try {
    await ctx.mailer.send({ to: m.to, subject: translate(lang, 'mail.oneTimePassword.subject', params), text: bilingual(lang, 'mail.oneTimePassword.body', params) });
  } catch (err) {
    ctx.log.error({ err }, 'one-time password mail could not be sent');
    throw new AppError(ReplyCode.SERVER_ERROR, 'account.mailFailed', { to: m.to });
  }
}

/** Declines a request, or withdraws it (the administrator who asked): with a reason, in the audit trail. */
export async function declineAccountRequest(db: DB, now: number, input: { requestId: number; reason: string }, admin: Administrator): Promise<void> {
  await inTransaction(db, async (trx) => {
    const request = await claim(trx, now, input.requestId, admin, 'declined', input.reason);
    await audit(trx, now, 'account.requestDeclined', { userId: admin.userId, subject: request.login_name, ip: admin.ip, detail: { requestId: input.requestId, action: request.action, reason: input.reason } });
  });
}
