/**
 * Benchmark 4 (issue #9): the applications list exported to Excel at 100,000 rows. The export
 * streams (batches read by keyset, each row committed to the file as it is written), so the
 * server's memory should grow by about the same at 100,000 rows as at 10,000: the goal is a peak
 * RSS growth under 256 MB at 100k, measured against the same export at 10k in the same run.
 *
 * One process seeds the database; a fresh one then starts the server on it and exports, as a
 * running server would (a process that had seeded, or exported before, would reuse the pages that
 * work freed and seem to grow by nothing). The server answers over real HTTP on 127.0.0.1; the
 * download is read and dropped as it arrives, as a browser saving it would. RSS is sampled every
 * few milliseconds from just before the call until the last byte; growth is the peak less the RSS
 * before the call.
 *
 *   npm run export -w bench                   # SQLite
 *   BENCH_DATABASE_URL=postgres://... npm run export -w bench
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DOCTOR_AREA, RegisterType, type ApplicationExportRequest } from '@gradus/contract';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { connect } from '../server/src/db/dialect';
import { insertApplications, type ApplicationSpec } from '../server/test/application-factory';
import { machine, replaceSection } from './report';

const BASELINE_ROWS = 10_000;
const SUBJECT_ROWS = 100_000;
const GOAL_GROWTH_MB = 256;
const SAMPLE_MS = 5;
const DOCS = path.join(import.meta.dirname, '..', 'docs', 'performance.md');
const START = '<!-- bench:export:start (written by `npm run export -w bench`; edit outside these markers) -->';
const END = '<!-- bench:export:end -->';
const MB = 2 ** 20;

const SURNAMES = '李王张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = ['子涵', '浩然', '思远', '雨桐', '欣怡', '宇航', '梓萱', '俊杰', '诗琪', '博文', '佳怡', '明轩', '若曦', '天佑', '一诺'];

/** A cohort shaped like a real one: most submitted, some unpaid, photos at every stage. */
function cohort(size: number, programmes: { id: number; departmentId: number }[], now: number): ApplicationSpec[] {
  const specs: ApplicationSpec[] = [];
  for (let i = 0; i < size; i++) {
    const p = programmes[i % programmes.length]!;
    const state = i % 10;
    const submitted = state >= 2;
    specs.push({
      number: `2027${String(1 + (i % 2))}${String(i).padStart(6, '0')}`,
      name: `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}`,
      registerType: i % 2 === 0 ? RegisterType.DOCTOR_ASSESSMENT : RegisterType.DOCTOR_SUCCESSIVE,
      recruitYear: '2027',
      area: DOCTOR_AREA,
      departmentId: p.departmentId,
      programmeId: p.id,
      formStatus: state === 9 ? 'returned' : submitted ? 'submitted' : 'draft',
      savedAt: now - (i % 5000) * 60_000,
      submittedAt: submitted ? now - (i % 5000) * 60_000 : null,
      paid: state >= 3,
      photo: state < 2 ? 'missing' : state < 5 ? 'uploaded' : state === 5 ? 'rejected' : 'approved',
      qualification: state === 8 ? 'pass' : state === 7 && i % 3 === 0 ? 'fail' : 'pending',
    });
  }
  return specs;
}

interface Measured {
  database: string;
  rows: number;
  seconds: number;
  bytes: number;
  before: number;
  peak: number;
  /** The same for the JS heap and the buffers outside it: what the export itself allocates. */
  heapBefore: number;
  heapPeak: number;
}

const growthMb = (m: Measured) => (m.peak - m.before) / MB;
const heapGrowthMb = (m: Measured) => (m.heapPeak - m.heapBefore) / MB;

