/**
 * Benchmark (issue #10, "Speed and size"): a 10,000-row score file validated in under 5 s. The
 * subject is the whole dry run the office's upload gets (server/src/modules/scores/import.ts): the
 * zip's directory and declared sizes read, every part unpacked under its limit with the rows
 * counted, the workbook read and searched for formulas, every row checked against the list, the
 * full marks and the recorded values. The baseline, measured in the same run on the same file, is
 * ExcelJS loading the workbook and nothing else: what any reader of the file pays, so the ratio says
 * what our checks add to it. The database holds 10,000 applicants who passed the eligibility review
 * (the foreign-language score's list), half of them with a score already, so the rows are a mix of
 * changes and equal values, as a second upload would be.
 *
 *   npm run score-import -w bench                                     # SQLite
 *   TEST_DIALECT=postgres TEST_DATABASE_URL=postgres://... npm run score-import -w bench
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DOCTOR_AREA, RegisterType } from '@gradus/contract';
import ExcelJS from 'exceljs';
import { insertApplications, type ApplicationSpec } from '../server/test/application-factory';
import { buildTestApp, dialect } from '../server/test/harness';
import { scoreTemplate } from '../server/src/modules/scores/excel';
import { importScores } from '../server/src/modules/scores/import';
import { machine, replaceSection } from './report';

const ROWS = 10_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL_SECONDS = 5;
const YEAR = '2027';
const DOCS = path.join(import.meta.dirname, '..', 'docs', 'performance.md');
const START = '<!-- bench:score-import:start (written by `npm run score-import -w bench`; edit outside these markers) -->';
const END = '<!-- bench:score-import:end -->';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const t = await buildTestApp();
  try {
    const db = t.app.ctx.db;
    const programme = await db.selectFrom('programme').select(['id', 'department_id']).orderBy('id').executeTakeFirstOrThrow();
    const specs: ApplicationSpec[] = Array.from({ length: ROWS }, (_, i) => ({
      number: `2027${String(800_000 + i).padStart(6, '0')}`,
      name: `考生${i}`,
      registerType: RegisterType.DOCTOR_ASSESSMENT,
      recruitYear: YEAR,
      area: DOCTOR_AREA,
      departmentId: programme.department_id,
      programmeId: programme.id,
      formStatus: 'submitted',
      savedAt: t.clock.now(),
      submittedAt: t.clock.now(),
      paid: true,
      photo: 'approved',
      qualification: 'pass',
    }));
    const ids = await insertApplications(db, t.clock.now(), specs);
    // Half of them already have a score: their rows are equal values (no change), the others changes.
    for (let i = 0; i < ids.length; i += 1000) {
      await db
        .insertInto('exam_score')
        .values(
          ids.slice(i, i + 1000).flatMap((userId, j) =>
            (i + j) % 2 === 0 ? [{ user_id: userId, recruit_year: YEAR, area: DOCTOR_AREA, kind: 'language', score_hundredths: 6000 + ((i + j) % 4000), max_score_hundredths: 10000, detail_json: '[]', remark: '', recorded_at: t.clock.now() }] : [],
          ),
        )
        .execute();
    }
    const score = (i: number) => ((6000 + (i % 4000)) / 100).toString();
    const file = await scoreTemplate(
      specs.map((s, i) => ({ applicantNumber: s.number, name: s.name, programme: 'Computer Science', score: score(i) })),
      { kind: 'language', recruitYear: YEAR, maxScore: '100', lang: 'en' },
    );
    const actor = { staffUserId: null };
    const cycle = { area: DOCTOR_AREA, recruitYear: YEAR, kind: 'language' as const };

    const baseline: number[] = [];
    const subject: number[] = [];
    let last: Awaited<ReturnType<typeof importScores>> | null = null;
    for (let round = 0; round < ROUNDS; round++) {
      let started = performance.now();
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file as unknown as ArrayBuffer);
      baseline.push(performance.now() - started);
      started = performance.now();
      last = await importScores(t.app.ctx, cycle, file, { dryRun: true, lang: 'en', actor });
      subject.push(performance.now() - started);
    }
    if (!last || last.problems.length > 0 || last.rows !== ROWS) throw new Error(`the dry run did not check the file as expected: ${JSON.stringify(last).slice(0, 500)}`);
    const database = dialect === 'sqlite' ? 'SQLite' : dialect === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const ratio = median(subject) / median(baseline);
    const met = median(subject) < GOAL_SECONDS * 1000;
    console.log(`score file of ${ROWS.toLocaleString('en-US')} rows (${(file.length / 1024).toFixed(0)} KB), ${database}, ${ROUNDS} round(s)`);
    console.log(`  baseline, ExcelJS load alone: ${baseline.map(seconds).join(', ')} (median ${seconds(median(baseline))})`);
    console.log(`  subject, the whole dry run:   ${subject.map(seconds).join(', ')} (median ${seconds(median(subject))})`);
    console.log(`  ratio ${ratio.toFixed(2)}; goal < ${GOAL_SECONDS} s: ${met ? 'met' : 'NOT met'} (${last.changes} changes, ${last.unchanged} unchanged)`);

    // One row per database: a run on another database keeps the rows the earlier runs wrote.
    const row = `| ${database} | ${seconds(median(baseline))} | ${seconds(median(subject))} | ${ratio.toFixed(2)} | dry run < ${GOAL_SECONDS} s | ${met ? 'yes' : 'NO'} |`;
    const current = fs.existsSync(DOCS) ? fs.readFileSync(DOCS, 'utf8') : '';
    const earlier = current.slice(Math.max(0, current.indexOf(START)), current.indexOf(END) > 0 ? current.indexOf(END) : 0);
    const others = earlier.split('\n').filter((line) => /^\| (SQLite|PGlite|PostgreSQL) \|/.test(line) && !line.startsWith(`| ${database} |`));
    const section = [
      START,
      '',
      `- **Date:** ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      `- **Machine:** ${machine()}`,
      `- **Settings:** ${ROWS.toLocaleString('en-US')} applicants on the foreign-language list, half with a score already; the file is the template of that list with a score in every row (${(file.length / 1024).toFixed(0)} KB); ${ROUNDS} rounds, median; in-process, no HTTP`,
      '',
      '| Database | Baseline: ExcelJS load alone (median) | Subject: the whole dry run (median) | Ratio | Goal | Met |',
      '| --- | --- | --- | --- | --- | --- |',
      ...[...others, row].sort(),
      '',
      END,
    ].join('\n');
    replaceSection(DOCS, { start: START, end: END }, section, (text, current) => `${current.trimEnd()}\n\n## Score files (issue #10)\n\n${text}\n`);
    if (!met) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

await main();
