import { randomBytes } from 'node:crypto';
import type { DB } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { sandboxKey } from './key';
import { signed, verifySignature, type SignedFields } from './signature';

/**
 * The sandbox gateway's side: its own book (table sandbox_trade) and the signed API a merchant
 * calls. It shares nothing with the portal's payment tables; the portal learns about a payment
 * only through a signed notification or a signed query answer, as with a real gateway.
 */
export interface GatewayEnv {
  db: DB;
  clock: Clock;
  /** Where the gateway's own pages are served (the portal's PUBLIC_URL: the sandbox runs inside it). */
  baseUrl: string;
}

export const GATEWAY_PATHS = {
  checkout: '/sandbox-gateway/checkout',
  pay: '/sandbox-gateway/pay',
  create: '/sandbox-gateway/trade/create',
  query: '/sandbox-gateway/query',
} as const;

/** Requests older or newer than this are refused, so a captured request cannot be replayed later. */
export const REQUEST_SKEW_MS = 15 * 60_000;
const MAX_AMOUNT_CENTS = 100_000_000;

export type TradeRow = Awaited<ReturnType<typeof findTrade>>;

export function findTrade(db: DB, by: { tradeNo: string } | { orderNo: string }) {
  const q = db.selectFrom('sandbox_trade').selectAll();
  return ('tradeNo' in by ? q.where('trade_no', '=', by.tradeNo) : q.where('merchant_order_no', '=', by.orderNo)).executeTakeFirst();
}

export const checkoutUrl = (env: GatewayEnv, tradeNo: string) => `${env.baseUrl}${GATEWAY_PATHS.checkout}?trade=${encodeURIComponent(tradeNo)}`;

function isHttpUrl(text: string | undefined): boolean {
  if (!text || text.length > 500) return false;
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

type ApiAnswer = SignedFields;

/** Checks signature and timestamp of a merchant's request; null when it is acceptable. */
async function refusal(env: GatewayEnv, fields: SignedFields | null): Promise<ApiAnswer | null> {
  if (!fields) return { result: 'fail', error: 'malformed' };
  const key = await sandboxKey(env.db, env.clock.now());
  if (!verifySignature(fields, key)) return { result: 'fail', error: 'badSignature' };
  const ts = Number(fields.timestamp);
  if (!Number.isSafeInteger(ts) || Math.abs(env.clock.now() - ts) > REQUEST_SKEW_MS) return { result: 'fail', error: 'staleRequest' };
  return null;
}

async function answer(env: GatewayEnv, fields: ApiAnswer): Promise<ApiAnswer> {
  return signed({ ...fields, timestamp: String(env.clock.now()) }, await sandboxKey(env.db, env.clock.now()));
}

function describeTrade(env: GatewayEnv, t: NonNullable<TradeRow>): ApiAnswer {
  return {
    result: 'success',
    trade_no: t.trade_no,
    merchant_order_no: t.merchant_order_no,
    amount_cents: String(t.amount_cents),
    trade_status: t.status,
    paid_at: t.paid_at === null ? '' : String(t.paid_at),
    checkout_url: checkoutUrl(env, t.trade_no),
  };
}

/**
 * trade/create: opens a trade for a merchant order, or returns the one already open for it (a
 * merchant may ask again). The same order number with another amount is refused.
 */
export async function createTrade(env: GatewayEnv, fields: SignedFields | null): Promise<ApiAnswer> {
  const refused = await refusal(env, fields);
  if (refused) return answer(env, refused);
  const f = fields!;
  const amount = Number(f.amount_cents);
  const orderNo = f.merchant_order_no ?? '';
  if (
    !/^[A-Za-z0-9]{1,64}$/.test(orderNo) ||
    !/^\d{1,12}$/.test(f.amount_cents ?? '') ||
    amount < 1 ||
    amount > MAX_AMOUNT_CENTS ||
    !f.subject ||
    f.subject.length > 200 ||
    !isHttpUrl(f.notify_url) ||
    !isHttpUrl(f.return_url)
  ) {
    return answer(env, { result: 'fail', error: 'malformed' });
  }
  const now = env.clock.now();
  await env.db
    .insertInto('sandbox_trade')
    .values({
      trade_no: `SBX${randomBytes(10).toString('hex').toUpperCase()}`,
      merchant_order_no: orderNo,
      amount_cents: amount,
      subject: f.subject,
      notify_url: f.notify_url!,
      return_url: f.return_url!,
      status: 'open',
      notify_attempts: 0,
      created_at: now,
    })
    .onConflict((oc) => oc.column('merchant_order_no').doNothing())
    .execute();
  const trade = (await findTrade(env.db, { orderNo }))!;
  if (trade.amount_cents !== amount) return answer(env, { result: 'fail', error: 'amountMismatch' });
  return answer(env, describeTrade(env, trade));
}

/** query: what the gateway knows of a merchant order. */
export async function queryTrade(env: GatewayEnv, fields: SignedFields | null): Promise<ApiAnswer> {
  const refused = await refusal(env, fields);
  if (refused) return answer(env, refused);
  const trade = await findTrade(env.db, { orderNo: fields!.merchant_order_no ?? '' });
  if (!trade) return answer(env, { result: 'success', merchant_order_no: fields!.merchant_order_no ?? '', trade_status: 'notFound' });
  return answer(env, describeTrade(env, trade));
}

/**
 * The payer pressed "Pay": the trade becomes paid once (a double click or a second tab changes
 * nothing) and its notification is due at once. Returns the trade as it now stands.
 */
export async function payTrade(env: GatewayEnv, tradeNo: string): Promise<TradeRow> {
  const now = env.clock.now();
  await env.db
    .updateTable('sandbox_trade')
    .set({ status: 'paid', paid_at: now, next_notify_at: now })
    .where('trade_no', '=', tradeNo)
    .where('status', '=', 'open')
    .execute();
  return findTrade(env.db, { tradeNo });
}

/** The signed notification the gateway POSTs to the merchant for a paid trade. */
export async function notificationFor(env: GatewayEnv, trade: NonNullable<TradeRow>): Promise<SignedFields> {
  const now = env.clock.now();
  return signed(
    {
      notify_id: randomBytes(12).toString('hex'),
      notify_time: String(now),
      merchant_order_no: trade.merchant_order_no,
      trade_no: trade.trade_no,
      amount_cents: String(trade.amount_cents),
      trade_status: 'paid',
      paid_at: String(trade.paid_at ?? now),
    },
    await sandboxKey(env.db, now),
  );
}
