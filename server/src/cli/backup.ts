import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { AppConfig } from '../config';
import { option, UsageError } from './args';

const run = promisify(execFile);

/** What is backed up: the database (SQLite file or PostgreSQL) and the stored files' directory. */
export type BackupSource =
  | { kind: 'sqlite'; file: string; filesDir: string }
  | { kind: 'postgres'; url: string; schema?: string; filesDir: string };

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** Stored files the database names, all present in the backup. */
  files: number;
  bytes: number;
  /** Files the database named that were deleted before they could be copied (see backup()). */
  missing: string[];
}

const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'gradus.sqlite';
const PG_DUMP = 'gradus.pgdump';
const FILES = 'files';

/**
 * An online backup: the portal keeps running. The database is copied first, as one consistent
 * snapshot (SQLite's online backup API; pg_dump's single transaction), then the stored files it
 * names. Stored files are never changed once written (each is named by a fresh key), so a file
 * copied after the snapshot is the file the snapshot meant. One deleted in between (a replaced
 * material) is listed as missing; a file saved after the snapshot is not copied (no record in this
 * backup names it).
 */
export async function backup(source: BackupSource, to: string): Promise<BackupManifest> {
  if (fs.existsSync(to) && fs.readdirSync(to).length > 0) throw new UsageError(`backup: ${to} is not empty; give a new directory`);
  fs.mkdirSync(to, { recursive: true });
  let keys: string[];
  if (source.kind === 'sqlite') {
    if (!fs.existsSync(source.file)) throw new UsageError(`backup: there is no database at ${source.file}`);
    const live = new SQLite(source.file, { fileMustExist: true });
    try {
      await live.backup(path.join(to, SQLITE_FILE));
    } finally {
      live.close();
    }
    const snapshot = new SQLite(path.join(to, SQLITE_FILE), { readonly: true });
    try {
      keys = (snapshot.prepare('select storage_key from stored_file').all() as { storage_key: string }[]).map((r) => r.storage_key);
    } finally {
      snapshot.close();
    }
  } else {
    const schemaArgs = source.schema ? ['--schema', source.schema] : [];
    // Custom format: compressed, and pg_restore can restore it into an empty database of any owner.
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', ...schemaArgs, '--file', path.join(to, PG_DUMP), source.url]);
    keys = await storageKeysInDump(path.join(to, PG_DUMP));
  }
  const missing: string[] = [];
  let bytes = 0;
  for (const key of keys) {
    const from = storedPath(source.filesDir, key);
    const dest = storedPath(path.join(to, FILES), key);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    try {
      fs.copyFileSync(from, dest);
      bytes += fs.statSync(dest).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      missing.push(key);
    }
  }
  const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), database: source.kind, files: keys.length - missing.length, bytes, missing };
  fs.writeFileSync(path.join(to, MANIFEST), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** The keys the dump's own stored_file rows name (read back from the dump, not the live database). */
async function storageKeysInDump(dumpFile: string): Promise<string[]> {
  const { stdout } = await run('pg_restore', ['--data-only', '--table=stored_file', '--file=-', dumpFile], { maxBuffer: 1024 * 1024 * 1024 });
  // COPY ... FROM stdin; rows tab-separated until "\.": the storage key is the column named so.
  const lines = stdout.split('\n');
  const header = lines.findIndex((l) => /^COPY .*stored_file \(/.test(l));
  if (header < 0) return [];
  const columns = /\(([^)]*)\)/.exec(lines[header]!)![1]!.split(',').map((c) => c.trim().replace(/"/g, ''));
  const at = columns.indexOf('storage_key');
  const keys: string[] = [];
  for (const line of lines.slice(header + 1)) {
    if (line === '\\.') break;
    keys.push(line.split('\t')[at]!);
  }
  return keys;
}

export type RestoreTarget = BackupSource;

/**
 * Restores a backup into an empty place: the SQLite file must not exist, the PostgreSQL database (or
 * schema) must have no tables, and the files directory must hold no stored files. The portal must
 * be stopped meanwhile; it migrates the restored database to its own version when it starts.
 */
export async function restore(from: string, target: RestoreTarget): Promise<BackupManifest> {
  const manifestFile = path.join(from, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new UsageError(`restore: ${from} is not a Gradus backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new UsageError(`restore: backup format ${String(manifest.format)} is not one this version reads`);
  if (manifest.database !== target.kind) throw new UsageError(`restore: the backup is of ${manifest.database}, but the portal is set up for ${target.kind}`);
  if (hasStoredFiles(target.filesDir)) throw new UsageError(`restore: ${target.filesDir} already holds stored files; restore into an empty data directory`);
  if (target.kind === 'sqlite') {
    if (fs.existsSync(target.file)) throw new UsageError(`restore: ${target.file} exists; restore into an empty data directory`);
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    // Copied under a temporary name and renamed: a restore cut short leaves no half database behind.
    const partial = `${target.file}.restoring`;
    fs.copyFileSync(path.join(from, SQLITE_FILE), partial);
    const check = new SQLite(partial, { readonly: true });
    try {
      const verdict = check.pragma('integrity_check', { simple: true });
      if (verdict !== 'ok') throw new Error(`restore: the backup's database fails its integrity check: ${String(verdict)}`);
    } finally {
      check.close();
    }
    fs.renameSync(partial, target.file);
  } else {
    await refuseNonEmptyPostgres(target);
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', target.url, path.join(from, PG_DUMP)]);
  }
  fs.cpSync(path.join(from, FILES), target.filesDir, { recursive: true });
  return manifest;
}

async function refuseNonEmptyPostgres(target: Extract<RestoreTarget, { kind: 'postgres' }>): Promise<void> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const schema = target.schema ?? 'public';
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from pg_tables where schemaname = $1`, [schema]);
    if (Number(rows[0]!.n) > 0) throw new UsageError(`restore: schema ${schema} of the database already has tables; restore into an empty database`);
    // pg_restore recreates a dumped schema; an empty one left behind would make it fail.
    if (target.schema) await client.query(`drop schema if exists "${target.schema.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

function storedPath(dir: string, key: string): string {
  // Keys come from our own database, and are checked all the same: a backup never writes outside its directory.
  if (!/^[0-9A-Za-z-]{1,64}$/.test(key)) throw new Error(`backup: unexpected storage key ${JSON.stringify(key)}`);
  return path.join(dir, key.slice(0, 2), key);
}

function hasStoredFiles(dir: string): boolean {
  if (!fs.existsSync(dir)) return false;
  return fs.readdirSync(dir).some((entry) => entry !== '.tmp');
}

/** Where this configuration keeps its data: DATABASE_URL's PostgreSQL or DATA_DIR's SQLite file, and DATA_DIR/files. */
export function dataOf(config: AppConfig): BackupSource {
  const filesDir = path.join(config.dataDir, 'files');
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, filesDir } : { kind: 'sqlite', file: path.join(config.dataDir, SQLITE_FILE), filesDir };
}

export const BACKUP_USAGE = `  backup --to <new directory>
      An online backup of the database (SQLite's backup API, or pg_dump) and of every stored file
      it names, with a manifest.json; the portal keeps running.
  restore --from <backup directory>
      Restores a backup into an empty DATA_DIR (and, for PostgreSQL, a database without tables).
      Stop the portal first; it migrates the restored database when it starts.`;

/** `backup` and `restore` run before the admin command migrates anything: a restore needs an empty database. */
export async function runBackupCommand(argv: string[], config: AppConfig): Promise<string> {
  const [command, ...args] = argv;
  const where = dataOf(config);
  if (command === 'backup') {
    const m = await backup(where, path.resolve(process.env.INIT_CWD ?? process.cwd(), option(args, 'to')));
    const missing = m.missing.length > 0 ? `; ${m.missing.length} file(s) deleted while it ran were not copied: ${m.missing.join(', ')}` : '';
    return `backup of ${m.database} written: ${m.files} stored file(s), ${m.bytes} bytes${missing}`;
  }
  const m = await restore(path.resolve(process.env.INIT_CWD ?? process.cwd(), option(args, 'from')), where);
  return `restored the ${m.database} backup of ${m.createdAt}: ${m.files} stored file(s)`;
}
