import {
  can,
  ReplyCode,
  type Actor,
  type ApplicationTarget,
  type ConfirmOfflineReceiptRequest,
  type OfflineReceiptListRequest,
  type OfflineReceiptListView,
  type OfflineReceiptRowView,
  type RejectOfflineReceiptRequest,
} from '@gradus/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { loadApplicationTarget } from '../admissions/application-target';
import { staffAudit, type StaffActor } from '../admissions/staff-audit';
import { receiptView, type ReceiptRow } from './offline';
import type { SettleOutcome } from './settlement';
import { settleOffline } from './staff';

/**
 * The admissions office's side of bank transfers (issue #11): the receipts applicants uploaded, and
 * the decision on each. Confirming settles the order through the common settlement (as
 * `npm run admin -- payment-record` does), in the same transaction that takes the receipt from
 * waiting: two staff confirming at once settle it once, and the second is told it was decided.
 */
export interface LoadedReceipt {
  receipt: ReceiptRow;
  /** The applicant's application, for the policy (`payment.record`, `payment.inspect`). */
  application: ApplicationTarget;
}

/** A receipt staff name by id, with what the policy judges; an unknown id is not found. */
export async function loadReceipt(db: DB, receiptId: number): Promise<LoadedReceipt> {
  const receipt = await db.selectFrom('payment_offline_receipt').selectAll().where('id', '=', receiptId).executeTakeFirst();
  const application = receipt ? await loadApplicationTarget(db, receipt.user_id) : null;
  if (!receipt || !application) throw new AppError(ReplyCode.NOT_FOUND, 'offlinePayment.receiptNotFound');
  return { receipt, application };
}

const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function rowsQuery(db: DB) {
  return db
    .selectFrom('payment_offline_receipt as r')
    .innerJoin('stored_file as f', 'f.id', 'r.stored_file_id')
    .innerJoin('payment_order as o', 'o.id', 'r.order_id')
    .innerJoin('app_user as u', 'u.id', 'r.user_id')
    .leftJoin('app_user as s', 's.id', 'r.decided_by')
    .selectAll('r')
    .select(['f.file_path', 'f.original_name', 'o.order_no', 'o.status as order_status', 'u.applicant_number', 'u.name', 's.login_name as by_login', 's.name as by_name']);
}
type Row = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

function rowView(r: Row): OfflineReceiptRowView {
  return {
    ...receiptView(r),
    applicantNumber: r.applicant_number ?? '',
    name: r.name,
    orderNo: r.order_no,
    currency: r.currency,
    orderStatus: r.order_status,
    reference: r.reference,
    decidedBy: r.by_login ? { loginName: r.by_login, name: r.by_name ?? '' } : null,
  };
}

/**
 * A cycle's receipts (the current year by default), oldest first so the longest waiting comes
 * first; only those whose applicant the caller's policy reaches (`payment.inspect`: the office, all).
 */
export async function receiptList(ctx: AppContext, actor: Actor, input: OfflineReceiptListRequest): Promise<OfflineReceiptListView> {
  const years = await ctx.db.selectFrom('recruit_year').select(['year', 'is_current']).orderBy('year', 'desc').execute();
  const recruitYear = input.recruitYear ?? years.find((y) => y.is_current === 1)?.year ?? years[0]?.year ?? '';
  let q = rowsQuery(ctx.db).where('r.recruit_year', '=', recruitYear);
  if (input.state) q = q.where('r.state', '=', input.state);
  const text = input.q?.trim();
  if (text) {
    q = /^\d+$/.test(text)
      ? q.where('u.applicant_number', 'like', sql<string>`${`${literal(text)}%`} escape '\\'`)
      : q.where('u.name', 'like', sql<string>`${`%${literal(text)}%`} escape '\\'`);
  }
  const rows = await q.orderBy('r.submitted_at').orderBy('r.id').execute();
  const targets = new Map<number, ApplicationTarget | null>();
  for (const userId of new Set(rows.map((r) => r.user_id))) targets.set(userId, await loadApplicationTarget(ctx.db, userId));
  const reached = rows.filter((r) => {
    const application = targets.get(r.user_id);
    return application ? can(actor, { kind: 'payment.inspect', application }) : false;
  });
  return { recruitYear, recruitYears: years.map((y) => y.year), rows: reached.map(rowView) };
}

