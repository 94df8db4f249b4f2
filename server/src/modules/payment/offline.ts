import {
  BANK_ACCOUNT_KEYS,
  BANK_TRANSFER_CONFIG_AREA,
  OFFLINE_RECEIPT_MAX_KB,
  OFFLINE_RECEIPT_TYPES,
  REQUIRED_BANK_FIELDS,
  ReplyCode,
  offersBankTransfer,
  type BankAccountField,
  type BankAccountView,
  type BankTransferView,
  type OfflineReceiptState,
  type OfflineReceiptView,
} from '@gradus/contract';
import type { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, PaymentOfflineReceiptTable } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { Applicant } from '../admissions/applicant';
import { audit } from '../audit/service';
import { discardUpload, keepUpload, receiveUpload, type CheckedUpload } from '../files/service';
import { configValue } from '../system-config/service';
import { applicationFeeOrder, type FeeWindow } from './service';
import type { OrderRow } from './settlement';

/**
 * The applicant's side of paying by bank transfer (issue #11, contract api/offline-payment.ts): the
 * account to pay, the amount and order number to quote, and the receipt uploaded for the office to
 * confirm. Only for the register types the contract names (Hong Kong, Macao and Taiwan applicants).
 * Every refusal is decided before the file's bytes are read, and changes nothing.
 */
export type ReceiptRow = Selectable<PaymentOfflineReceiptTable>;
type ReceiptWithFile = ReceiptRow & { file_path: string; original_name: string };

/** Where receipts are kept among the stored files (`/zsData/offlineReceipt/<key>.<ext>`). */
export const RECEIPT_CATEGORY = 'offlineReceipt';
const MAX_BYTES = OFFLINE_RECEIPT_MAX_KB * 1024;
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function refuseUnlessOffered(applicant: Applicant): void {
  if (!offersBankTransfer(applicant.registerType)) throw new AppError(ReplyCode.FORBIDDEN, 'offlinePayment.notOffered');
}

/** The university's account as configured; null while a line an applicant cannot do without is empty. */
export async function bankAccount(db: DB): Promise<BankAccountView | null> {
  const fields = Object.keys(BANK_ACCOUNT_KEYS) as BankAccountField[];
  const values = await Promise.all(fields.map(async (f) => [f, ((await configValue(db, BANK_TRANSFER_CONFIG_AREA, BANK_ACCOUNT_KEYS[f])) ?? '').trim()] as const));
  const account = Object.fromEntries(values) as BankAccountView;
  return REQUIRED_BANK_FIELDS.every((f) => account[f] !== '') ? account : null;
}

const withFile = (db: DB) =>
  db.selectFrom('payment_offline_receipt as r').innerJoin('stored_file as f', 'f.id', 'r.stored_file_id').selectAll('r').select(['f.file_path', 'f.original_name']);

export function receiptView(r: ReceiptWithFile): OfflineReceiptView {
  return {
    id: r.id,
    state: r.state as OfflineReceiptState,
    filePath: r.file_path,
    fileName: r.original_name,
    amountCents: r.amount_cents,
    uploadedAt: iso(r.submitted_at)!,
    reason: r.reason,
    decidedAt: iso(r.decided_at),
  };
}

/** The receipt of an order still waiting for the office, if any. */
export function waitingReceipt(db: DB, orderId: number): Promise<ReceiptRow | undefined> {
  return db.selectFrom('payment_offline_receipt').selectAll().where('order_id', '=', orderId).where('state', '=', 'submitted').executeTakeFirst();
}

/** The transfer section of the fee page: the order to quote, the account, the receipts sent for it. */
export async function bankTransferStatus(ctx: AppContext, applicant: Applicant, window: FeeWindow): Promise<BankTransferView> {
  refuseUnlessOffered(applicant);
  const order = await applicationFeeOrder(ctx.db, ctx.clock.now(), applicant);
  const [account, receipts] = await Promise.all([
    bankAccount(ctx.db),
    withFile(ctx.db).where('r.order_id', '=', order.id).orderBy('r.submitted_at', 'desc').orderBy('r.id', 'desc').execute(),
  ]);
  const waiting = receipts.some((r) => r.state === 'submitted');
  return {
    orderNo: order.order_no,
    amountCents: order.amount_cents,
    currency: order.currency,
    orderPaid: order.status === 'paid',
    account,
    receipts: receipts.map(receiptView),
    canUpload: order.status === 'pending' && !waiting && window.open && account !== null,
    windowOpen: window.open,
    maxKb: OFFLINE_RECEIPT_MAX_KB,
    types: OFFLINE_RECEIPT_TYPES,
  };
}

