import { createRequire } from 'node:module';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type PDFKitModule from 'pdfkit';
import QRCode from 'qrcode';

/**
 * Every PDF the portal prints (form summary, receipt, tickets, file-transfer letter) is built here.
 * The font is Noto Sans SC from npm, so Chinese names render on a fresh machine without system
 * fonts; pdfkit embeds only the glyphs used and writes a ToUnicode map, so the text stays
 * searchable and extractable.
 */
const require = createRequire(import.meta.url);

/**
 * pdfkit parses a registered font anew for every document (fontkit.create on the file's bytes):
 * for Noto Sans SC's big tables that was half of a ticket's 30 ms, and a session's tickets are
 * printed by the thousand. fontkit's font objects only read their bytes, so one parse per file
 * serves every document: pdfkit is loaded here, after its fontkit is wrapped to keep what it
 * parsed (require.cache is Node's own way to hand a module its dependency).
 */
function loadPdfkit(): typeof PDFKitModule {
  const pdfkitPath = require.resolve('pdfkit');
  const fontkitPath = createRequire(pdfkitPath).resolve('fontkit');
  const fontkit = require(fontkitPath) as { create(bytes: Uint8Array, postscriptName?: string): unknown };
  const parsed = new WeakMap<Uint8Array, unknown>();
  const create = (bytes: Uint8Array, postscriptName?: string): unknown => {
    if (postscriptName) return fontkit.create(bytes, postscriptName);
    let font = parsed.get(bytes);
    if (!font) parsed.set(bytes, (font = fontkit.create(bytes)));
    return font;
  };
  const fontkitModule = require.cache[fontkitPath];
  if (fontkitModule && !require.cache[pdfkitPath]) fontkitModule.exports = Object.create(fontkit as object, { create: { value: create } });
  return require(pdfkitPath) as typeof PDFKitModule;
}
const PDFDocument = loadPdfkit();

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
  // No default font: pdfkit would parse Helvetica's metrics for every document and never use them.
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: info.title, Author: info.author ?? 'Gradus' }, pdfVersion: '1.7', font: null as unknown as string });
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

/**
 * A QR code as a PNG image, so a reader (or a test) can decode it from the PDF. Written as an
 * 8-bit grey PNG without alpha: pdfkit embeds that as it is, where qrcode's RGBA PNG had to be
 * decoded and split again for every ticket.
 */
export async function qrPng(text: string): Promise<Buffer> {
  const margin = 2;
  const scale = 6;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + margin * 2) * scale;
  const rowBytes = side + 1; // each row starts with its filter type, 0 (none)
  const raw = Buffer.alloc(rowBytes * side, 255);
  for (let y = 0; y < side; y++) {
    raw[y * rowBytes] = 0;
    const my = Math.floor(y / scale) - margin;
    if (my < 0 || my >= modules.size) continue;
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - margin;
      if (mx >= 0 && mx < modules.size && modules.get(my, mx)) raw[y * rowBytes + 1 + x] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, greyscale, deflate, no filter method, no interlace
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', zlib.deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The PDF reply headers: inline, so the browser opens it in a new window (spec section 7). */
export const PDF_MIME = 'application/pdf';
