import { ReplyCode, type AccountRequestAction } from '@gradus/contract';
import type { DB } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit/service';

/** Who is acting: the administrator's own account is never theirs to demote, promote or disable. */
export interface Administrator {
  userId: number;
  ip: string | null;
}

export interface AccountRequestDraft {
  action: AccountRequestAction;
  targetUserId: number | null;
  loginName: string;
  /** The create or update input, and the account as it was when asked (update). */
  payload: Record<string, unknown>;
}

/**
 * Files a change that one administrator may not make alone (the two-person rule of
 * contract/api/staff-accounts.ts). One open request per account at a time: a second would leave
 * the confirming administrator guessing which one is meant.
 */
export async function askSecondAdministrator(db: DB, now: number, draft: AccountRequestDraft, admin: Administrator): Promise<number> {
  return inTransaction(db, async (trx) => {
    const open = await trx
      .selectFrom('account_request')
      .select('id')
      .where('outcome', 'is', null)
      .where((eb) => eb(eb.fn('lower', ['login_name']), '=', draft.loginName.toLowerCase()))
      .executeTakeFirst();
    if (open) throw new AppError(ReplyCode.BAD_INPUT, 'account.requestOpen', { login: draft.loginName });
    const row = await trx
      .insertInto('account_request')
      .values({ action: draft.action, target_user_id: draft.targetUserId, login_name: draft.loginName, payload: JSON.stringify(draft.payload), requested_by: admin.userId, requested_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, now, 'account.request', { userId: admin.userId, subject: draft.loginName, ip: admin.ip, detail: { requestId: row.id, action: draft.action } });
    return row.id;
  });
}
