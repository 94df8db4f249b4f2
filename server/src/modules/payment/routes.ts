import { emptyBody, paymentOrderRequest, type CheckoutView } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { contentDisposition } from '../../../lib/content-disposition';
import { PDF_MIME } from '../../../lib/pdf';
import { ok } from '../../../lib/reply';
import { parseInput } from '../../../lib/validation';
import { AppError } from '../../../lib/app-error';
import { ReplyCode } from '@gradus/contract';
import { doctorApplicantOf } from '../applicant';
import { paymentProviders } from './providers';
import { receiptFileName, receiptPdf } from './receipt';
import { injectTransport } from './sandbox/provider';
import { applicationFeeOrder, feeWindow, orderView, ordersOf, ownOrder, queryOwnOrder, startCheckout } from './service';

/** The signed-in doctoral applicant's payment calls (issue #4). */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const providers = paymentProviders({ db: ctx.db, clock: ctx.clock, sandboxTransport: injectTransport(app), sandboxEnabled: ctx.config.paymentSandbox });
  const window = () => feeWindow(ctx.db, ctx.clock.now());

  /** The application-fee order of this cycle, created on first call. */
  app.post('/mucgrs-service/doctor/payment/order', async (request) => {
    parseInput(emptyBody, request.body);
    const applicant = doctorApplicantOf(request);
    const order = await applicationFeeOrder(ctx.db, ctx.clock.now(), applicant);
    return ok(request, orderView(order, await window()));
  });

  /** Every order of the applicant's cycle, newest first; creates nothing (the record page). */
  app.post('/mucgrs-service/doctor/payment/orders', async (request) => {
    parseInput(emptyBody, request.body);
    const applicant = doctorApplicantOf(request);
    const [orders, w] = await Promise.all([ordersOf(ctx.db, applicant), window()]);
    return ok(request, orders.map((o) => orderView(o, w)));
  });

  app.post('/mucgrs-service/doctor/payment/checkout', async (request) => {
    const { orderNo } = parseInput(paymentOrderRequest, request.body);
    const applicant = doctorApplicantOf(request);
    const checkoutUrl = await startCheckout(ctx, providers, applicant, orderNo, request.lang);
    return ok<CheckoutView>(request, { checkoutUrl });
  });

  /** Asks the gateway (the browser's return proves nothing) and settles if it vouches for the payment. */
  app.post('/mucgrs-service/doctor/payment/query', async (request) => {
    const { orderNo } = parseInput(paymentOrderRequest, request.body);
    const applicant = doctorApplicantOf(request);
    const order = await queryOwnOrder(ctx, providers, applicant, orderNo);
    return ok(request, orderView(order, await window()));
  });

  app.post('/mucgrs-service/doctor/payment/receipt', async (request, reply) => {
    const { orderNo } = parseInput(paymentOrderRequest, request.body);
    const applicant = doctorApplicantOf(request);
    const order = await ownOrder(ctx.db, applicant, orderNo);
    if (order.status !== 'paid') throw new AppError(ReplyCode.CONFLICT, 'error.orderNotPaid');
    const pdf = await receiptPdf(request.lang, order, applicant, ctx.clock.now());
    return reply
      .header('Content-Type', PDF_MIME)
      .header('Content-Disposition', contentDisposition(receiptFileName(request.lang, order)))
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });
};
