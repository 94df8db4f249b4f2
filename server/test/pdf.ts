import jsQR from 'jsqr';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reading PDFs back in tests with pdf.js, as a PDF reader would: the text of every page, and the
 * QR codes among its images, decoded with jsQR.
 */
type PdfJs = typeof PdfJsModule;
let pdfjs: PdfJs | undefined;
async function load(data: Buffer) {
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs.getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
}

export async function pdfText(data: Buffer): Promise<string> {
  const doc = await load(data);
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return pages.join('\n');
}

/** The text of every QR code drawn as an image on any page. */
export async function pdfQrCodes(data: Buffer): Promise<string[]> {
  const doc = await load(data);
  const found: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const ops = await page.getOperatorList();
    for (let k = 0; k < ops.fnArray.length; k++) {
      if (ops.fnArray[k] !== pdfjs!.OPS.paintImageXObject) continue;
      const name = ops.argsArray[k][0] as string;
      const img = await new Promise<{ width: number; height: number; data: Uint8ClampedArray; kind: number }>((resolve) =>
        page.objs.get(name, resolve),
      );
      const rgba = toRgba(img);
      const code = jsQR(rgba, img.width, img.height);
      if (code) found.push(code.data);
    }
  }
  await doc.destroy();
  return found;
}

function toRgba(img: { width: number; height: number; data: Uint8ClampedArray; kind: number }): Uint8ClampedArray {
  const pixels = img.width * img.height;
  if (img.data.length === pixels * 4) return img.data;
  const out = new Uint8ClampedArray(pixels * 4);
  const channels = img.data.length === pixels * 3 ? 3 : 1;
  for (let p = 0; p < pixels; p++) {
    for (let c = 0; c < 3; c++) out[p * 4 + c] = img.data[p * channels + (channels === 3 ? c : 0)]!;
    out[p * 4 + 3] = 255;
  }
  return out;
}
