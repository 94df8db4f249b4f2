import {
  DECIMAL_SCORE,
  ReplyCode,
  SCORE_IMPORT_MAX_PROBLEMS,
  SCORE_IMPORT_MAX_ROWS,
  type Language,
  type ScoreImportProblem,
  type ScoreImportView,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { isChinese, translate, type MessageKey } from '../../locales';
import type { ScoreCohortRow } from '../admissions/journey';
import { staffAudit, type StaffActor } from '../admissions/staff-audit';
import { COLUMN, readScoreFile, scoreTemplate, sheetNameOf, type FileRow, type ScoreCell } from './excel';
import { changes, writeScore, type ScoreChange } from './record';
import { cohortOf, currentScores, fromHundredths, maxOf, toHundredths, type ScoreCycle } from './service';
import { guardXlsx, XLSX_LIMITS } from './xlsx-guard';

/**
 * Scores from Excel (issue #10): the template is the current list; an upload is first guarded
 * (xlsx-guard.ts: not an .xlsx, macros, a zip bomb, too many rows), then read (a formula anywhere
 * is refused), then every row checked against the list, each problem named by row and column. A
 * dry run only reports. An import writes nothing unless the file has no problem at all, and then
 * writes every change in one transaction; a value equal to the recorded one is no change, so a
 * second upload of the same file writes nothing.
 */
export async function templateFile(ctx: AppContext, c: ScoreCycle, lang: Language): Promise<{ fileName: string; buffer: Buffer }> {
  const [cohort, current, max] = await Promise.all([cohortOf(ctx, c), currentScores(ctx.db, c), maxOf(ctx.db, c)]);
  const programme = (a: ScoreCohortRow) => (a.programme ? (isChinese(lang) ? a.programme.nameZh : a.programme.nameEn) : '');
  const rows = cohort.map((a) => {
    const score = current.get(a.userId);
    return { applicantNumber: a.applicantNumber, name: a.name, programme: programme(a), score: score ? fromHundredths(score.score_hundredths) : null };
  });
  const buffer = await scoreTemplate(rows, { kind: c.kind, recruitYear: c.recruitYear, maxScore: fromHundredths(max), lang });
  return { fileName: `scores-${c.kind}-${c.recruitYear}.xlsx`, buffer };
}

/** A score cell as hundredths, or what is wrong with it. */
function cellScore(cell: Exclude<ScoreCell, { kind: 'blank' }>): { hundredths: number } | { problem: MessageKey } {
  if (cell.kind === 'number') {
    if (!Number.isFinite(cell.value)) return { problem: 'scores.problem.notANumber' };
    const hundredths = Math.round(cell.value * 100);
    // A float a cell holds for 78.5 is exact; one for 78.555 is more than two decimals away from any hundredth.
    if (cell.value < 0 || Math.abs(cell.value * 100 - hundredths) > 1e-6) return { problem: 'scores.problem.decimal' };
    return { hundredths };
  }
  if (DECIMAL_SCORE.test(cell.value)) return { hundredths: toHundredths(cell.value) };
  return Number.isFinite(Number(cell.value)) ? { problem: 'scores.problem.decimal' } : { problem: 'scores.problem.notANumber' };
}

/** Names of applicants the file names outside the list: "not in this exam" rather than "no such number". */
async function namesOf(db: DB, numbers: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < numbers.length; i += 500) {
    const rows = await db.selectFrom('app_user').select(['applicant_number', 'name']).where('applicant_number', 'in', numbers.slice(i, i + 500)).execute();
    for (const r of rows) if (r.applicant_number) found.set(r.applicant_number, r.name);
  }
  return found;
}

interface Checked {
  view: Omit<ScoreImportView, 'dryRun' | 'imported'>;
  changes: ScoreChange[];
}