/** One export over HTTP, its download read and dropped, with the process's RSS sampled throughout. */
async function exportOnce(origin: string, token: string, body: ApplicationExportRequest, rows: number, database: string): Promise<Measured> {
  // What an earlier run or the seeding left for the collector is not the export's.
  globalThis.gc?.();
  const heapOf = (u: NodeJS.MemoryUsage) => u.heapUsed + u.external;
  const start = process.memoryUsage();
  const before = start.rss;
  const heapBefore = heapOf(start);
  let peak = before;
  let heapPeak = heapBefore;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    heapPeak = Math.max(heapPeak, heapOf(now));
  };
  const sampler = setInterval(sample, SAMPLE_MS);
  const started = process.hrtime.bigint();
  try {
    const bytes = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${origin}/mucgrs-service/staff/applications/export`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
        if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('spreadsheetml')) {
          reject(new Error(`export failed: HTTP ${res.statusCode} ${res.headers['content-type']}`));
          res.resume();
          return;
        }
        let total = 0;
        res.on('data', (chunk: Buffer) => {
          total += chunk.length;
          sample();
        });
        res.on('end', () => resolve(total));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
    sample();
    return { database, rows, seconds: Number(process.hrtime.bigint() - started) / 1e9, bytes, before, peak, heapBefore, heapPeak };
  } finally {
    clearInterval(sampler);
  }
}

interface Database {
  label: string;
  url?: string;
}

/** Where one size's database lives: a SQLite file in `dataDir`, or a PostgreSQL schema. */
interface Place {
  database: Database;
  rows: number;
  dataDir: string;
  schema: string;
}

async function startApp(place: Place) {
  const { database, dataDir, schema } = place;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA_TEST_CODE: '2468', WEB_DIST: path.join(dataDir, 'no-web') });
  return buildApp({
    config,
    ...(database.url ? { database: connect({ kind: 'postgres', url: database.url, schema }) } : {}),
    seed: 'accounts',
    logger: false,
    limits: { clientPerMinute: 1_000_000, accountFailures: 1_000_000 },
  });
}

/** Seeds `rows` applications into the place's empty database. */
async function seed(place: Place): Promise<void> {
  const app = await startApp(place);
  try {
    const db = app.ctx.db;
    const programmes = (await db.selectFrom('programme').select(['id', 'department_id']).where('code', 'like', '%-PHD-%').execute()).map((p) => ({ id: p.id, departmentId: p.department_id }));
    const seeding = Date.now();
    await insertApplications(db, Date.now(), cohort(place.rows, programmes, Date.now()));
    await sql`${sql.raw(place.database.url ? 'vacuum analyze' : 'analyze')}`.execute(db);
    console.error(`  ${place.database.label} ${place.rows.toLocaleString('en')}: seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
  } finally {
    await app.close();
  }
}

/** A server just started on the seeded database: the office exports every row. */
async function measure(place: Place): Promise<Measured> {
  const app = await startApp(place);
  try {
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await signInOffice(app);
    // The office's whole cycle, newest submission first: the list's default order, every row.
    const m = await exportOnce(origin, token, { area: DOCTOR_AREA, recruitYear: '2027' }, place.rows, place.database.label);
    console.error(`  ${place.database.label} ${place.rows.toLocaleString('en')}: ${(m.bytes / MB).toFixed(1)} MB in ${m.seconds.toFixed(1)} s, RSS +${growthMb(m).toFixed(1)} MB, heap and buffers +${heapGrowthMb(m).toFixed(1)} MB`);
    return m;
  } finally {
    await app.close();
  }
}

