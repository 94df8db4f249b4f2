import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { GatewayError, type CheckoutOrder, type GatewayStatus, type NotificationCheck, type PaymentProvider } from '../provider';
import { GATEWAY_PATHS } from './gateway';
import { sandboxKey } from './key';
import { signed, stringFields, verifySignature, type SignedFields } from './signature';

/** How the merchant reaches the gateway's API: a signed form POST, answered with signed JSON. */
export type GatewayTransport = (path: string, fields: SignedFields) => Promise<{ status: number; body: string }>;

/**
 * The built-in sandbox gateway runs inside the portal's own server, so the merchant calls its
 * HTTP API through Fastify's inject: the same routing, body parsing and signature checks as a
 * network call, without depending on PUBLIC_URL being reachable from the server itself.
 */
export function injectTransport(app: FastifyInstance): GatewayTransport {
  return async (path, fields) => {
    const res = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    return { status: res.statusCode, body: res.body };
  };
}

const DIGITS = /^\d{1,15}$/;

/** The merchant's side of the sandbox: signs what it sends, verifies everything it receives. */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly acknowledge = { accepted: 'success', refused: 'failure' };

  constructor(private readonly deps: { db: DB; clock: Clock; transport: GatewayTransport }) {}

  private key(): Promise<string> {
    return sandboxKey(this.deps.db, this.deps.clock.now());
  }

  /** Sends a signed request; returns the answer's fields only if the gateway signed them. */
  private async call(path: string, fields: SignedFields): Promise<SignedFields> {
    const key = await this.key();
    const request = signed({ ...fields, timestamp: String(this.deps.clock.now()), nonce: randomBytes(8).toString('hex') }, key);
    let reply: { status: number; body: string };
    try {
      reply = await this.deps.transport(path, request);
    } catch (err) {
      throw new GatewayError(`gateway unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply.body);
    } catch {
      throw new GatewayError(`gateway answered HTTP ${reply.status} without JSON`);
    }
    const answer = stringFields(parsed);
    if (!answer || !verifySignature(answer, key)) throw new GatewayError('gateway answer is not signed with our key');
    return answer;
  }

  async createCheckout(order: CheckoutOrder): Promise<string> {
    const answer = await this.call(GATEWAY_PATHS.create, {
      merchant_order_no: order.orderNo,
      amount_cents: String(order.amountCents),
      subject: order.subject,
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
    });
    if (answer.result !== 'success' || answer.merchant_order_no !== order.orderNo || answer.amount_cents !== String(order.amountCents) || !answer.checkout_url) {
      throw new GatewayError(`gateway refused the trade: ${answer.error ?? 'unexpected answer'}`);
    }
    return answer.checkout_url;
  }

  async verifyNotification(body: unknown): Promise<NotificationCheck> {
    const fields = stringFields(body);
    const claimed = fields?.merchant_order_no ?? null;
    if (!fields) return { valid: false, reason: 'malformed', orderNo: null, signatureValid: false };
    if (!verifySignature(fields, await this.key())) return { valid: false, reason: 'badSignature', orderNo: claimed, signatureValid: false };
    if (fields.trade_status !== 'paid') return { valid: false, reason: 'notPaid', orderNo: claimed, signatureValid: true };
    if (!claimed || !fields.trade_no || !DIGITS.test(fields.amount_cents ?? '') || !DIGITS.test(fields.paid_at ?? '')) {
      return { valid: false, reason: 'malformed', orderNo: claimed, signatureValid: true };
    }
    return { valid: true, orderNo: claimed, tradeNo: fields.trade_no, amountCents: Number(fields.amount_cents), paidAt: Number(fields.paid_at) };
  }

  async queryOrder(orderNo: string): Promise<GatewayStatus> {
    let answer: SignedFields;
    try {
      answer = await this.call(GATEWAY_PATHS.query, { merchant_order_no: orderNo });
    } catch (err) {
      return { status: 'unknown', detail: err instanceof Error ? err.message : String(err) };
    }
    if (answer.result !== 'success' || answer.merchant_order_no !== orderNo) return { status: 'unknown', detail: answer.error ?? 'unexpected answer' };
    if (answer.trade_status === 'notFound') return { status: 'notFound' };
    if (answer.trade_status === 'open') return { status: 'open' };
    if (answer.trade_status === 'paid' && answer.trade_no && DIGITS.test(answer.amount_cents ?? '') && DIGITS.test(answer.paid_at ?? '')) {
      return { status: 'paid', orderNo, tradeNo: answer.trade_no, amountCents: Number(answer.amount_cents), paidAt: Number(answer.paid_at) };
    }
    return { status: 'unknown', detail: `unexpected trade status ${answer.trade_status ?? ''}` };
  }
}
