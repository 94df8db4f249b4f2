import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../lib/content-disposition';
import { PDF_MIME } from '../lib/pdf';

/** A generated PDF (ticket, receipt, letter): never cached, opened in the browser or saved under its name. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string, disposition: 'inline' | 'attachment' = 'inline'): FastifyReply {
  return reply
    .header('Content-Type', PDF_MIME)
    .header('Content-Disposition', contentDisposition(fileName, disposition))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(pdf);
}
