/**
 * What the login page really loads, and how big every page chunk is, gzip-compressed (issue #3).
 * Goals: the login page <= 250 KB of JavaScript and CSS in total; no page chunk above 100 KB, the
 * applicants' pages and the back office's alike, except the chart library's own chunk (issue #9),
 * which only staff pages load and the login page must never fetch.
 * Sizes do not depend on how busy the machine is, so these are absolute figures, not ratios.
 *
 * The login page is measured by loading it in Chromium from the real server and summing every
 * script and stylesheet it fetched; page chunks come from Vite's manifest (dynamic entries).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { replaceSection } from './report';

const ROOT = path.join(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'web', 'dist');
const DOCS = path.join(ROOT, 'docs', 'performance.md');
const START = '<!-- bench:web-size:start (written by `npm run bench`; edit outside these markers) -->';
const END = '<!-- bench:web-size:end -->';
export const SIZE_GOALS = { loginPageKb: 250, pageChunkKb: 100 } as const;
/**
 * The chart library's module (ECharts with only the charts drawn), imported with import() by the
 * staff dashboard: a chunk of its own, exempt from the page budget, reported beside it.
 */
const CHART_LIBRARY = /\/charts\/echarts\.ts$/;

const kb = (bytes: number) => bytes / 1024;
const gz = (bytes: Buffer) => gzipSync(bytes).length;

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  css?: string[];
}

export interface SizeReport {
  loginFiles: Array<{ file: string; gzip: number }>;
  loginTotal: number;
  pageChunks: Array<{ page: string; file: string; gzip: number }>;
}

async function loginPageFiles(): Promise<Array<{ file: string; gzip: number }>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-size-'));
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: DIST }), seed: 'demo' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const page = await browser.newPage();
    const files = new Map<string, number>();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      files.set(new URL(response.url()).pathname, gz(await response.body()));
    });
    await page.goto(`${address}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button').first().waitFor();
    return [...files].map(([file, gzip]) => ({ file, gzip })).sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function pageChunks(): Array<{ page: string; file: string; gzip: number }> {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  return Object.entries(manifest)
    .filter(([, e]) => e.isDynamicEntry)
    .map(([src, e]) => {
      const css = (e.css ?? []).reduce((sum, f) => sum + gz(fs.readFileSync(path.join(DIST, f))), 0);
      return { page: src.replace(/^src\//, ''), file: e.file, gzip: gz(fs.readFileSync(path.join(DIST, e.file))) + css };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

export async function measureWebSize(): Promise<SizeReport> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build -w web failed');
  }
  const loginFiles = await loginPageFiles();
  return { loginFiles, loginTotal: loginFiles.reduce((s, f) => s + f.gzip, 0), pageChunks: pageChunks() };
}

export function sizeTable(report: SizeReport): string {
  const charts = report.pageChunks.filter((c) => CHART_LIBRARY.test(c.page));
  const pages = report.pageChunks.filter((c) => !CHART_LIBRARY.test(c.page));
  const largest = pages[0];
  const over = pages.filter((c) => kb(c.gzip) > SIZE_GOALS.pageChunkKb);
  const chartsOnLogin = charts.filter((c) => report.loginFiles.some((f) => f.file.endsWith(`/${c.file}`)));
  const lines = [
    '| What | Gzip size | Goal | Met |',
    '| --- | --- | --- | --- |',
    `| Login page, all JavaScript and CSS it loads (${report.loginFiles.length} files) | ${kb(report.loginTotal).toFixed(1)} KB | ≤ ${SIZE_GOALS.loginPageKb} KB | ${kb(report.loginTotal) <= SIZE_GOALS.loginPageKb ? 'yes' : 'NO'} |`,
    `| Largest page chunk, applicants' or staff (${largest?.page ?? 'none'}) | ${kb(largest?.gzip ?? 0).toFixed(1)} KB | ≤ ${SIZE_GOALS.pageChunkKb} KB each | ${over.length === 0 ? 'yes' : `NO (${over.map((c) => c.page).join(', ')})`} |`,
    ...charts.map((c) => `| Chart library's own chunk (${c.page}), staff pages only | ${kb(c.gzip).toFixed(1)} KB | not loaded by the login page | ${chartsOnLogin.includes(c) ? 'NO' : 'yes'} |`),
    '',
    'Login page files: ' + report.loginFiles.map((f) => `\`${path.basename(f.file)}\` ${kb(f.gzip).toFixed(1)} KB`).join(', ') + '.',
    '',
    'Page chunks (lazy, one per page): ' + report.pageChunks.map((c) => `${c.page} ${kb(c.gzip).toFixed(1)} KB`).join(', ') + '.',
  ];
  return lines.join('\n');
}

export function writeSizeDocs(report: SizeReport, when = new Date()): void {
  const section = `${START}\n\n- **Date:** ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC\n\n${sizeTable(report)}\n\n${END}`;
  replaceSection(
    DOCS,
    { start: START, end: END },
    section,
    (text, current) =>
      `${current.trimEnd()}\n\n## Web app size\n\nThe login page must stay light for an applicant on a phone: at most 250 KB of gzip-compressed JavaScript and CSS (Ant Design alone is about 200 KB), and no page's own chunk above 100 KB. Measured by loading /login in Chromium from the real server and summing what it fetched; page chunks from Vite's manifest.\n\n${text}\n`,
  );
}

// `tsx web-size.ts` alone: only the size figures.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const report = await measureWebSize();
  console.log(sizeTable(report));
  writeSizeDocs(report);
}
