import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCTOR_AREA, RoleKey, type MaterialUploadView } from '@gradus/contract';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { expect } from 'vitest';
import { connect, type Connected } from '../../src/db/dialect';
import { createSession } from '../../src/modules/session/service';
import { insertApplications, type ApplicationSpec } from '../application-factory';
import { CAPTCHA } from '../harness';
import { removeCompiledServer, startServer, type ServerProcess } from './server-process';

/**
 * Issue #12, "nothing lost when a process dies": the compiled server is killed with SIGKILL while
 * 200 applicants write (form saves, material uploads and deletions, fee payments through the
 * sandbox gateway), again and again. After each restart every write the server acknowledged is
 * there, no half-written file is left, every file record has its bytes, the database passes its
 * integrity check, and every payment the gateway took settles exactly once.
 */
export const ITERATIONS = Number(process.env.CRASH_ITERATIONS ?? 50);
const FORM_WRITERS = 100;
const UPLOADERS = 80;
const PAYERS_PER_RUN = 20;
const FORM = '/mucgrs-service/doctor/form';
const MATERIALS = '/mucgrs-service/doctor/materials';
const PAYMENT = '/mucgrs-service/doctor/payment';

type Envelope<T = unknown> = { code: number; msg: string; data: T };

/** A file that reads as a PDF by its bytes, of the given size. */
const pdf = (bytes: number): Buffer => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 16, 0x20), Buffer.from('\n%%EOF\n')]);

export interface CrashDatabase {
  env: Record<string, string>;
  connect(): Connected;
  /** The database's own consistency check, run on the files a killed process left. */
  integrityCheck(): Promise<string>;
  drop(): Promise<void>;
}

export function sqliteDatabase(dataDir: string): CrashDatabase {
  const file = path.join(dataDir, 'gradus.sqlite');
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    connect: () => connect({ kind: 'sqlite', file }),
    async integrityCheck() {
      // Opened as the restarted server will open it: the WAL the killed process left is replayed.
      const db = new SQLite(file);
      try {
        return String(db.pragma('integrity_check', { simple: true }));
      } finally {
        db.close();
      }
    },
    drop: async () => {},
  };
}