/** Every row against the list, the full marks and the recorded values. */
export async function checkRows(ctx: AppContext, c: ScoreCycle, rows: readonly FileRow[], lang: Language, by: number | null): Promise<Checked> {
  const [cohort, current, max] = await Promise.all([cohortOf(ctx, c), currentScores(ctx.db, c), maxOf(ctx.db, c)]);
  const byNumber = new Map(cohort.map((a) => [a.applicantNumber, a]));
  const outsiders = await namesOf(ctx.db, [...new Set(rows.map((r) => r.number).filter((n) => n && !byNumber.has(n)))]);
  const problems: ScoreImportProblem[] = [];
  let omitted = 0;
  const problem = (row: number, column: string, key: MessageKey, params: Record<string, string | number> = {}) => {
    if (problems.length < SCORE_IMPORT_MAX_PROBLEMS) problems.push({ row, column, message: translate(lang, key, params) });
    else omitted++;
  };
  const firstRowOf = new Map<string, number>();
  const found: ScoreChange[] = [];
  let unchanged = 0;
  let blank = 0;
  let numbered = 0;
  for (const r of rows) {
    if (!r.number) {
      problem(r.row, COLUMN.number, 'scores.problem.noNumber');
      continue;
    }
    numbered++;
    const first = firstRowOf.get(r.number);
    if (first !== undefined) {
      problem(r.row, COLUMN.number, 'scores.problem.duplicate', { number: r.number, first });
      continue;
    }
    firstRowOf.set(r.number, r.row);
    const applicant = byNumber.get(r.number);
    if (!applicant) {
      const name = outsiders.get(r.number);
      if (name === undefined) problem(r.row, COLUMN.number, 'scores.problem.unknownNumber', { number: r.number });
      else problem(r.row, COLUMN.number, 'scores.problem.notInCohort', { number: r.number, name });
      continue;
    }
    if (r.reason.length > 200) problem(r.row, COLUMN.reason, 'scores.problem.reasonTooLong');
    if (r.score.kind === 'blank') {
      blank++;
      continue;
    }
    const parsed = cellScore(r.score);
    if ('problem' in parsed) {
      problem(r.row, COLUMN.score, parsed.problem, { value: r.score.kind === 'text' ? r.score.value : String(r.score.value) });
      continue;
    }
    if (parsed.hundredths > max) {
      problem(r.row, COLUMN.score, 'scores.problem.overMax', { score: fromHundredths(parsed.hundredths), max: fromHundredths(max) });
      continue;
    }
    const recorded = current.get(applicant.userId);
    const change: ScoreChange = { userId: applicant.userId, ...c, scoreHundredths: parsed.hundredths, maxHundredths: max, reason: r.reason || null, source: 'import', by };
    if (!changes(recorded, change)) {
      unchanged++;
      continue;
    }
    if (recorded && !r.reason) {
      problem(r.row, COLUMN.reason, 'scores.problem.reasonMissing', { previous: fromHundredths(recorded.score_hundredths), score: fromHundredths(parsed.hundredths) });
      continue;
    }
    found.push(change);
  }
  return { view: { rows: numbered, changes: found.length, unchanged, blank, problems, problemsOmitted: omitted }, changes: found };
}

export async function importScores(ctx: AppContext, c: ScoreCycle, file: Buffer, o: { dryRun: boolean; lang: Language; actor: StaffActor }): Promise<ScoreImportView> {
  await guardXlsx(file, { ...XLSX_LIMITS, maxRows: SCORE_IMPORT_MAX_ROWS });
  const sheet = await readScoreFile(file);
  const expected = sheetNameOf(c.kind, c.recruitYear);
  if (sheet.sheetName !== expected) throw new AppError(ReplyCode.BAD_INPUT, 'scores.otherSheet', { found: sheet.sheetName, expected });
  const checked = await checkRows(ctx, c, sheet.rows, o.lang, o.actor.staffUserId);
  const clean = checked.view.problems.length === 0;
  if (o.dryRun || !clean || checked.changes.length === 0) return { dryRun: o.dryRun, ...checked.view, imported: !o.dryRun && clean };
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    // Read again inside the transaction: a value changed since the check is compared with what is there now.
    const current = await currentScores(trx, c);
    for (const change of checked.changes) await writeScore(trx, now, change, current.get(change.userId));
    await staffAudit(trx, now, 'score.import', o.actor, {
      detail: { area: c.area, recruitYear: c.recruitYear, kind: c.kind, rows: checked.view.rows, changes: checked.changes.length, unchanged: checked.view.unchanged },
    });
  });
  return { dryRun: false, ...checked.view, imported: true };
}