/** Seeds, then measures in a second fresh process; the database is dropped afterwards. */
async function run(database: Database, rows: number): Promise<Measured> {
  const place: Place = { database, rows, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-export-bench-')), schema: `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}` };
  if (database.url) {
    const admin = connect({ kind: 'postgres', url: database.url });
    await sql`create schema ${sql.id(place.schema)}`.execute(admin.db);
    await admin.db.destroy();
  }
  try {
    await inFreshProcess('seed', place);
    return JSON.parse(await inFreshProcess('measure', place)) as Measured;
  } finally {
    if (database.url) {
      const cleaner = connect({ kind: 'postgres', url: database.url });
      await sql`drop schema ${sql.id(place.schema)} cascade`.execute(cleaner.db);
      await cleaner.db.destroy();
    }
    fs.rmSync(place.dataDir, { recursive: true, force: true });
  }
}

async function signInOffice(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const captcha = await app.inject({ method: 'POST', url: '/api/v1/client/RandomImage', payload: {} });
  const uuid = (captcha.json() as { data: { uuid: string } }).data.uuid;
  const res = await app.inject({ method: 'POST', url: '/api/v1/client/loginRecruit', payload: { loginName: 'admin', password: 'Gradus-demo-2027', uuid, code: '2468' } });
  return (res.json() as { data: { token: string } }).data.token;
}

function report(runs: Measured[]): string {
  const lines = [
    '| Database | RSS growth at 10,000 | RSS growth at 100,000 | Ratio (100k / 10k) | Heap + buffers growth at 10,000 / 100,000 | File at 100,000 | Time at 10,000 / 100,000 | Goal | Met |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const database of [...new Set(runs.map((r) => r.database))]) {
    const small = runs.find((r) => r.database === database && r.rows === BASELINE_ROWS)!;
    const large = runs.find((r) => r.database === database && r.rows === SUBJECT_ROWS)!;
    // A baseline that barely grew would make any ratio huge: at least 1 MB below it.
    const ratio = growthMb(large) / Math.max(1, growthMb(small));
    const met = growthMb(large) < GOAL_GROWTH_MB;
    lines.push(
      `| ${database} | ${growthMb(small).toFixed(1)} MB | ${growthMb(large).toFixed(1)} MB | ${ratio.toFixed(2)} | ${heapGrowthMb(small).toFixed(1)} MB / ${heapGrowthMb(large).toFixed(1)} MB | ${(large.bytes / MB).toFixed(1)} MB | ${small.seconds.toFixed(1)} s / ${large.seconds.toFixed(1)} s | growth < ${GOAL_GROWTH_MB} MB at 100k | ${met ? 'yes' : 'NO'} |`,
    );
  }
  return lines.join('\n');
}

function writeDocs(table: string): void {
  const gc = globalThis.gc ? 'collected before each export (--expose-gc)' : 'not collected before each export (run with --expose-gc to)';
  const section = `${START}\n\n- **Date:** ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n- **Machine:** ${machine()}\n- **Settings:** each size seeded by one process and exported by a server freshly started on it; the office exports its whole cycle (default order) over HTTP on 127.0.0.1, server in-process, download read and dropped; RSS sampled every ${SAMPLE_MS} ms and at every chunk; growth = peak less the RSS just before the call; heap + buffers = heapUsed + external, garbage not yet collected included; heap ${gc}\n\n${table}\n\n${END}`;
  replaceSection(DOCS, { start: START, end: END }, section, (text, current) => `${current.trimEnd()}\n\n## The applications export at scale (issue #9)\n\n${text}\n`);
}

const CHILD = 'BENCH_EXPORT_STEP';

/** This script again, in a fresh process with the same flags (tsx's loader, --expose-gc), doing one step. */
function inFreshProcess(step: 'seed' | 'measure', place: Place): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!], {
      env: { ...process.env, [CHILD]: JSON.stringify({ step, place }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${place.database.label} ${place.rows} ${step}: exit ${code}`))));
  });
}

if (process.env[CHILD]) {
  const { step, place } = JSON.parse(process.env[CHILD]) as { step: 'seed' | 'measure'; place: Place };
  if (step === 'seed') await seed(place);
  else process.stdout.write(JSON.stringify(await measure(place)));
} else {
  const databases: Database[] = [{ label: 'SQLite' }, ...(process.env.BENCH_DATABASE_URL ? [{ label: 'PostgreSQL', url: process.env.BENCH_DATABASE_URL }] : [])];
  const runs: Measured[] = [];
  for (const database of databases) for (const rows of [BASELINE_ROWS, SUBJECT_ROWS]) runs.push(await run(database, rows));
  const table = report(runs);
  console.log(`\n${table}`);
  writeDocs(table);
}
