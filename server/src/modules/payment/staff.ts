import type { Selectable } from 'kysely';
import type { DB, PaymentLedgerTable, PaymentNotificationTable } from '../../db/database';
import { OFFLINE_PROVIDER, type ProviderLookup } from './providers';
import { staffAudit, type StaffActor } from '../admissions/staff-audit';
import { applicationFeeOrder, refreshFromGateway, type PaymentOwner } from './service';
import { settle, type OrderRow, type SettleOutcome } from './settlement';

/**
 * Staff-side payment services, as the back office will call them: (db, now, ...) in, plain data
 * out. A caller inside the server raises applicantChanged for the user ids a settlement returns.
 */
export interface StaffOrderView {
  order: OrderRow;
  ledger: Selectable<PaymentLedgerTable> | null;
  notifications: Selectable<PaymentNotificationTable>[];
}

/** An applicant's orders of a cycle with their ledger rows and every notification received for them. */
export async function paymentStatus(db: DB, applicant: { userId: number; recruitYear: string }): Promise<StaffOrderView[]> {
  const orders = await db
    .selectFrom('payment_order')
    .selectAll()
    .where('user_id', '=', applicant.userId)
    .where('recruit_year', '=', applicant.recruitYear)
    .orderBy('created_at')
    .execute();
  return Promise.all(
    orders.map(async (order) => ({
      order,
      ledger: (await db.selectFrom('payment_ledger').selectAll().where('order_id', '=', order.id).executeTakeFirst()) ?? null,
      notifications: await db.selectFrom('payment_notification').selectAll().where('order_no', '=', order.order_no).orderBy('id').execute(),
    })),
  );
}

export interface ReconcileLine {
  orderNo: string;
  userId: number;
  /** What the gateway said or what settling did: settled, open, notFound, unknown, amountMismatch... */
  outcome: string;
}

/** Asks the gateway about every pending order (oldest first) and settles what it vouches for. */
export async function reconcilePending(db: DB, now: number, providers: ProviderLookup, opts: { limit?: number } = {}): Promise<ReconcileLine[]> {
  const pending = await db
    .selectFrom('payment_order')
    .selectAll()
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .limit(opts.limit ?? 500)
    .execute();
  const lines: ReconcileLine[] = [];
  // One at a time: a gateway is not to be flooded, and the order of the report is the order asked.
  for (const order of pending) {
    const { outcome } = await refreshFromGateway(db, now, providers, order);
    lines.push({ orderNo: order.order_no, userId: order.user_id, outcome });
  }
  return lines;
}

/**
 * Settles an order on a payment made outside the portal: the common settlement, with the offline
 * provider and staff's reference as the trade (one ledger row, idempotent, safe under races). By
 * default the order's own amount; a bank-transfer receipt names the amount the applicant was asked.
 */
export function settleOffline(db: DB, now: number, order: OrderRow, reference: string, amountCents = order.amount_cents): Promise<SettleOutcome> {
  return settle(db, now, order, { provider: OFFLINE_PROVIDER, orderNo: order.order_no, tradeNo: reference, amountCents, paidAt: now });
}

/**
 * A payment made outside the portal (a bank transfer finance confirmed), recorded on the
 * applicant's application-fee order through the same settlement as a gateway's, so it is just as
 * idempotent and leaves one ledger row. `reference` is finance's voucher number.
 */
export async function recordOfflinePayment(
  db: DB,
  now: number,
  applicant: PaymentOwner & { applicantNumber: string },
  reference: string,
  actor: StaffActor,
): Promise<{ order: OrderRow; outcome: SettleOutcome }> {
  const order = await applicationFeeOrder(db, now, applicant);
  const outcome = await settleOffline(db, now, order, reference);
  await staffAudit(db, now, 'payment.record', actor, { subject: applicant.applicantNumber, detail: { orderNo: order.order_no, reference, outcome } });
  const fresh = await db.selectFrom('payment_order').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  return { order: fresh, outcome };
}
