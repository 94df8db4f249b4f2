import { emptyBody, offlineReceiptFields, OFFLINE_RECEIPT_MAX_KB, ReplyCode, type AdmissionArea, type BankTransferView } from '@gradus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withUploads } from '../../http/uploads';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import type { AppContext } from '../../context';
import type { Applicant } from '../admissions/applicant';
import { applicantCall } from '../admissions/calls';
import { discardUpload, type CheckedUpload } from '../files/service';
import { bankTransferStatus, commitReceipt, planReceipt, receiveReceipt, refuseUnlessOffered } from './offline';
import type { FeeWindow } from './service';
import type { OrderRow } from './settlement';

/** Above the receipt's own limit, so that limit, applied while streaming, speaks first with its own message. */
const PART_LIMIT = OFFLINE_RECEIPT_MAX_KB * 1024 + 1;

/**
 * The applicant's bank-transfer calls, beside the online ones: the section of the fee page
 * (`offline`) and the receipt's upload (`offlineUpload`, multipart: `orderNo`, then the file).
 */
export async function offlinePaymentRoutes(
  app: FastifyInstance,
  { area, prefix, window }: { area: AdmissionArea; prefix: string; window: (ctx: AppContext, applicant: Applicant) => Promise<FeeWindow> },
): Promise<void> {
  const { ctx } = app;

  applicantCall(app, area, {
    url: `${prefix}/offline`,
    body: emptyBody,
    act: async (applicant) => bankTransferStatus(ctx, applicant, await window(ctx, applicant)),
  });

  await withUploads(app, (uploads) =>
    applicantCall(uploads, area, { url: `${prefix}/offlineUpload`, body: null, act: (applicant, { request, reply }) => upload(applicant, request, reply) }),
  );

  /**
   * The fields come first and are judged when the file part begins: a refused receipt (not offered,
   * another's order, paid, one waiting, the window closed) is refused before its bytes are read.
   */
  async function upload(applicant: Applicant, request: FastifyRequest, reply: FastifyReply): Promise<BankTransferView> {
    refuseUnlessOffered(applicant);
    if (!request.isMultipart()) throw new AppError(ReplyCode.BAD_INPUT, 'offlinePayment.fileMissing');
    const feeWindow = await window(ctx, applicant);
    const fields: Record<string, string> = {};
    let order: OrderRow | undefined;
    let received: CheckedUpload | undefined;
    // Errors of the body itself (cut off, malformed, a second file) are the caller's; a failure of our
    // own while the file is stored (the disk, the database) goes on to the 5xx reply and the log.
    const fromStream = new WeakSet<object>();
    let inOwnWork = false;
    try {
      try {
        for await (const part of request.parts({ limits: { files: 1, fields: 2, fieldSize: 100, fileSize: PART_LIMIT } })) {
          if (part.type === 'field') {
            if (order) throw new AppError(ReplyCode.BAD_INPUT, 'offlinePayment.fieldsFirst');
            fields[part.fieldname] = String(part.value);
            continue;
          }
          part.file.on('error', (err: unknown) => {
            if (typeof err === 'object' && err !== null) fromStream.add(err);
          });
          inOwnWork = true;
          order = await planReceipt(ctx, applicant, parseInput(offlineReceiptFields, fields).orderNo, feeWindow);
          received = await receiveReceipt(ctx, part.file, part.filename);
          inOwnWork = false;
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        const callersFault = (typeof err === 'object' && err !== null && fromStream.has(err)) || !inOwnWork;
        throw callersFault ? new AppError(ReplyCode.BAD_INPUT, 'error.invalidBody') : err;
      }
      if (!order || !received) {
        parseInput(offlineReceiptFields, fields);
        throw new AppError(ReplyCode.BAD_INPUT, 'offlinePayment.fileMissing');
      }
      const upload = received;
      // From here commitReceipt owns the bytes: it keeps them with their record or removes them.
      received = undefined;
      await commitReceipt(ctx, applicant, order, feeWindow, upload);
      return await bankTransferStatus(ctx, applicant, feeWindow);
    } catch (err) {
      if (received) await discardUpload(ctx, received).catch(() => {});
      // Refused before the body was all read: the rest is not read, so the connection closes after the reply.
      if (!request.raw.complete) void reply.header('connection', 'close');
      throw err;
    }
  }
}