export async function postgresDatabase(dataDir: string, serverUrl: string, name: string): Promise<CrashDatabase> {
  const adminQuery = async (text: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(text).finally(() => c.end());
  };
  await adminQuery(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    connect: () => connect({ kind: 'postgres', url }),
    async integrityCheck() {
      // PostgreSQL recovers from its WAL by itself; what can be checked is that every foreign key and
      // unique rule still holds for the rows written under fire (amcheck needs superuser extensions).
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const orphans = await c.query(`select count(*)::int as n from stored_file f where f.owner_user_id is not null and not exists (select 1 from app_user u where u.id = f.owner_user_id)`);
        const doubled = await c.query(`select count(*)::int as n from (select order_id from payment_ledger group by order_id having count(*) > 1) d`);
        return orphans.rows[0].n === 0 && doubled.rows[0].n === 0 ? 'ok' : `orphans ${orphans.rows[0].n}, doubled ledger rows ${doubled.rows[0].n}`;
      } finally {
        await c.end();
      }
    },
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

interface FormWriter {
  kind: 'form';
  token: string;
  version: number;
  /** The last save the server acknowledged, and one it may have committed without answering. */
  acked: { version: number; summary: string } | null;
  inFlight: string | null;
}
interface Uploader {
  kind: 'upload';
  token: string;
  /** The file an acknowledged upload made, or null after an acknowledged deletion. */
  present: number | null;
  /** Set while a deletion of `present` is unanswered: it may or may not have happened. */
  deleting: boolean;
}
interface Payer {
  token: string;
  orderNo: string | null;
  /** The gateway acknowledged the payment (its redirect came back). */
  paidAtGateway: boolean;
}

async function post<T>(base: string, url: string, token: string, body: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as Envelope<T>;
}

/** Applicants with open doctoral forms and live sessions, written straight into the tables. */
async function makeApplicants(db: Connected['db'], count: number, from: number): Promise<string[]> {
  const now = Date.now();
  const year = (await db.selectFrom('system_config').select('system_value').where('system_key', '=', 'recruitYear').executeTakeFirst())?.system_value ?? '2027';
  const programme = await db.selectFrom('programme').select(['id', 'department_id']).where('code', 'like', '%-PHD-%').orderBy('id').executeTakeFirstOrThrow();
  const specs: ApplicationSpec[] = Array.from({ length: count }, (_, i) => ({
    number: `20271${50_000 + from + i}`,
    name: `压测${from + i}`,
    registerType: 1,
    recruitYear: year,
    area: DOCTOR_AREA,
    departmentId: programme.department_id,
    programmeId: programme.id,
    formStatus: 'draft',
    savedAt: now,
    submittedAt: null,
    paid: false,
    photo: 'missing',
    qualification: 'pending',
  }));
  const ids = await insertApplications(db, now, specs);
  const role = await db.selectFrom('role').select('id').where('role_key', '=', RoleKey.DOCTOR).executeTakeFirstOrThrow();
  return Promise.all(ids.map((id) => createSession(db, now, id, role.id, { ip: '127.0.0.1' })));
}

async function listedFiles(base: string, token: string): Promise<number[]> {
  const r = await post<{ categories: { key: string; files: { id: number }[] }[] }>(base, `${MATERIALS}/list`, token, { phase: 'application' });
  return r.data.categories.find((c) => c.key === 'transcript')!.files.map((f) => f.id);
}

/** After a restart: what each writer was told is there, and nothing half-done. */
async function verify(server: ServerProcess, dataDir: string, database: CrashDatabase, forms: FormWriter[], uploads: Uploader[], payers: Payer[]): Promise<void> {
  const base = server.url;
  await Promise.all(
    forms.map(async (w) => {
      const r = await post<{ version: number; sections: { plan?: { summary?: string } } }>(base, `${FORM}/detail`, w.token, {});
      w.version = r.data.version;
      if (!w.acked) return;
      const summary = r.data.sections.plan?.summary;
      // The acknowledged save, or the one after it that committed before its answer could leave.
      if (r.data.version === w.acked.version) expect(summary).toBe(w.acked.summary);
      else {
        expect(r.data.version).toBe(w.acked.version + 1);
        expect(summary).toBe(w.inFlight);
      }
      // What the restarted server holds is where this writer carries on from.
      w.acked = { version: r.data.version, summary: summary ?? '' };
      w.inFlight = null;
    }),
  );
  await Promise.all(
    uploads.map(async (u) => {
      const files = await listedFiles(base, u.token);
      if (u.present !== null && !u.deleting) expect(files).toContain(u.present);
      if (u.present === null) expect(files.length).toBeLessThanOrEqual(1);
      // Whatever the list shows is now what this uploader has (an unanswered upload may have landed).
      u.present = files[0] ?? null;
      u.deleting = false;
      if (files.length > 1) throw new Error('more transcripts than one uploader ever keeps');
    }),
  );
  for (const p of payers) {
    if (!p.orderNo) continue;
    // The applicant opens the fee page again: the portal asks the gateway, and settles what it vouches for.
    const r = await post<{ status: string }>(base, `${PAYMENT}/query`, p.token, { orderNo: p.orderNo });
    if (p.paidAtGateway) expect(r.data.status).toBe('paid');
  }
  const connected = database.connect();
  try {
    const db = connected.db;
    const orders = payers.filter((p) => p.orderNo).map((p) => p.orderNo!);
    if (orders.length > 0) {
      const ledger = await db
        .selectFrom('payment_order as o')
        .leftJoin('payment_ledger as l', 'l.order_id', 'o.id')
        .select(['o.order_no', 'o.status', sql<number>`count(l.id)`.as('entries')])
        .where('o.order_no', 'in', orders)
        .groupBy(['o.order_no', 'o.status'])
        .execute();
      for (const row of ledger) expect(Number(row.entries)).toBe(row.status === 'paid' ? 1 : 0);
      const trades = await db.selectFrom('sandbox_trade').select(['merchant_order_no', 'status']).where('merchant_order_no', 'in', orders).execute();
      const paid = new Set(ledger.filter((l) => l.status === 'paid').map((l) => l.order_no));
      for (const t of trades) if (t.status === 'paid') expect(paid.has(t.merchant_order_no), `the gateway took ${t.merchant_order_no}; the portal must settle it`).toBe(true);
      stats.gatewayPaid = trades.filter((t) => t.status === 'paid').length;
      stats.settled = paid.size;
    }
    // Every record has its bytes, and the restart swept every half-written upload.
    const root = path.join(dataDir, 'files');
    const records = await db.selectFrom('stored_file').select(['storage_key', 'size_bytes']).execute();
    for (const r of records) expect(fs.statSync(path.join(root, r.storage_key.slice(0, 2), r.storage_key)).size).toBe(Number(r.size_bytes));
    const partials = fs.existsSync(path.join(root, '.tmp')) ? fs.readdirSync(path.join(root, '.tmp')) : [];
    expect(partials).toEqual([]);
  } finally {
    await connected.db.destroy();
  }
}

async function formWriter(base: string, w: FormWriter, until: () => boolean, run: number): Promise<void> {
  for (let n = 0; !until(); n++) {
    const summary = `run ${run}, save ${n}, ${w.token.slice(0, 6)}`;
    w.inFlight = summary;
    const r = await post<{ version: number }>(base, `${FORM}/saveDraft`, w.token, { version: w.version, sections: { plan: { summary } } });
    if (r.code !== 0) throw new Error(`saveDraft: ${r.code} ${r.msg}`);
    w.version = r.data.version;
    w.acked = { version: r.data.version, summary };
    w.inFlight = null;
  }
}

async function uploader(base: string, u: Uploader, until: () => boolean): Promise<void> {
  while (!until()) {
    if (u.present === null) {
      const form = new FormData();
      form.set('category', 'transcript');
      form.set('file', new Blob([new Uint8Array(pdf(20_000 + Math.floor(Math.random() * 40_000)))], { type: 'application/pdf' }), 'transcript.pdf');
      const res = await fetch(`${base}${MATERIALS}/upload`, { method: 'POST', headers: { authorization: `Bearer ${u.token}` }, body: form });
      const r = (await res.json()) as Envelope<MaterialUploadView>;
      if (r.code !== 0) throw new Error(`upload: ${r.code} ${r.msg}`);
      u.present = r.data.file.id;
      stats.uploads++;
    } else {
      u.deleting = true;
      const r = await post(base, `${MATERIALS}/delete`, u.token, { fileId: u.present });
      if (r.code !== 0) throw new Error(`delete: ${r.code} ${r.msg}`);
      u.present = null;
      u.deleting = false;
    }
  }
}

/** Orders the fee, opens the gateway's checkout, pays there: the gateway then notifies the portal. */
async function payer(base: string, p: Payer): Promise<void> {
  const order = await post<{ orderNo: string }>(base, `${PAYMENT}/order`, p.token, {});
  p.orderNo = order.data.orderNo;
  const checkout = await post<{ checkoutUrl: string }>(base, `${PAYMENT}/checkout`, p.token, { orderNo: p.orderNo });
  if (checkout.code !== 0) throw new Error(`checkout: ${checkout.code} ${checkout.msg}`);
  const trade = new URL(checkout.data.checkoutUrl).searchParams.get('trade')!;
  const res = await fetch(`${base}/sandbox-gateway/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `trade=${trade}&action=pay`, redirect: 'manual' });
  if (res.status !== 303) throw new Error(`pay: HTTP ${res.status}`);
  p.paidAtGateway = true;
}

/** Resolves once any writer has a save of this run acknowledged (bounded: the assertion after the kill says why not). */
async function firstSaveOf(run: number, forms: readonly FormWriter[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && !forms.some((w) => w.acked?.summary.startsWith(`run ${run},`))) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A failed request is expected only once the process is gone. */
const survivable = (killed: () => boolean) => (err: unknown) => {
  if (!killed()) throw err;
};

/** What the runs did, so a test can tell they did something. */
const stats = { gatewayPaid: 0, settled: 0, uploads: 0 };

export async function crashRuns(makeDatabase: (dataDir: string) => Promise<CrashDatabase>): Promise<{ acknowledged: number } & typeof stats> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-crash-'));
  const database = await makeDatabase(dataDir);
  const env = { NODE_ENV: 'test', CAPTCHA_TEST_CODE: CAPTCHA, LOG_LEVEL: 'warn', ...database.env };
  try {
    // The first start migrates and seeds the demo (the cycle, its windows, the catalogue).
    const first = await startServer(env, 180_000);
    first.child.kill('SIGTERM');
    await first.exited;
    const connected = database.connect();
    const tokens = await makeApplicants(connected.db, FORM_WRITERS + UPLOADERS + PAYERS_PER_RUN * ITERATIONS, 0);
    await connected.db.destroy();
    const forms: FormWriter[] = tokens.slice(0, FORM_WRITERS).map((token) => ({ kind: 'form', token, version: 0, acked: null, inFlight: null }));
    const uploads: Uploader[] = tokens.slice(FORM_WRITERS, FORM_WRITERS + UPLOADERS).map((token) => ({ kind: 'upload', token, present: null, deleting: false }));
    const payers: Payer[] = [];
    let acknowledged = 0;
    for (let run = 0; run <= ITERATIONS; run++) {
      const server = await startServer(env, 60_000);
      await verify(server, dataDir, database, forms, uploads, payers);
      expect(await database.integrityCheck()).toBe('ok');
      if (run === ITERATIONS) {
        server.child.kill('SIGTERM');
        await server.exited;
        break;
      }
      const runPayers: Payer[] = tokens.slice(FORM_WRITERS + UPLOADERS + run * PAYERS_PER_RUN, FORM_WRITERS + UPLOADERS + (run + 1) * PAYERS_PER_RUN).map((token) => ({ token, orderNo: null, paidAtGateway: false }));
      payers.push(...runPayers);
      let killed = false;
      const until = () => killed;
      // The payers go first, a moment ahead of the crowd, so most runs see fees paid before the kill.
      const paying = runPayers.map((p) => payer(server.url, p).catch(survivable(until)));
      await new Promise((r) => setTimeout(r, 100));
      const writing = [
        ...paying,
        ...forms.map((w) => formWriter(server.url, w, until, run).catch(survivable(until))),
        ...uploads.map((u) => uploader(server.url, u, until).catch(survivable(until))),
      ];
      // Killed at a different moment each run, sometimes before the payments are through, but never
      // before this run has had a save acknowledged: on a loaded machine (CI runs other suites beside
      // this one) the first saves can take longer than the random moment.
      await Promise.all([new Promise((r) => setTimeout(r, 600 + Math.floor(Math.random() * 900))), firstSaveOf(run, forms)]);
      killed = true;
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(writing);
      // Saves acknowledged in this run alone: every run must have written under fire, not only the first.
      const ackedThisRun = forms.filter((w) => w.acked?.summary.startsWith(`run ${run},`)).length;
      expect(ackedThisRun, `run ${run}: no form save was acknowledged before the kill`).toBeGreaterThan(0);
      acknowledged += ackedThisRun;
    }
    return { acknowledged, ...stats };
  } finally {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeCompiledServer();
  }
}
