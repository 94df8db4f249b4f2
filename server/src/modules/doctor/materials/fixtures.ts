/**
 * Test fixtures for the materials module: files with exactly the headers that matter (a JPEG frame
 * header of a chosen pixel size, a PNG IHDR, a PDF or an executable's magic bytes) and multipart
 * bodies built by hand, so a test controls the field order and can cut a body off mid-file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A JPEG whose frame header says width x height, optionally with an EXIF orientation, padded to `bytes`. */
export function jpeg(width: number, height: number, opts: { bytes?: number; orientation?: number } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8])];
  parts.push(segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])));
  if (opts.orientation) {
    // Exif, big-endian TIFF, one IFD entry: 0x0112 SHORT 1 = orientation.
    const tiff = Buffer.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, opts.orientation, 0, 0, 0, 0, 0, 0]);
    parts.push(segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])));
  }
  // A large comment before the frame header, as cameras put EXIF thumbnails there.
  let size = parts.reduce((n, p) => n + p.length, 0) + 19 + 2;
  while (opts.bytes && size < opts.bytes) {
    const n = Math.min(60_000, opts.bytes - size - 4);
    if (n <= 0) break;
    parts.push(segment(0xfe, Buffer.alloc(n, 0x61)));
    size += n + 4;
  }
  const sof = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  parts.push(segment(0xc0, sof), Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}

export function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(64)]);
}

export const pdf = (bytes = 600): Buffer => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(0, bytes - 16), 0x20), Buffer.from('\n%%EOF\n')]);
/** A Windows executable's 'MZ' header. */
export const exe = (): Buffer => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(500)]);
export const html = (): Buffer => Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');

export const BOUNDARY = '----gradus-test-boundary';
export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

export function partHead(part: Part): Buffer {
  const disposition =
    'filename' in part
      ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
      : `Content-Disposition: form-data; name="${part.name}"`;
  return Buffer.from(`--${BOUNDARY}\r\n${disposition}\r\n\r\n`);
}

export function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) chunks.push(partHead(part), 'filename' in part ? part.content : Buffer.from(part.value), Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/**
 * A body that produces `fileBytes` of file content on demand after `head`, counting what the server
 * has pulled, so a test can tell whether the server stopped reading early.
 */
export function lazyBody(head: Buffer, fileBytes: number): { stream: Readable; pulled: () => number } {
  let pulled = 0;
  let sentHead = false;
  const stream = new Readable({
    read() {
      if (!sentHead) {
        sentHead = true;
        this.push(head);
        return;
      }
      if (pulled >= fileBytes) {
        this.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
        this.push(null);
        return;
      }
      const chunk = Buffer.alloc(Math.min(64 * 1024, fileBytes - pulled), 0x20);
      pulled += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

/** Every stored byte file under DATA_DIR/files, temporary ones included. */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return fs.existsSync(root) ? walk(root).sort() : [];
}
