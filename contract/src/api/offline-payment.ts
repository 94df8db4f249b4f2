/**
 * Paying the application fee by bank transfer (issue #11): Hong Kong, Macao and Taiwan applicants,
 * whose cards mainland gateways may refuse, transfer the fee to the university's account and upload
 * the bank's receipt; the admissions office confirms it (the order is settled, exactly once, by the
 * same settlement as any other payment) or rejects it with a reason (the applicant may upload again).
 * The applicant's calls sit beside the online ones (`<area>/payment/offline`, `.../offlineUpload`),
 * the office's under /mucgrs-service/staff/payments/.
 */
import { z } from 'zod';
import { REGISTRATION_AREA } from '../areas';
import { isHmtType, RegisterType } from '../codes';
import { optionalText, type ConfigKeyDef } from '../config/values';
import { orderNoField } from '../doctor/payment';
import { choice, requiredText, typeError, V } from './common';
import { recordIdField } from './staff-file';

/** Who may pay by bank transfer: Hong Kong, Macao and Taiwan applicants (their cards may be refused online). */
export const offersBankTransfer = (registerType: number): boolean => isHmtType(registerType);

/**
 * Where the university's account for transfers is configured: the Hong Kong, Macao and Taiwan
 * applicants' own configuration area (the one whose registration window governs them).
 */
export const BANK_TRANSFER_CONFIG_AREA = REGISTRATION_AREA[RegisterType.DOCTOR_HMT];

/** The account details applicants quote, as configuration keys of that area (shown in this order). */
export const BANK_ACCOUNT_KEYS = {
  accountName: 'offlinePayment.accountName',
  accountNumber: 'offlinePayment.accountNumber',
  bankName: 'offlinePayment.bankName',
  bankAddress: 'offlinePayment.bankAddress',
  swiftCode: 'offlinePayment.swiftCode',
  instructions: 'offlinePayment.instructions',
} as const;
export type BankAccountField = keyof typeof BANK_ACCOUNT_KEYS;
/** Without these an applicant cannot make a transfer: the section says transfers are not set up yet. */
export const REQUIRED_BANK_FIELDS: readonly BankAccountField[] = ['accountName', 'accountNumber', 'bankName'];

const AREAS = [BANK_TRANSFER_CONFIG_AREA];
/** Registered with the configuration editor (config/registry.ts); an empty value hides the line. */
export const BANK_ACCOUNT_CONFIG_KEYS: readonly ConfigKeyDef[] = [
  { key: BANK_ACCOUNT_KEYS.accountName, areas: AREAS, kind: 'text', editing: 'here', value: optionalText(200) },
  { key: BANK_ACCOUNT_KEYS.accountNumber, areas: AREAS, kind: 'text', editing: 'here', value: optionalText(64) },
  { key: BANK_ACCOUNT_KEYS.bankName, areas: AREAS, kind: 'text', editing: 'here', value: optionalText(200) },
  { key: BANK_ACCOUNT_KEYS.bankAddress, areas: AREAS, kind: 'longText', editing: 'here', value: optionalText(300) },
  { key: BANK_ACCOUNT_KEYS.swiftCode, areas: AREAS, kind: 'text', editing: 'here', value: optionalText(20) },
  { key: BANK_ACCOUNT_KEYS.instructions, areas: AREAS, kind: 'longText', editing: 'here', value: optionalText(1000) },
];

/** A receipt is a PDF or a picture of one, checked by content; at most 5 MB. */
export const OFFLINE_RECEIPT_TYPES = ['pdf', 'jpg', 'png'] as const;
export const OFFLINE_RECEIPT_MAX_KB = 5 * 1024;
export const OFFLINE_RECEIPT_STATES = ['submitted', 'confirmed', 'rejected'] as const;
export type OfflineReceiptState = (typeof OFFLINE_RECEIPT_STATES)[number];
export const OFFLINE_REJECT_REASON_MAX = 500;
/** The bank's reference staff may note when confirming (as `npm run admin -- payment-record --reference`). */
export const OFFLINE_REFERENCE_PATTERN = /^[\w.-]{1,64}$/;

/** The upload's fields (multipart, before the file): the order the transfer paid, as the page showed it. */
export const offlineReceiptFields = z.object({ orderNo: orderNoField }).strict();
export type OfflineReceiptFields = z.infer<typeof offlineReceiptFields>;

export type BankAccountView = Record<BankAccountField, string>;

/** One uploaded receipt, as its applicant reads it. */
export interface OfflineReceiptView {
  id: number;
  state: OfflineReceiptState;
  /** The file, read with getFileByte. */
  filePath: string;
  fileName: string;
  amountCents: number;
  uploadedAt: string;
  /** Set when rejected. */
  reason: string | null;
  decidedAt: string | null;
}

/**
 * POST <area>/payment/offline: the transfer section of the fee page. `account` is null until the
 * office has entered the account; `canUpload`: the order is unpaid, no receipt is waiting, the fee
 * window is open and the account is set.
 */
export interface BankTransferView {
  orderNo: string;
  amountCents: number;
  currency: string;
  orderPaid: boolean;
  account: BankAccountView | null;
  receipts: OfflineReceiptView[];
  canUpload: boolean;
  windowOpen: boolean;
  maxKb: number;
  types: readonly string[];
}

const year = z.string({ error: typeError }).regex(/^\d{4}$/, { error: V.format });

/** POST /mucgrs-service/staff/payments/receipts: the receipts of a cycle, waiting ones by default, oldest first. */
export const offlineReceiptListRequest = z
  .object({
    recruitYear: year.optional(),
    state: choice(OFFLINE_RECEIPT_STATES).optional(),
    /** A name (any part) or the beginning of an applicant number. */
    q: z.string({ error: typeError }).trim().max(50, { error: V.tooLong }).optional(),
  })
  .strict();
export type OfflineReceiptListRequest = z.input<typeof offlineReceiptListRequest>;

export interface OfflineReceiptRowView extends OfflineReceiptView {
  applicantNumber: string;
  name: string;
  orderNo: string;
  currency: string;
  /** The order now: 'paid' once confirmed (or paid online meanwhile). */
  orderStatus: string;
  reference: string | null;
  decidedBy: { loginName: string; name: string } | null;
}
export interface OfflineReceiptListView {
  recruitYear: string;
  recruitYears: string[];
  rows: OfflineReceiptRowView[];
}

/** POST /mucgrs-service/staff/payments/confirm: settles the order; `reference` is the bank's, if staff have it. */
export const confirmOfflineReceiptRequest = z
  .object({
    receiptId: recordIdField,
    reference: z
      .string({ error: typeError })
      .trim()
      .max(64, { error: V.tooLong })
      .refine((r) => r === '' || OFFLINE_REFERENCE_PATTERN.test(r), { error: 'offlinePayment.reference' })
      .optional(),
  })
  .strict();
export type ConfirmOfflineReceiptRequest = z.input<typeof confirmOfflineReceiptRequest>;

/** POST /mucgrs-service/staff/payments/reject: the reason is shown to the applicant, who may upload again. */
export const rejectOfflineReceiptRequest = z.object({ receiptId: recordIdField, reason: requiredText(OFFLINE_REJECT_REASON_MAX) }).strict();
export type RejectOfflineReceiptRequest = z.input<typeof rejectOfflineReceiptRequest>;
