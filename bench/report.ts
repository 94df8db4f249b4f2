/** The results as a console table and as the generated part of docs/performance.md. */
import fs from 'node:fs';
import os from 'node:os';
import { settings } from './settings';
import { cpuGoalMet, cpuRatioOf, goalMet, median, ratioOf, ratios, type Comparison } from './stats';
import { ARGON2_OPTIONS } from '../server/src/lib/passwords';

const START = '<!-- bench:results:start (written by `npm run bench`; edit outside these markers) -->';
const END = '<!-- bench:results:end -->';

const rate = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1));
const verdict = (met: boolean | null) => (met === null ? 'n/a' : met ? 'yes' : 'NO');
const goalText = (c: Comparison) => (c.goal === null ? 'info only' : `≥ ${c.goal.toFixed(2)}`);
const cpuTime = (micros: number) => (micros >= 1000 ? `${(micros / 1000).toFixed(1)} ms` : `${micros.toFixed(0)} µs`);

function rows(comparisons: Comparison[]): string[][] {
  return comparisons.map((c) => [
    c.title,
    c.database,
    `${rate(median(c.baseline))} ${c.unit.baseline} (${c.baselineLabel})`,
    `${rate(median(c.subject))} ${c.unit.subject} (${c.subjectLabel})`,
    `${ratioOf(c).toFixed(2)} (${ratios(c)
      .map((r) => r.toFixed(2))
      .join(', ')})`,
    goalText(c),
    verdict(goalMet(c)),
    `${cpuTime(median(c.cpu.baseline))} / ${cpuTime(median(c.cpu.subject))}`,
    cpuRatioOf(c).toFixed(2),
    verdict(cpuGoalMet(c)),
  ]);
}

const HEADER = [
  'Benchmark',
  'Database',
  'Baseline (median)',
  'Subject (median)',
  'Ratio (per round)',
  'Goal',
  'Met',
  'CPU per op, baseline / subject',
  'CPU ratio',
  'Met by CPU',
];

export function consoleTable(comparisons: Comparison[]): string {
  const table = [HEADER, ...rows(comparisons)];
  const widths = HEADER.map((_, col) => Math.max(...table.map((row) => row[col]!.length)));
  const line = (row: string[]) => row.map((cell, col) => cell.padEnd(widths[col]!)).join('  ');
  return [line(HEADER), widths.map((w) => '-'.repeat(w)).join('  '), ...table.slice(1).map(line)].join('\n');
}

export function machine(): string {
  const cpus = os.cpus();
  return (
    `${os.type()} ${os.release()} ${os.arch()}, ${os.availableParallelism()} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ` +
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`
  );
}

export function settingsLine(): string {
  return (
    `${settings.rounds} alternating rounds (baseline, subject) of ${settings.seconds} s per phase after ${settings.warmupSeconds} s of warm-up; ` +
    `autocannon ${settings.connections} connections, pipelining 1, on 127.0.0.1, server in its own process; ` +
    `${settings.connections} concurrent logins and ${settings.connections} concurrent verify loops; ` +
    `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB t=${ARGON2_OPTIONS.timeCost} p=${ARGON2_OPTIONS.parallelism}; ` +
    `UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`
  );
}

function markdownSection(comparisons: Comparison[], when: Date): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const table = [HEADER, HEADER.map(() => '---'), ...rows(comparisons)].map((row) => `| ${row.map(cell).join(' | ')} |`);
  const notes = comparisons.filter((c) => c.note).map((c) => `- ${c.title} (${c.database}): ${c.note}`);
  return [
    START,
    '',
    `- **Date:** ${when.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    `- **Machine:** ${machine()}`,
    `- **Settings:** ${settingsLine()}`,
    '',
    ...table,
    '',
    ...notes,
    '',
    END,
  ].join('\n');
}

const TEMPLATE = (section: string) => `# Performance\n\nFigures from \`npm run bench\`.\n\n${section}\n`;

/** Replaces only the generated section, so the prose around it survives every run. */
export function writeDocs(file: string, comparisons: Comparison[], when = new Date()): void {
  replaceSection(file, { start: START, end: END }, markdownSection(comparisons, when), TEMPLATE);
}

/**
 * Writes `section` (which carries its own markers) in place of the text between the markers, or
 * where `missing` puts it when the file has no such section yet.
 */
export function replaceSection(file: string, markers: { start: string; end: string }, section: string, missing: (section: string, current: string) => string): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const start = current.indexOf(markers.start);
  const end = current.indexOf(markers.end);
  const next = start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + markers.end.length) : missing(section, current);
  fs.writeFileSync(file, next);
}
