import type { Language, ScoreKind } from '@gradus/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error';
import { ReplyCode } from '@gradus/contract';
import { translate } from '../../locales';

/**
 * The score file: one sheet named after the kind and year it is for ('language-2027'), a header
 * row, then one row per applicant of the list: number, name, programme (locked: the sheet is
 * protected without a password, against slips, not people), the score (limited to 0..full marks
 * with at most two decimals by the cell's validation) and the reason for a change (both open).
 * Reading back takes the sheet's name, and per row the number, the score cell as it is and the reason.
 */
export const COLUMN = { number: 'A', name: 'B', programme: 'C', score: 'D', reason: 'E' } as const;

export interface TemplateRow {
  applicantNumber: string;
  name: string;
  programme: string;
  score: string | null;
}

export const sheetNameOf = (kind: ScoreKind, recruitYear: string): string => `${kind}-${recruitYear}`;

export async function scoreTemplate(rows: readonly TemplateRow[], o: { kind: ScoreKind; recruitYear: string; maxScore: string; lang: Language }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetNameOf(o.kind, o.recruitYear), { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = (key: Parameters<typeof translate>[1]) => translate(o.lang, key);
  sheet.columns = [
    { header: header('scores.column.number'), key: 'number', width: 16 },
    { header: header('scores.column.name'), key: 'name', width: 14 },
    { header: header('scores.column.programme'), key: 'programme', width: 28 },
    { header: `${header('scores.column.score')} (0–${o.maxScore})`, key: 'score', width: 14 },
    { header: header('scores.column.reason'), key: 'reason', width: 36 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    // The number stays text (a number would lose nothing here, but Excel shows long numbers in E notation).
    const row = sheet.addRow({ number: r.applicantNumber, name: r.name, programme: r.programme, score: r.score === null ? null : Number(r.score), reason: '' });
    row.getCell('score').protection = { locked: false };
    row.getCell('reason').protection = { locked: false };
  }
  const last = Math.max(2, rows.length + 1);
  const max = Number(o.maxScore);
  // ExcelJS writes a validation per range (dataValidations.add), which its typings leave out.
  const validations = (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations;
  validations.add(`D2:D${last}`, {
    type: 'custom',
    allowBlank: true,
    // 0..full marks, at most two decimals.
    formulae: [`AND(ISNUMBER(D2),D2>=0,D2<=${max},ROUND(D2,2)=D2)`],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: header('scores.column.score'),
    error: translate(o.lang, 'scores.validation', { max: o.maxScore }),
  });
  validations.add(`E2:E${last}`, { type: 'textLength', operator: 'lessThanOrEqual', allowBlank: true, formulae: [200], showErrorMessage: true });
  await sheet.protect('', { selectLockedCells: true, selectUnlockedCells: true, formatColumns: true, autoFilter: true, sort: false });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A score cell as the file holds it. */
export type ScoreCell = { kind: 'blank' } | { kind: 'number'; value: number } | { kind: 'text'; value: string };

export interface FileRow {
  /** As Excel numbers it. */
  row: number;
  number: string;
  score: ScoreCell;
  reason: string;
}

export interface ScoreFile {
  sheetName: string;
  rows: FileRow[];
}

/** A cell as text: rich text joined, a link's text, a number as written. */
function text(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((p) => p.text).join('').trim();
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  if ('error' in value) return String(value.error);
  return '';
}

/** Reads a file guardXlsx let through. A formula anywhere is refused, naming its cell: only values are imported. */
export async function readScoreFile(buffer: Buffer): Promise<ScoreFile> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new AppError(ReplyCode.BAD_INPUT, 'scores.notXlsx');
  }
  for (const ws of workbook.worksheets) {
    ws.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (cell.type === ExcelJS.ValueType.Formula) throw new AppError(ReplyCode.BAD_INPUT, 'scores.formula', { cell: cell.address });
      }),
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(ReplyCode.BAD_INPUT, 'scores.notXlsx');
  const rows: FileRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, index) => {
    if (index === 1) return;
    const raw = row.getCell(COLUMN.score).value;
    const score: ScoreCell =
      typeof raw === 'number' ? { kind: 'number', value: raw } : text(raw) === '' ? { kind: 'blank' } : { kind: 'text', value: text(raw) };
    const number = text(row.getCell(COLUMN.number).value);
    const reason = text(row.getCell(COLUMN.reason).value);
    if (number === '' && score.kind === 'blank' && reason === '') return;
    rows.push({ row: index, number, score, reason });
  });
  return { sheetName: sheet.name, rows };
}
