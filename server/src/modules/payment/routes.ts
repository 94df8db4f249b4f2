import { emptyBody, paymentOrderRequest, ReplyCode, type AdmissionArea } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { route, type Call } from '../../http/route';
import { sendPdf } from '../../http/send';
import { AppError } from '../../lib/app-error';
import { applicantOf, type Applicant } from '../admissions/applicant';
import { applicantCall } from '../admissions/calls';
import { waitingReceipt } from './offline';
import { offlinePaymentRoutes } from './offline-routes';
import { paymentProviders } from './providers';
import { receiptFileName, receiptPdf } from './receipt';
import { injectTransport } from './sandbox/provider';
import type { OrderRow } from './settlement';
import { applicationFeeOrder, findOrder, orderView, ordersOf, queryOrder, startCheckout, type FeeWindow } from './service';

export interface PaymentCallsOptions {
  area: AdmissionArea;
  /** Where the area's calls live, e.g. /mucgrs-service/doctor/payment. */
  prefix: string;
  /** When this applicant may pay, by the area's own stages. */
  window: (ctx: AppContext, applicant: Applicant) => Promise<FeeWindow>;
  /** The journey's fee page (e.g. /payManage/pay), where the gateway sends the browser back. */
  payPage: string;
}

/**
 * An applicant's payment calls, mounted by each journey that charges a fee. Orders the client
 * names are loaded first and judged by the `payment.self` policy: another applicant's order reads
 * exactly like an unknown number.
 */
export function applicantPaymentRoutes({ area, prefix, window, payPage }: PaymentCallsOptions): FastifyPluginAsync {
  return async (app) => {
    const { ctx } = app;
    const providers = paymentProviders({ db: ctx.db, clock: ctx.clock, sandboxTransport: injectTransport(app), sandboxEnabled: ctx.config.paymentSandbox });

    /** The application-fee order of this cycle, created on first call. */
    applicantCall(app, area, {
      url: `${prefix}/order`,
      body: emptyBody,
      act: async (applicant) => orderView(await applicationFeeOrder(ctx.db, ctx.clock.now(), applicant), await window(ctx, applicant), applicant),
    });

    /** Every order of the applicant's cycle, newest first; creates nothing (the record page). */
    applicantCall(app, area, {
      url: `${prefix}/orders`,
      body: emptyBody,
      act: async (applicant) => {
        const [orders, w] = await Promise.all([ordersOf(ctx.db, applicant), window(ctx, applicant)]);
        return orders.map((o) => orderView(o, w, applicant));
      },
    });

    /** An order the applicant names: loaded with the caller, then judged theirs or not (`payment.self`). */
    const ownOrder = {
      body: paymentOrderRequest,
      load: ({ input }: Call<z.output<typeof paymentOrderRequest>>) => findOrder(ctx.db, input.orderNo),
      authorize: (order: OrderRow) => ({ kind: 'payment.self' as const, area, order: { ownerUserId: order.user_id, area: order.area } }),
      refusal: 'notFound' as const,
    };
    /** The policy admitted the order's owner, an applicant of this area: their session names them. */
    const owner = (call: Call<unknown>): Applicant => applicantOf(call.request, area);

    route(app, {
      url: `${prefix}/checkout`,
      ...ownOrder,
      act: async (order, call) => {
        // A bank-transfer receipt waiting for the office: paying online as well would charge twice.
        if (order.status === 'pending' && (await waitingReceipt(ctx.db, order.id))) throw new AppError(ReplyCode.CONFLICT, 'offlinePayment.checkoutWhileWaiting');
        return { checkoutUrl: await startCheckout(ctx, providers, order, await window(ctx, owner(call)), call.request.lang, payPage) };
      },
    });

    /** Asks the gateway (the browser's return proves nothing) and settles if it vouches for the payment. */
    route(app, {
      url: `${prefix}/query`,
      ...ownOrder,
      act: async (order, call) => orderView(await queryOrder(ctx, providers, order), await window(ctx, owner(call)), owner(call)),
    });

    route(app, {
      url: `${prefix}/receipt`,
      ...ownOrder,
      act: async (order, call) => {
        if (order.status !== 'paid') throw new AppError(ReplyCode.CONFLICT, 'error.orderNotPaid');
        return { pdf: await receiptPdf(call.request.lang, order, owner(call), ctx.clock.now()), fileName: receiptFileName(call.request.lang, order) };
      },
      send: ({ pdf, fileName }, reply) => sendPdf(reply, pdf, fileName, 'attachment'),
    });

    // Paying by bank transfer instead (Hong Kong, Macao and Taiwan applicants): the account, the receipt.
    await offlinePaymentRoutes(app, { area, prefix, window });
  };
}
