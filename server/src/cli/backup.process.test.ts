import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTCHA, DEMO, DEMO_PASSWORD } from '../../test/harness';
import { removeCompiledServer, startServer, type ServerProcess } from '../../test/process/server-process';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/** `npm run admin -- …` as an operator types it, with the environment the portal runs with. */
function admin(args: string[], dataDir: string) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], { cwd: SERVER_DIR, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' } });
}

async function signIn(server: ServerProcess): Promise<{ code: number; msg: string }> {
  const post = (url: string, body: unknown) =>
    fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ code: number; msg: string; data: { uuid: string } }>);
  const { data } = await post('/api/v1/client/RandomImage', {});
  return post('/api/v1/client/loginRecruit', { ...DEMO.assessment, password: DEMO_PASSWORD, uuid: data.uuid, code: CAPTCHA });
}

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('backup and restore of the embedded default (SQLite and DATA_DIR/files)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-backup-'));
  const live = path.join(root, 'live');
  const saved = path.join(root, 'backup');
  const fresh = path.join(root, 'fresh');
  const servers: ServerProcess[] = [];
  afterAll(() => {
    for (const s of servers) s.child.kill('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
    removeCompiledServer();
  });

  // Two starts of the compiled server with the demo seeded, on a machine shared with the rest of the suite.
  it('backs up a running portal, restores it into an empty data directory, and the applicant signs in there', { timeout: 300_000 }, async () => {
    const env = { NODE_ENV: 'test', CAPTCHA_TEST_CODE: CAPTCHA, DATA_DIR: live };
    const first = await startServer(env, 120_000);
    servers.push(first);
    expect((await signIn(first)).code).toBe(0);

    // Online: the portal is still answering while the backup runs.
    const { stdout } = await admin(['backup', '--to', saved], live);
    expect(stdout).toMatch(/backup of sqlite written: \d+ stored file\(s\)/);
    const manifest = JSON.parse(fs.readFileSync(path.join(saved, 'manifest.json'), 'utf8')) as { files: number; missing: string[] };
    expect(manifest.files).toBeGreaterThan(0);
    expect(manifest.missing).toEqual([]);
    first.child.kill('SIGTERM');
    await first.exited;

    // The operator's second machine: nothing there yet.
    const restored = await admin(['restore', '--from', saved], fresh);
    expect(restored.stdout).toMatch(/restored the sqlite backup of .*: \d+ stored file\(s\)/);
    // Every file the database names is there, byte for byte.
    const db = new SQLite(path.join(fresh, 'gradus.sqlite'), { readonly: true });
    const files = db.prepare('select storage_key, sha256 from stored_file').all() as { storage_key: string; sha256: string }[];
    db.close();
    expect(files.length).toBe(manifest.files);
    for (const f of files) expect(sha256(path.join(fresh, 'files', f.storage_key.slice(0, 2), f.storage_key))).toBe(f.sha256);

    const second = await startServer({ ...env, DATA_DIR: fresh }, 120_000);
    servers.push(second);
    expect(await signIn(second)).toMatchObject({ code: 0 });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('refuses to restore over data, or to back up into a directory that holds something, and changes nothing', { timeout: 120_000 }, async () => {
    const before = sha256(path.join(fresh, 'gradus.sqlite'));
    await expect(admin(['restore', '--from', saved], fresh)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('already holds stored files') });
    expect(sha256(path.join(fresh, 'gradus.sqlite'))).toBe(before);
    await expect(admin(['backup', '--to', saved], fresh)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('is not empty') });
    await expect(admin(['restore', '--from', root], path.join(root, 'other'))).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('is not a Gradus backup') });
    expect(fs.existsSync(path.join(root, 'other', 'gradus.sqlite'))).toBe(false);
  });
});
