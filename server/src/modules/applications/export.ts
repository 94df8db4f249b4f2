import { PassThrough, type Readable, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ApplicationExportQuery, ApplicationListRow, ApplicationScope, Language } from '@gradus/contract';
import ExcelJS from 'exceljs';
import { sql, type SqlBool } from 'kysely';
import type { DB } from '../../db/database';
import { isMessageKey, translate, type MessageKey } from '../../locales';
import { filters, listedApplications, listedRow, sortOf, type From } from './list';

/** Rows read from the database at a time: the file grows by a batch, memory stays at one. */
export const EXPORT_BATCH = 1000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

export interface ApplicationExport {
  fileName: string;
  stream: Readable;
}

/**
 * Where the last batch ended: its last row's sort value and form id (the list's tie-break). A
 * null value: among the rows without one, which come last; a null id: at their beginning.
 */
interface Position {
  key: unknown;
  id: number | null;
}

/**
 * Every application the filters and the actor's scope select, in the list's order, as an .xlsx
 * streamed while it is written. The first batch is read before the answer starts, so a failing
 * query is an error reply, not a broken file.
 */
export async function exportApplications(db: DB, query: ApplicationExportQuery, scope: ApplicationScope, lang: Language, now: number): Promise<ApplicationExport> {
  const readBatch = batchReader(db, query, scope);
  const first = await readBatch(null);
  const stream = new PassThrough();
  writeWorkbook(stream, lang, first, readBatch).catch((err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));
  return { fileName: exportFileName(query, now), stream };
}