/**
 * Whether a receipt may come for the order the page named, judged from the fields before any byte
 * of the file is read: the applicant's own fee order (another's, or an unknown number, is not found),
 * unpaid, with no receipt waiting, inside the fee window, and an account to have paid into.
 */
export async function planReceipt(ctx: AppContext, applicant: Applicant, orderNo: string, window: FeeWindow): Promise<OrderRow> {
  refuseUnlessOffered(applicant);
  const order = await applicationFeeOrder(ctx.db, ctx.clock.now(), applicant);
  if (order.order_no !== orderNo) throw new AppError(ReplyCode.NOT_FOUND, 'error.notFound');
  return checkReceiptAllowed(ctx.db, order, window);
}

async function checkReceiptAllowed(db: DB, order: OrderRow, window: FeeWindow): Promise<OrderRow> {
  if (order.status === 'paid') throw new AppError(ReplyCode.CONFLICT, 'offlinePayment.alreadyPaid');
  if (order.status !== 'pending') throw new AppError(ReplyCode.FORBIDDEN, 'error.stageClosed');
  if (await waitingReceipt(db, order.id)) throw new AppError(ReplyCode.CONFLICT, 'offlinePayment.receiptWaiting');
  if (!window.open) throw new AppError(ReplyCode.FORBIDDEN, 'offlinePayment.windowClosed');
  if (!(await bankAccount(db))) throw new AppError(ReplyCode.CONFLICT, 'offlinePayment.notSetUp');
  return order;
}

/** Streams the receipt to storage under its limit (refused as soon as it is passed) and checks it by content. */
export async function receiveReceipt(ctx: AppContext, stream: Readable, fileName: string): Promise<CheckedUpload> {
  try {
    return await receiveUpload(ctx, stream, fileName, MAX_BYTES);
  } catch (err) {
    if (err instanceof AppError && err.messageKey === 'error.bodyTooLarge') throw new AppError(ReplyCode.BAD_INPUT, 'offlinePayment.tooLarge', { limit: `${OFFLINE_RECEIPT_MAX_KB / 1024} MB` });
    if (err instanceof AppError && err.messageKey === 'error.uploadType') throw new AppError(ReplyCode.BAD_INPUT, 'offlinePayment.fileType');
    throw err;
  }
}

/**
 * Records the received receipt: the file and its receipt row in one transaction that judges the
 * order again (paid or sent for meanwhile). Two uploads racing: the index keeping one waiting
 * receipt per order lets one in. Whatever fails, the bytes go with it.
 */
export async function commitReceipt(ctx: AppContext, applicant: Applicant, order: OrderRow, window: FeeWindow, upload: CheckedUpload): Promise<void> {
  const now = ctx.clock.now();
  try {
    await inTransaction(ctx.db, async (trx) => {
      const current = await trx.selectFrom('payment_order').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      await checkReceiptAllowed(trx, current, window);
      const file = await keepUpload({ ...ctx, db: trx }, upload, { ownerUserId: applicant.userId, category: RECEIPT_CATEGORY });
      const receipt = await trx
        .insertInto('payment_offline_receipt')
        .values({
          order_id: current.id,
          user_id: applicant.userId,
          recruit_year: current.recruit_year,
          area: current.area,
          stored_file_id: file.id,
          amount_cents: current.amount_cents,
          currency: current.currency,
          state: 'submitted',
          submitted_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, now, 'payment.offlineSubmit', { userId: applicant.userId, subject: applicant.applicantNumber, detail: { orderNo: current.order_no, receiptId: receipt.id } });
    });
  } catch (err) {
    await discardUpload(ctx, upload).catch(() => {});
    if (isUniqueViolation(err)) throw new AppError(ReplyCode.CONFLICT, 'offlinePayment.receiptWaiting');
    throw err;
  }
}
