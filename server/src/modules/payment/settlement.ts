import type { Selectable } from 'kysely';
import type { DB, PaymentOrderTable } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { refreshListStates } from '../applications/list-states';
import type { PaymentProvider, VerifiedPayment } from './provider';

export type OrderRow = Selectable<PaymentOrderTable>;

/**
 * What one piece of evidence (a notification, a query answer, a staff record) did to an order.
 * 'duplicatePayment' means the gateway took money twice for one order: staff refund the second.
 */
export type SettleOutcome = 'settled' | 'alreadyPaid' | 'duplicatePayment' | 'amountMismatch' | 'orderNotPending';

/**
 * Marks an order paid on a payment the provider vouched for. Idempotent and safe under any
 * concurrency: ONE conditional update (only a pending order changes) and the ledger row in the
 * same transaction, so however many notifications and queries race, exactly one of them settles
 * the order and writes its single ledger row (payment_ledger.order_id is unique besides). Inside a
 * caller's transaction (a confirmed bank-transfer receipt) it is a step of that transaction.
 */
export async function settle(db: DB, now: number, order: OrderRow, payment: VerifiedPayment & { provider: string }): Promise<SettleOutcome> {
  if (payment.orderNo !== order.order_no) throw new Error(`payment for ${payment.orderNo} offered to order ${order.order_no}`);
  if (payment.amountCents !== order.amount_cents) return 'amountMismatch';
  const settled = await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('payment_order')
      .set({ status: 'paid', provider: payment.provider, provider_trade_no: payment.tradeNo, paid_at: payment.paidAt, updated_at: now })
      .where('id', '=', order.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('payment_ledger')
      .values({ order_id: order.id, provider: payment.provider, provider_trade_no: payment.tradeNo, amount_cents: payment.amountCents, paid_at: payment.paidAt, recorded_at: now })
      .execute();
    // The back office's list shows the fee paid from the moment the order is.
    await refreshListStates(trx, { userId: order.user_id, recruitYear: order.recruit_year, area: order.area });
    return true;
  });
  if (settled) return 'settled';
  const current = await db.selectFrom('payment_order').select(['status', 'provider', 'provider_trade_no']).where('id', '=', order.id).executeTakeFirstOrThrow();
  if (current.status !== 'paid') return 'orderNotPending';
  return current.provider === payment.provider && current.provider_trade_no === payment.tradeNo ? 'alreadyPaid' : 'duplicatePayment';
}

export type NotificationOutcome = SettleOutcome | 'badSignature' | 'malformed' | 'notPaid' | 'unknownOrder';

export interface NotificationResult {
  outcome: NotificationOutcome;
  /** The text to answer the gateway with. */
  answer: string;
  /** The applicant whose order was just settled (their menus must be recomputed). */
  settledUserId: number | null;
  /** Whether the gateway signed it; an unsigned one could come from anyone (the route throttles those). */
  signatureValid: boolean;
}

/** What is kept of an unsigned notification: anyone can send one, so not its body, only why it was refused. */
const REFUSED_SUMMARY_CHARS = 200;
const ORDER_NO = /^[A-Za-z0-9]{1,64}$/;

/** Outcomes after which the gateway may stop: the order is paid whichever notification did it. */
const FINAL: readonly NotificationOutcome[] = ['settled', 'alreadyPaid', 'duplicatePayment'];

/**
 * A gateway's notification, as received. Only a verified one with the order's exact amount can
 * change anything; every notification, accepted or not, is kept in payment_notification.
 */
export async function receiveNotification(db: DB, now: number, provider: PaymentProvider, body: unknown): Promise<NotificationResult> {
  const check = await provider.verifyNotification(body);
  let outcome: NotificationOutcome;
  let settledUserId: number | null = null;
  if (!check.valid) {
    outcome = check.reason;
  } else {
    const order = await db.selectFrom('payment_order').selectAll().where('order_no', '=', check.orderNo).executeTakeFirst();
    if (!order) outcome = 'unknownOrder';
    else {
      outcome = await settle(db, now, order, { ...check, provider: provider.name });
      if (outcome === 'settled') settledUserId = order.user_id;
    }
  }
  const signatureValid = check.valid || check.signatureValid;
  // A signed notification is the gateway's evidence (staff need it for a mismatch or a refund) and
  // is kept; an unsigned one is kept as a short summary, so a flood cannot fill the table with bodies.
  const claimedOrderNo = check.orderNo && ORDER_NO.test(check.orderNo) ? check.orderNo : null;
  await db
    .insertInto('payment_notification')
    .values({
      provider: provider.name,
      order_no: signatureValid ? (check.orderNo?.slice(0, 64) ?? null) : claimedOrderNo,
      received_at: now,
      signature_valid: signatureValid ? 1 : 0,
      outcome,
      body: signatureValid ? safeJson(body).slice(0, 4000) : refusedSummary(outcome, claimedOrderNo, body),
    })
    .execute();
  return { outcome, answer: FINAL.includes(outcome) ? provider.acknowledge.accepted : provider.acknowledge.refused, settledUserId, signatureValid };
}

function refusedSummary(outcome: NotificationOutcome, orderNo: string | null, body: unknown): string {
  const fieldCount = body && typeof body === 'object' ? Object.keys(body).length : 0;
  return JSON.stringify({ refused: outcome, orderNo, fields: fieldCount }).slice(0, REFUSED_SUMMARY_CHARS);
}

function safeJson(body: unknown): string {
  try {
    return JSON.stringify(body) ?? '';
  } catch {
    return String(body);
  }
}
