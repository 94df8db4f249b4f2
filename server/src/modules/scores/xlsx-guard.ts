import { createInflateRaw } from 'node:zlib';
import { ReplyCode } from '@gradus/contract';
import { AppError } from '../../lib/app-error';

/**
 * An uploaded .xlsx is a zip that a spreadsheet library would unpack whole before we could look at
 * it. Before any library reads it, this reads the zip's own directory and refuses, with a clear
 * message and without unpacking it all:
 * - what is no .xlsx (no zip, no workbook inside; an old .xls, a PDF, a text file);
 * - a macro-enabled workbook (a vbaProject.bin part, or the macro-enabled content type);
 * - a zip bomb: declared sizes too large in all or too compressed for a spreadsheet, and, since a
 *   declaration can lie, every part is then unpacked with its declared size as a hard limit;
 * - a worksheet of more rows than the limit: its declared dimension is read from its first bytes,
 *   and its rows are counted while it unpacks, stopping at the first row over the limit.
 * What passes is small and honest enough for ExcelJS to load.
 */
export interface XlsxLimits {
  maxRows: number;
  /** The most all parts may unpack to together. */
  maxUnpackedBytes: number;
  /** The most a part may unpack to per byte packed (spreadsheets pack 5 to 30 times; a bomb, hundreds). */
  maxRatio: number;
  maxEntries: number;
}

export const XLSX_LIMITS: XlsxLimits = { maxRows: 20_000, maxUnpackedBytes: 64 * 1024 * 1024, maxRatio: 200, maxEntries: 500 };

interface Entry {
  name: string;
  method: number;
  flags: number;
  packed: number;
  unpacked: number;
  localOffset: number;
}

const notXlsx = () => new AppError(ReplyCode.BAD_INPUT, 'scores.notXlsx');
const bomb = () => new AppError(ReplyCode.BAD_INPUT, 'scores.zipBomb');
const macros = () => new AppError(ReplyCode.BAD_INPUT, 'scores.macros');
const tooManyRows = (max: number) => new AppError(ReplyCode.BAD_INPUT, 'scores.tooManyRows', { max });

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The zip's central directory, read from its end; anything unexpected is "not an .xlsx". */
function centralDirectory(zip: Buffer, limits: XlsxLimits): Entry[] {
  if (zip.length < 22 || zip.readUInt32LE(0) !== LOCAL) throw notXlsx();
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw notXlsx();
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  // ZIP64 markers: no spreadsheet we accept needs them.
  if (count === 0xffff || offset === 0xffffffff || offset + size > end) throw notXlsx();
  if (count > limits.maxEntries) throw bomb();
  const entries: Entry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw notXlsx();
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      packed: zip.readUInt32LE(at + 20),
      unpacked: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The packed bytes of an entry, found through its local header. */
function packedBytes(zip: Buffer, e: Entry): Buffer {
  const at = e.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw notXlsx();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + e.packed > zip.length) throw notXlsx();
  return zip.subarray(start, start + e.packed);
}

/**
 * Unpacks an entry as a stream, handing each piece to `look`, and stops as soon as `look` says so
 * or the output passes `limit` bytes (then `over` is thrown): never more than that in memory.
 */
function unpack(zip: Buffer, e: Entry, limit: number, over: () => AppError, look: (text: string) => boolean | void): Promise<void> {
  const packed = packedBytes(zip, e);
  if (e.method === 0) {
    if (packed.length > limit) return Promise.reject(over());
    try {
      look(packed.toString('latin1'));
      return Promise.resolve();
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : notXlsx());
    }
  }
  if (e.method !== 8) return Promise.reject(notXlsx());
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let seen = 0;
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      if (err) reject(err);
      else resolve();
    };
    inflate.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) return finish(over());
      // `look` throws what it refuses (too many rows): the promise carries it, never the stream's emitter.
      try {
        if (look(chunk.toString('latin1')) === true) finish();
      } catch (err) {
        finish(err instanceof Error ? err : notXlsx());
      }
    });
    inflate.on('end', () => finish());
    inflate.on('error', () => finish(notXlsx()));
    inflate.end(packed);
  });
}

const ROW_TAG = /<(?:\w+:)?row[\s>]/g;
const DIMENSION = /<(?:\w+:)?dimension\s+ref="[A-Z]+\d+:[A-Z]+(\d+)"/;

/**
 * Checks an uploaded file before it is parsed; throws a translated AppError naming what is wrong.
 */
export async function guardXlsx(zip: Buffer, limits: XlsxLimits = XLSX_LIMITS): Promise<void> {
  const entries = centralDirectory(zip, limits);
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw notXlsx();
  if (entries.some((e) => /(^|\/)vbaProject\.bin$/i.test(e.name) || (/\.bin$/i.test(e.name) && e.name.startsWith('xl/activeX')))) throw macros();
  if (entries.some((e) => (e.flags & 1) === 1)) throw notXlsx();
  const sheets = entries.filter((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name));
  if (sheets.length === 0) throw notXlsx();

  // An honest large sheet says how many rows it has at its start: refused by that, unpacking only its first bytes.
  for (const sheet of sheets) {
    let head = '';
    await unpack(zip, sheet, Number.MAX_SAFE_INTEGER, bomb, (text) => {
      head += text;
      return head.length >= 4096 || DIMENSION.test(head) || /<(?:\w+:)?sheetData/.test(head);
    });
    const lastRow = Number(DIMENSION.exec(head)?.[1] ?? 0);
    if (lastRow > limits.maxRows + 1) throw tooManyRows(limits.maxRows);
  }

  // Declared sizes: the whole, and how tightly each part is packed.
  const declared = entries.reduce((sum, e) => sum + e.unpacked, 0);
  if (declared > limits.maxUnpackedBytes) throw bomb();
  if (entries.some((e) => e.unpacked > 1024 * 1024 && e.unpacked > e.packed * limits.maxRatio)) throw bomb();

  // The declarations may lie: every part is unpacked with its declared size as its limit, rows counted.
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    const isSheet = sheets.includes(e);
    let rows = 0;
    let carry = '';
    let types = '';
    await unpack(zip, e, e.unpacked, bomb, (text) => {
      if (e.name === '[Content_Types].xml') types += text;
      if (!isSheet) return;
      const piece = carry + text;
      rows += (piece.match(ROW_TAG) ?? []).length;
      // A tag cut between two pieces is counted in the next one, never twice.
      const cut = piece.lastIndexOf('<');
      carry = cut >= 0 && piece.indexOf('>', cut) < 0 ? piece.slice(cut) : '';
      if (carry) rows -= (carry.match(ROW_TAG) ?? []).length;
      if (rows > limits.maxRows + 1) throw tooManyRows(limits.maxRows);
    }).catch((err: unknown) => {
      throw err instanceof AppError ? err : notXlsx();
    });
    if (types && /macroEnabled/i.test(types)) throw macros();
  }
}
