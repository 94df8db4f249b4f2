import { formatCents, type Language } from '@gradus/contract';
import { createPdf, labelledRows, pdfBuffer } from '../../lib/pdf';
import { isMessageKey, translate } from '../../locales';
import type { OrderRow } from './settlement';

/** Receipts state China Standard Time whatever the server's zone, as the school's paper ones do. */
const cst = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(ms);

export function receiptFileName(lang: Language, order: OrderRow): string {
  return translate(lang, 'payment.receipt.fileName', { orderNo: order.order_no });
}

/** The receipt of a paid order, in the applicant's language, with the name as registered (Chinese renders). */
export async function receiptPdf(lang: Language, order: OrderRow, applicant: { name: string; applicantNumber: string }, now: number): Promise<Buffer> {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) => translate(lang, key, params);
  const channelKey = `payment.channel.${order.provider}`;
  const doc = createPdf({ title: t('payment.receipt.title') });
  doc.font('bold').fontSize(18).text(t('payment.receipt.title'), { align: 'center' });
  doc.moveDown(1.2);
  labelledRows(doc, [
    [t('payment.receipt.name'), applicant.name],
    [t('payment.receipt.applicantNumber'), applicant.applicantNumber],
    [t('payment.receipt.purpose'), t('payment.subject', { year: order.recruit_year })],
    [t('payment.receipt.orderNo'), order.order_no],
    [t('payment.receipt.amount'), `${order.currency} ${formatCents(order.amount_cents)}`],
    [t('payment.receipt.channel'), isMessageKey(channelKey) ? t(channelKey) : order.provider],
    [t('payment.receipt.tradeNo'), order.provider_trade_no ?? ''],
    [t('payment.receipt.paidAt'), order.paid_at === null ? '' : cst(order.paid_at)],
    [t('payment.receipt.issuedAt'), cst(now)],
  ]);
  doc.moveDown(1);
  doc.font('body').fontSize(9).fillColor('#555555').text(t('payment.receipt.note'));
  return pdfBuffer(doc);
}
