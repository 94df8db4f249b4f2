import { EXAM_TIME_ZONE, type AdmissionTicketView, type Language } from '@gradus/contract';
import { translate } from '../../../locales';
import { createPdf, pdfBuffer, qrPng, type Pdf } from '../../../lib/pdf';

/**
 * The printed admission ticket: title, the applicant's details beside their photo, the exam
 * arrangement, the verification QR code and the notes. Labels are in the reader's language;
 * the name stays as registered (Chinese characters render with the embedded Noto Sans SC).
 */
export interface TicketPrint {
  ticket: AdmissionTicketView;
  recruitYear: string;
  /** JPEG or PNG bytes of the latest ID photo; null draws an empty framed box to paste one in. */
  photo: Buffer | null;
  verifyUrl: string;
  lang: Language;
}

const PHOTO = { w: 100, h: 140 };
const QR = 100;

/** "15 March 2027, Mon 09:00 – 11:30 (Beijing time)" in the reader's language. */
export function examTime(lang: Language, startsAt: string, endsAt: string): string {
  const day = (iso: string) => new Intl.DateTimeFormat(lang, { timeZone: EXAM_TIME_ZONE, dateStyle: 'full' }).format(new Date(iso));
  const clock = (iso: string) => new Intl.DateTimeFormat(lang, { timeZone: EXAM_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  const sameDay = day(startsAt) === day(endsAt);
  const time = sameDay ? `${day(startsAt)} ${clock(startsAt)}–${clock(endsAt)}` : `${day(startsAt)} ${clock(startsAt)} – ${day(endsAt)} ${clock(endsAt)}`;
  return translate(lang, 'ticket.timeZone', { time });
}

function drawPhoto(doc: Pdf, photo: Buffer | null, x: number, y: number, lang: Language): void {
  if (photo) {
    try {
      doc.image(photo, x, y, { fit: [PHOTO.w, PHOTO.h], align: 'center', valign: 'center' });
      doc.lineWidth(0.5).rect(x, y, PHOTO.w, PHOTO.h).stroke('#888888');
      return;
    } catch {
      // An unreadable image must not cost the applicant their ticket: fall back to the empty frame.
    }
  }
  doc.lineWidth(1).dash(4, { space: 3 }).rect(x, y, PHOTO.w, PHOTO.h).stroke('#888888').undash();
  doc.font('body').fontSize(11).fillColor('#888888').text(translate(lang, 'ticket.photo'), x, y + PHOTO.h / 2 - 7, { width: PHOTO.w, align: 'center' });
  doc.fillColor('#000000');
}

/** Label/value rows in a column narrower than the page, so they never run under the photo. */
function rows(doc: Pdf, items: readonly (readonly [string, string])[], x: number, y: number, width: number): number {
  const labelWidth = 100;
  let at = y;
  for (const [label, value] of items) {
    doc.font('bold').fontSize(10.5).text(label, x, at, { width: labelWidth - 8 });
    const afterLabel = doc.y;
    doc.font('body').fontSize(10.5).text(value || '—', x + labelWidth, at, { width: width - labelWidth });
    at = Math.max(afterLabel, doc.y) + 7;
  }
  return at;
}

export async function ticketPdf(p: TicketPrint): Promise<Buffer> {
  const { ticket, lang } = p;
  const title = translate(lang, `ticket.title.${ticket.kind}`, { year: p.recruitYear });
  const doc = createPdf({ title });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('bold').fontSize(16).text(title, left, doc.page.margins.top, { width, align: 'center' });
  const ruleY = doc.y + 8;
  doc.moveTo(left, ruleY).lineTo(left + width, ruleY).lineWidth(1).stroke('#333333');

  const top = ruleY + 18;
  const rightX = left + width - PHOTO.w;
  drawPhoto(doc, p.photo, rightX, top, lang);
  const qrY = top + PHOTO.h + 16;
  doc.image(await qrPng(p.verifyUrl), rightX, qrY, { width: QR, height: QR });
  doc.font('body').fontSize(8).fillColor('#555555').text(translate(lang, 'ticket.scanToVerify'), rightX - 10, qrY + QR + 2, { width: QR + 20, align: 'center' });
  doc.fillColor('#000000');
  const rightBottom = doc.y;

  const L = (key: 'ticketNo' | 'name' | 'applicantNumber' | 'idNumber' | 'subject' | 'time' | 'venue' | 'room' | 'seat') => translate(lang, `ticket.${key}`);
  const rowsEnd = rows(
    doc,
    [
      [L('ticketNo'), ticket.ticketNo],
      [L('name'), ticket.name],
      [L('applicantNumber'), ticket.applicantNumber],
      [L('idNumber'), ticket.idNumber],
      [L('subject'), ticket.subject],
      [L('time'), examTime(lang, ticket.startsAt, ticket.endsAt)],
      [L('venue'), ticket.venue],
      [L('room'), ticket.room],
      [L('seat'), ticket.seat],
    ],
    left,
    top,
    width - PHOTO.w - 20,
  );

  if (ticket.notes.trim()) {
    const notesY = Math.max(rowsEnd, rightBottom) + 16;
    doc.moveTo(left, notesY - 8).lineTo(left + width, notesY - 8).lineWidth(0.5).stroke('#999999');
    doc.font('bold').fontSize(11).text(translate(lang, 'ticket.notes'), left, notesY, { width });
    doc.moveDown(0.3);
    doc.font('body').fontSize(10).text(ticket.notes, left, doc.y, { width, lineGap: 2 });
  }
  return pdfBuffer(doc);
}