/** applications-2027-2026-11-22.xlsx: the cycle asked for and the day (Beijing) it was taken. */
export function exportFileName(query: ApplicationExportQuery, now: number): string {
  const day = new Date(now + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
  return `applications-${query.recruitYear ? `${query.recruitYear}-` : ''}${day}.xlsx`;
}

/**
 * Batches in the list's order, each starting after the last row of the one before (keyset): no
 * batch rereads the rows already written, as an offset would. The list puts rows without a sort
 * value (drafts, forms without a programme) last, so the rows with one are read first, by a row
 * comparison the order's index serves, then those without one by id. An OR of the two would make
 * SQLite walk the index from its start for every batch.
 */
function batchReader(db: DB, query: ApplicationExportQuery, scope: ApplicationScope) {
  const { column, direction, order } = sortOf(query);
  const beyond = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const after = (last: Position) =>
    last.key !== null
      ? sql<SqlBool>`(${column}, f.id) ${beyond} (${last.key}, ${last.id})`
      : last.id === null
        ? sql<SqlBool>`${column} is null`
        : sql<SqlBool>`${column} is null and f.id ${beyond} ${last.id}`;
  return async (last: Position | null) => {
    const rows = await listedApplications(db)
      .select(column.as('sort_key'))
      .where((eb) => filters(eb as unknown as From, query, scope))
      .$if(last !== null, (qb) => qb.where(after(last!)))
      // Past the first batch, each reads rows with a value or rows without: a plain order serves.
      .$if(last === null, (qb) => qb.orderBy(column, order))
      .$if(last?.key != null, (qb) => qb.orderBy(column, direction))
      .orderBy('f.id', direction)
      .limit(EXPORT_BATCH)
      .execute();
    const end = rows.at(-1);
    let next: Position | null = null;
    if (end && rows.length === EXPORT_BATCH) next = { key: end.sort_key ?? null, id: end.id };
    // The rows with a value ran out: those without one follow, from their first.
    else if (last?.key != null) next = { key: null, id: null };
    return { rows: rows.map(listedRow), next };
  };
}

type Batch = Awaited<ReturnType<ReturnType<typeof batchReader>>>;

async function writeWorkbook(stream: PassThrough, lang: Language, first: Batch, readBatch: (last: Position) => Promise<Batch>): Promise<void> {
  const t = (key: MessageKey) => translate(lang, key);
  const term = (prefix: string, value: string) => {
    const key = `export.${prefix}.${value}`;
    return isMessageKey(key) ? t(key) : value;
  };
  // Chinese readers get the Chinese names of departments and programmes, as on the list's page.
  const localName = (named: { nameZh: string; nameEn: string } | null) => (named ? (lang.startsWith('zh') ? named.nameZh : named.nameEn) : '');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(t('export.sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(({ width }) => ({ width }));
  const header = sheet.addRow(COLUMNS.map(({ title }) => t(title)));
  header.font = { bold: true };
  header.commit();
  const cells = (row: ApplicationListRow) => [
    row.applicantNumber,
    row.name,
    term('area', row.area),
    row.recruitYear,
    localName(row.department),
    localName(row.programme),
    term('formStatus', row.formStatus),
    row.submittedAt ? beijingTime(row.submittedAt) : '',
    term('payment', row.paid ? 'paid' : 'unpaid'),
    term('photo', row.photo),
    term('qualification', row.qualification),
  ];
  // An abandoned download leaves the zip with no reader: nothing it waits for would come.
  const abandoned = new Promise<void>((resolve) => stream.once('close', resolve));
  let batch = first;
  for (;;) {
    for (const row of batch.rows) sheet.addRow(cells(row).map(asText)).commit();
    if (!batch.next) break;
    // SQLite answers without giving the event loop a turn, and ExcelJS hands rows to the zip
    // without heeding its backpressure: unchecked, the sheet's XML piled up uncompressed (70 MB at
    // 100,000 rows) while every other call waited. So each batch waits for the zip, then the download.
    await nextTurn();
    await Promise.race([sheetZipped(sheet), abandoned]);
    await drained(stream);
    // A download abandoned half-way stops the reading too; there is no one to finish the file for.
    if (stream.destroyed) return;
    batch = await readBatch(batch.next);
  }
  sheet.commit();
  await workbook.commit();
}

const COLUMNS: readonly { title: MessageKey; width: number }[] = [
  { title: 'export.column.applicantNumber', width: 16 },
  { title: 'export.column.name', width: 14 },
  { title: 'export.column.area', width: 14 },
  { title: 'export.column.recruitYear', width: 10 },
  { title: 'export.column.department', width: 26 },
  { title: 'export.column.programme', width: 30 },
  { title: 'export.column.formStatus', width: 16 },
  { title: 'export.column.submittedAt', width: 20 },
  { title: 'export.column.payment', width: 12 },
  { title: 'export.column.photo', width: 16 },
  { title: 'export.column.qualification', width: 16 },
];

/** 2027-03-01 14:05: Beijing keeps no daylight saving, so the offset is all the zone there is. */
function beijingTime(iso: string): string {
  return new Date(Date.parse(iso) + BEIJING_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * A text a spreadsheet could take for a formula (= + - @, or a tab or carriage return before one)
 * is kept as text by a leading apostrophe, as OWASP advises against CSV injection: a name typed as
 * =HYPERLINK(...) stays a name when the file is opened, or copied on into another sheet.
 */
export function asText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The zip's input stream as the readable-stream copy inside archiver has it (no `writableNeedDrain`). */
type ZipInput = Writable & { _writableState?: { needDrain?: boolean } };

/**
 * Waits until the zip has taken the sheet's rows written so far. ExcelJS's sheet buffer keeps the
 * streams it writes into as `pipes`: internals of ExcelJS 4, so a version without them waits for
 * nothing here (the nextTurn before still lets the zip work a little).
 */
async function sheetZipped(sheet: ExcelJS.Worksheet): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: ZipInput[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) await drained(pipe, () => Boolean(pipe.writableNeedDrain ?? pipe._writableState?.needDrain));
}

/**
 * Waits while the reader of `stream` is behind (the zip, the downloader): a slow connection holds
 * a batch or two in memory, not the whole file.
 */
function drained<W extends Writable>(stream: W, behind: () => boolean = () => stream.writableNeedDrain): Promise<void> {
  if (!behind() || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done).off('close', done);
      resolve();
    };
    stream.on('drain', done).on('close', done);
  });
}
