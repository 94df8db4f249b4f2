import { randomBytes } from 'node:crypto';
import {
  APPLICATION_FEE_KEY,
  cycleAreaOf,
  PAYMENT_CURRENCY,
  ReplyCode,
  formatCents,
  offersBankTransfer,
  parseAmountToCents,
  type AdmissionArea,
  type Language,
  type PaymentOrderView,
  type PaymentPurpose,
  type PaymentStatus,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { translate } from '../../locales';
import { configValue } from '../system-config/service';
import { GatewayError, type PaymentProvider } from './provider';
import { DEFAULT_PROVIDER, type ProviderLookup } from './providers';
import { settle, type OrderRow } from './settlement';

/** Whose orders: the signed-in applicant, never a client-named owner; an order has an area and a purpose. */
export interface PaymentOwner {
  userId: number;
  recruitYear: string;
  area: AdmissionArea;
}

const FEE_PURPOSE: PaymentPurpose = 'applicationFee';
export const NOTIFY_PATH = '/api/v1/payment/notify';

/** The application fee the area's configuration names (`applicationFee`, e.g. '200.00'); null when unset. */
export async function applicationFeeCents(db: DB, area: string): Promise<number | null> {
  const cents = parseAmountToCents(await configValue(db, area as AdmissionArea, APPLICATION_FEE_KEY));
  return cents && cents > 0 ? cents : null;
}

/**
 * The fee of an applicant's own cycle: the gat area's for a Hong Kong, Macao or Taiwan applicant of
 * the doctoral journey (their orders are the doctoral journey's, their fee their cycle's).
 */
async function feeOfCycle(db: DB, who: { userId: number; area: string }): Promise<number | null> {
  const user = await db.selectFrom('app_user').select('user_register_type').where('id', '=', who.userId).executeTakeFirst();
  return applicationFeeCents(db, (user?.user_register_type ? cycleAreaOf(user.user_register_type) : undefined) ?? who.area);
}

/** When the applicant may pay: each journey says it from its own stages (the doctoral one: registration and fee). */
export interface FeeWindow {
  open: boolean;
  closesAt: string | null;
}

/** Ours are 'AF' + cycle + 12 random hex digits: unique, and telling nothing about the applicant. */
const newOrderNo = (recruitYear: string) => `AF${recruitYear.replace(/\D/g, '').slice(0, 4)}${randomBytes(6).toString('hex').toUpperCase()}`;

/**
 * The applicant's application-fee order for this cycle, created on first call with the configured
 * fee. Two first calls at once both get the one order the unique index lets in.
 */
export async function applicationFeeOrder(db: DB, now: number, owner: PaymentOwner): Promise<OrderRow> {
  const find = () =>
    db
      .selectFrom('payment_order')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .where('recruit_year', '=', owner.recruitYear)
      .where('area', '=', owner.area)
      .where('purpose', '=', FEE_PURPOSE)
      .executeTakeFirst();
  const existing = await find();
  if (existing) return existing;
  const fee = await feeOfCycle(db, owner);
  if (fee === null) throw new AppError(ReplyCode.CONFLICT, 'error.feeNotConfigured');
  await db
    .insertInto('payment_order')
    .values({
      order_no: newOrderNo(owner.recruitYear),
      user_id: owner.userId,
      recruit_year: owner.recruitYear,
      area: owner.area,
      purpose: FEE_PURPOSE,
      amount_cents: fee,
      currency: PAYMENT_CURRENCY,
      provider: DEFAULT_PROVIDER,
      status: 'pending',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'recruit_year', 'area', 'purpose']).doNothing())
    .execute();
  return (await find())!;
}

export function ordersOf(db: DB, owner: PaymentOwner): Promise<OrderRow[]> {
  return db
    .selectFrom('payment_order')
    .selectAll()
    .where('user_id', '=', owner.userId)
    .where('recruit_year', '=', owner.recruitYear)
    .where('area', '=', owner.area)
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * The order a client named, for the policy to judge (`payment.self`): another applicant's order
 * and an unknown number are refused alike, with the same 404.
 */
export async function findOrder(db: DB, orderNo: string): Promise<OrderRow> {
  const order = await db.selectFrom('payment_order').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  if (!order) throw new AppError(ReplyCode.NOT_FOUND, 'error.notFound');
  return order;
}

export function orderView(order: OrderRow, window: FeeWindow, owner: { registerType: number }): PaymentOrderView {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    orderNo: order.order_no,
    purpose: order.purpose as PaymentPurpose,
    amountCents: order.amount_cents,
    amount: formatCents(order.amount_cents),
    currency: order.currency,
    status: order.status as PaymentStatus,
    provider: order.provider,
    tradeNo: order.provider_trade_no,
    paidAt: iso(order.paid_at),
    createdAt: new Date(order.created_at).toISOString(),
    canPay: order.status === 'pending' && window.open,
    payBefore: window.closesAt,
    bankTransfer: offersBankTransfer(owner.registerType),
  };
}

