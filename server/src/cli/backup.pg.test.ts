import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connect } from '../db/dialect';
import { buildTestApp, call, captcha, CAPTCHA, DEMO, DEMO_PASSWORD } from '../../test/harness';
import { backup, restore } from './backup';

/** PostgreSQL's backup is pg_dump's, restored by pg_restore into a database (here a schema) with no tables. */
describe('backup and restore on PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-pg-backup-'));
  let schema = '';
  afterAll(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('dumps a live database with its files, restores them after the schema is lost, and the applicant signs in', async () => {
    const t = await buildTestApp();
    schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.app.ctx.db)).rows[0]!.s;
    const filesDir = path.join(t.dataDir, 'files');
    const manifest = await backup({ kind: 'postgres', url, schema, filesDir }, path.join(root, 'backup'));
    expect(manifest).toMatchObject({ database: 'postgres', missing: [] });
    expect(manifest.files).toBeGreaterThan(0);
    // The schema and the files are gone (t.close drops the schema and the data directory).
    await t.close();

    const dataDir = path.join(root, 'fresh');
    await restore(path.join(root, 'backup'), { kind: 'postgres', url, schema, filesDir: path.join(dataDir, 'files') });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA_TEST_CODE: CAPTCHA, WEB_DIST: path.join(dataDir, 'no-web') }),
      database: connect({ kind: 'postgres', url, schema }),
      seed: 'none',
    });
    try {
      const signedIn = await call(app, '/api/v1/client/loginRecruit', { body: { ...DEMO.assessment, password: DEMO_PASSWORD, ...(await captcha(app)) } });
      expect(signedIn.code).toBe(0);
      const files = await app.ctx.db.selectFrom('stored_file').select(['storage_key', 'size_bytes']).execute();
      expect(files.length).toBe(manifest.files);
      for (const f of files) expect(fs.statSync(path.join(dataDir, 'files', f.storage_key.slice(0, 2), f.storage_key)).size).toBe(f.size_bytes);

      // A second restore over the now-populated schema is refused.
      await expect(restore(path.join(root, 'backup'), { kind: 'postgres', url, schema, filesDir: path.join(root, 'empty-files') })).rejects.toThrow(/already has tables/);
    } finally {
      await app.close();
    }
  });
});