async function rowOf(db: DB, receiptId: number): Promise<OfflineReceiptRowView> {
  return rowView(await rowsQuery(db).where('r.id', '=', receiptId).executeTakeFirstOrThrow());
}

/** Why a settlement that did not settle refuses the confirmation (nothing of it is kept). */
const UNSETTLED: Record<Exclude<SettleOutcome, 'settled'>, 'offlinePayment.orderAlreadyPaid' | 'offlinePayment.amountChanged' | 'offlinePayment.orderClosed'> = {
  alreadyPaid: 'offlinePayment.orderAlreadyPaid',
  duplicatePayment: 'offlinePayment.orderAlreadyPaid',
  amountMismatch: 'offlinePayment.amountChanged',
  orderNotPending: 'offlinePayment.orderClosed',
};

/**
 * Confirms a waiting receipt: takes it from waiting (only one caller can) and settles its order with
 * the amount the applicant was asked for, in one transaction; audited as `payment.offlineConfirm`.
 * A receipt already decided, or an order paid meanwhile, is refused and nothing changes.
 */
export async function confirmReceipt(ctx: AppContext, loaded: LoadedReceipt, input: ConfirmOfflineReceiptRequest, actor: StaffActor): Promise<OfflineReceiptRowView> {
  const { receipt } = loaded;
  const now = ctx.clock.now();
  const reference = input.reference?.trim() || `RECEIPT-${receipt.id}`;
  await inTransaction(ctx.db, async (trx) => {
    const claimed = await trx
      .updateTable('payment_offline_receipt')
      .set({ state: 'confirmed', reference, decided_by: actor.staffUserId, decided_at: now })
      .where('id', '=', receipt.id)
      .where('state', '=', 'submitted')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'offlinePayment.alreadyDecided');
    const order = await trx.selectFrom('payment_order').selectAll().where('id', '=', receipt.order_id).executeTakeFirstOrThrow();
    const outcome = await settleOffline(trx, now, order, reference, receipt.amount_cents);
    if (outcome !== 'settled') throw new AppError(ReplyCode.CONFLICT, UNSETTLED[outcome]);
    const applicant = await trx.selectFrom('app_user').select('applicant_number').where('id', '=', receipt.user_id).executeTakeFirstOrThrow();
    await staffAudit(trx, now, 'payment.offlineConfirm', actor, { subject: applicant.applicant_number, detail: { orderNo: order.order_no, receiptId: receipt.id, reference, outcome } });
  });
  // The applicant's menus and timeline follow a settled fee.
  ctx.applicantChanged.changed(receipt.user_id);
  return rowOf(ctx.db, receipt.id);
}

/** Rejects a waiting receipt with the reason the applicant reads; they may upload another. Audited as `payment.offlineReject`. */
export async function rejectReceipt(ctx: AppContext, loaded: LoadedReceipt, input: RejectOfflineReceiptRequest, actor: StaffActor): Promise<OfflineReceiptRowView> {
  const { receipt } = loaded;
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    const decided = await trx
      .updateTable('payment_offline_receipt')
      .set({ state: 'rejected', reason: input.reason, decided_by: actor.staffUserId, decided_at: now })
      .where('id', '=', receipt.id)
      .where('state', '=', 'submitted')
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'offlinePayment.alreadyDecided');
    const applicant = await trx.selectFrom('app_user').select('applicant_number').where('id', '=', receipt.user_id).executeTakeFirstOrThrow();
    await staffAudit(trx, now, 'payment.offlineReject', actor, { subject: applicant.applicant_number, detail: { receiptId: receipt.id, reason: input.reason } });
  });
  return rowOf(ctx.db, receipt.id);
}