/**
 * Registers the order with its gateway and returns the page the applicant's browser opens; the
 * gateway sends the browser back to `payPage` (the journey's fee page) with the order number.
 */
export async function startCheckout(ctx: AppContext, providers: ProviderLookup, order: OrderRow, window: FeeWindow, lang: Language, payPage: string): Promise<string> {
  if (order.status === 'paid') throw new AppError(ReplyCode.CONFLICT, 'error.alreadyPaid');
  if (order.status !== 'pending' || !window.open) throw new AppError(ReplyCode.FORBIDDEN, 'error.stageClosed');
  const provider = providers(order.provider);
  // No provider behind the order (the sandbox switched off in production, no real one set up yet).
  if (!provider) throw new AppError(ReplyCode.FORBIDDEN, 'error.paymentNotAvailable');
  const base = ctx.config.publicUrl;
  try {
    const priced = await withCurrentFee(ctx.db, ctx.clock.now(), provider, order);
    return await provider.createCheckout({
      orderNo: priced.order_no,
      amountCents: priced.amount_cents,
      subject: translate(lang, 'payment.subject', { year: order.recruit_year }),
      notifyUrl: `${base}${NOTIFY_PATH}/${provider.name}`,
      returnUrl: `${base}${payPage}?orderNo=${encodeURIComponent(order.order_no)}`,
    });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    ctx.log.warn({ err, orderNo: order.order_no }, 'payment: checkout refused by the gateway');
    throw new AppError(ReplyCode.SERVER_ERROR, 'error.gatewayUnavailable');
  }
}

/**
 * A pending order takes the fee as configured now, as long as its gateway holds no trade for it
 * yet (once one exists, the amount is fixed there and the order keeps it). A gateway that cannot
 * say leaves the amount as it was. The update is conditional on the amount read, so two checkouts
 * racing a fee change end with one amount, the one the first trade is opened with.
 */
async function withCurrentFee(db: DB, now: number, provider: PaymentProvider, order: OrderRow): Promise<OrderRow> {
  const fee = await feeOfCycle(db, { userId: order.user_id, area: order.area });
  if (fee === null || fee === order.amount_cents || order.purpose !== FEE_PURPOSE) return order;
  if ((await provider.queryOrder(order.order_no)).status !== 'notFound') return order;
  await db
    .updateTable('payment_order')
    .set({ amount_cents: fee, updated_at: now })
    .where('id', '=', order.id)
    .where('status', '=', 'pending')
    .where('amount_cents', '=', order.amount_cents)
    .execute();
  return db.selectFrom('payment_order').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
}

/**
 * Asks the order's gateway what it knows and settles the order if the gateway vouches for the
 * payment: the path that works when a notification is late or never comes. A gateway that cannot
 * be reached leaves the order as it was.
 */
export async function refreshFromGateway(db: DB, now: number, providers: ProviderLookup, order: OrderRow): Promise<{ order: OrderRow; outcome: string }> {
  if (order.status !== 'pending') return { order, outcome: order.status };
  const provider = providers(order.provider);
  if (!provider) return { order, outcome: 'noProvider' };
  const status = await provider.queryOrder(order.order_no);
  if (status.status !== 'paid') return { order, outcome: status.status };
  const outcome = await settle(db, now, order, { ...status, provider: provider.name });
  const fresh = await db.selectFrom('payment_order').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  return { order: fresh, outcome };
}

export async function queryOrder(ctx: AppContext, providers: ProviderLookup, order: OrderRow): Promise<OrderRow> {
  const { order: fresh, outcome } = await refreshFromGateway(ctx.db, ctx.clock.now(), providers, order);
  if (outcome === 'settled') ctx.applicantChanged.changed(order.user_id);
  if (outcome === 'amountMismatch') ctx.log.warn({ orderNo: order.order_no }, 'payment: the gateway reports another amount than the order; not settled');
  return fresh;
}
