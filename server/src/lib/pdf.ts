import { createRequire } from 'node:module';
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * Every PDF the portal prints (form summary, receipt, tickets, file-transfer letter) is built here.
 * The font is Noto Sans SC from npm, so Chinese names render on a fresh machine without system
 * fonts; pdfkit embeds only the glyphs used and writes a ToUnicode map, so the text stays
 * searchable and extractable.
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: fs.readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
    bold: fs.readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf')),
  };
  return fonts;
}

export type Pdf = PDFKit.PDFDocument;

export function createPdf(info: { title: string; author?: string }): Pdf {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: info.title, Author: info.author ?? 'Gradus' }, pdfVersion: '1.7' });
  const { regular, bold } = loadFonts();
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  doc.font('body');
  return doc;
}

/** Ends the document and collects its bytes. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A heading and label/value rows, the shape most printed pages share. */
export function labelledRows(doc: Pdf, rows: readonly (readonly [string, string])[], opts: { labelWidth?: number } = {}): void {
  const labelWidth = opts.labelWidth ?? 150;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('bold').fontSize(10).text(label, left, y, { width: labelWidth - 10 });
    const afterLabel = doc.y;
    doc.font('body').fontSize(10).text(value || '—', left + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(afterLabel, doc.y) + 4;
  }
  doc.x = left;
}

/** A QR code as a PNG image, so a reader (or a test) can decode it from the PDF. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}

/** The PDF reply headers: inline, so the browser opens it in a new window (spec section 7). */
export const PDF_MIME = 'application/pdf';
