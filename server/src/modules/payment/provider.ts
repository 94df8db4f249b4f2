/**
 * What the portal needs from a payment gateway. The built-in 'sandbox' is the only provider today;
 * Alipay, WeChat Pay and UnionPay plug in behind the same three calls, each with its own signing
 * scheme hidden inside verifyNotification and queryOrder. Nothing outside a provider parses a
 * gateway's fields.
 */
export interface CheckoutOrder {
  orderNo: string;
  amountCents: number;
  /** What the payer sees on the gateway's page. */
  subject: string;
  /** Where the gateway POSTs its signed notification (server to server). */
  notifyUrl: string;
  /** Where the gateway sends the browser back; it proves nothing about payment. */
  returnUrl: string;
}

/** A payment the gateway vouches for (signature checked). */
export interface VerifiedPayment {
  orderNo: string;
  tradeNo: string;
  amountCents: number;
  paidAt: number;
}

export type NotificationCheck =
  | ({ valid: true } & VerifiedPayment)
  /** `orderNo` is what the message claims, for the log only: it is not trusted. */
  | { valid: false; reason: 'badSignature' | 'malformed' | 'notPaid'; orderNo: string | null; signatureValid: boolean };

export type GatewayStatus =
  | ({ status: 'paid' } & VerifiedPayment)
  | { status: 'open' | 'notFound' }
  /** The gateway could not be reached or answered something unsigned: ask again later. */
  | { status: 'unknown'; detail: string };

export interface PaymentProvider {
  readonly name: string;
  /** Registers the order with the gateway and returns the page the payer's browser opens. */
  createCheckout(order: CheckoutOrder): Promise<string>;
  /** Checks a notification as received (form fields); never throws for bad input. */
  verifyNotification(fields: unknown): Promise<NotificationCheck>;
  /** Asks the gateway, with a signed request, what it knows of an order. */
  queryOrder(orderNo: string): Promise<GatewayStatus>;
  /** What the provider wants the merchant to answer to a notification it accepted or refused. */
  readonly acknowledge: { accepted: string; refused: string };
}

/** A provider's call could not be completed (gateway down, unsigned answer). */
export class GatewayError extends Error {}
