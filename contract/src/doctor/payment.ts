import { z } from 'zod';
import { typeError, V } from '../api/common';

/**
 * Online payment of the doctoral application fee (issue #4). One order per applicant, cycle and
 * purpose; the fee comes from the doctor area's configuration (`applicationFee`, e.g. '200.00').
 * The order is paid only when the gateway says so (a verified notification or a signed query):
 * the browser coming back from the gateway proves nothing.
 */
export const PAYMENT_PURPOSES = ['applicationFee'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'closed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Doctor-area configuration key of the fee, a decimal amount in yuan. */
export const APPLICATION_FEE_KEY = 'applicationFee';
export const PAYMENT_CURRENCY = 'CNY';

/** Order numbers are what the portal issues (upper-case letters and digits); anything else is not ours. */
export const ORDER_NO_PATTERN = /^[A-Z0-9]{8,40}$/;
export const orderNoField = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: V.required })
  .max(40, { error: V.tooLong })
  .regex(ORDER_NO_PATTERN, { error: V.format });

/** Body of checkout, query and receipt. */
export const paymentOrderRequest = z.object({ orderNo: orderNoField }).strict();
export type PaymentOrderRequest = z.infer<typeof paymentOrderRequest>;

/** An order as the applicant sees it. Times are ISO strings. */
export interface PaymentOrderView {
  orderNo: string;
  purpose: PaymentPurpose;
  amountCents: number;
  /** The amount in yuan with two decimals, e.g. '200.00'. */
  amount: string;
  currency: string;
  status: PaymentStatus;
  provider: string;
  tradeNo: string | null;
  paidAt: string | null;
  createdAt: string;
  /** Pending and inside the fee window: the "Pay now" button works. */
  canPay: boolean;
  /** When the fee window closes, if it does. */
  payBefore: string | null;
  /** This applicant may pay by bank transfer instead (Hong Kong, Macao and Taiwan applicants: api/offline-payment.ts). */
  bankTransfer: boolean;
}

/** Reply of checkout: where the browser goes to pay (the same tab). */
export interface CheckoutView {
  checkoutUrl: string;
}

/** '200.00' -> 20000; anything but a plain non-negative amount with at most two decimals -> null. */
export function parseAmountToCents(text: string | undefined | null): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec((text ?? '').trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 20000 -> '200.00' (integer arithmetic: no floating-point cents). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
