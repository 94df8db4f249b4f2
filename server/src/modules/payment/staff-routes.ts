import { confirmOfflineReceiptRequest, offlineReceiptListRequest, rejectOfflineReceiptRequest } from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import type { StaffActor } from '../admissions/staff-audit';
import { confirmReceipt, loadReceipt, receiptList, rejectReceipt } from './offline-staff';

const base = '/mucgrs-service/staff/payments';
const staffActor = (request: FastifyRequest): StaffActor => ({ staffUserId: request.auth!.userId });

/**
 * The back office's bank-transfer receipts (issue #11, page staff/offlinePayments): the list is
 * `payment.offlineQueue` (its rows each by `payment.inspect`); a decision is `payment.record` on the
 * receipt's applicant, and a receipt outside the caller's reach reads as one that does not exist.
 * The receipt's file is opened through getFileByte, under `file.read`.
 */
export const offlinePaymentStaffRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, {
    url: `${base}/receipts`,
    body: offlineReceiptListRequest,
    authorize: () => ({ kind: 'payment.offlineQueue' }),
    act: (_none, { actor, input }) => receiptList(ctx, actor, input),
  });
  const decision = {
    load: ({ input }: { input: { receiptId: number } }) => loadReceipt(ctx.db, input.receiptId),
    authorize: ({ application }: Awaited<ReturnType<typeof loadReceipt>>) => ({ kind: 'payment.record' as const, application }),
    refusal: { because: 'offlinePayment.receiptNotFound' as const, notFound: true as const },
  };
  route(app, { url: `${base}/confirm`, body: confirmOfflineReceiptRequest, ...decision, act: (loaded, { request, input }) => confirmReceipt(ctx, loaded, input, staffActor(request)) });
  route(app, { url: `${base}/reject`, body: rejectOfflineReceiptRequest, ...decision, act: (loaded, { request, input }) => rejectReceipt(ctx, loaded, input, staffActor(request)) });
};
