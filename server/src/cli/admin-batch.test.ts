import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../db/dialect';

/**
 * `npm run admin -- batch` as an operator runs it: a real process on a real SQLite file, its
 * commands on standard input, one JSON array per line, in order, stopping at the first failure.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-batch-'));
const serverDir = path.resolve(import.meta.dirname, '../..');
const batch = (lines: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'batch'], {
    cwd: serverDir,
    input: lines,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
  });
const configOf = async (key: string) => {
  const { db } = connect({ kind: 'sqlite', file: path.join(dataDir, 'gradus.sqlite') });
  try {
    return (await db.selectFrom('system_config').select('system_value').where('system_key', '=', key).executeTakeFirst())?.system_value;
  } finally {
    await db.destroy();
  }
};
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('admin batch', () => {
  it('runs each line as a command, in order, in one process', { timeout: 60_000 }, async () => {
    const run = batch(`${JSON.stringify(['set-config', 'system', 'batchTest', 'first'])}\n\n${JSON.stringify(['set-config', 'system', 'batchTest', 'second'])}\n`);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(await configOf('batchTest')).toBe('second');
  });

  it('stops at the first command that fails, having run the ones before', { timeout: 60_000 }, async () => {
    const run = batch([['set-config', 'system', 'batchFail', 'ran'], ['set-config', 'nowhere', 'batchFail', 'x'], ['set-config', 'system', 'batchFail', 'never']].map((c) => JSON.stringify(c)).join('\n'));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('admin:');
    expect(await configOf('batchFail')).toBe('ran');
  });

  it('runs nothing from input with a line that is not a command', { timeout: 60_000 }, async () => {
    const run = batch(`${JSON.stringify(['set-config', 'system', 'batchStop', 'ran'])}\n{"not":"words"}\n${JSON.stringify(['set-config', 'system', 'batchStop', 'never'])}\n`);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('batch: not a JSON array of words');
    // Lines are read before any runs: a malformed file runs nothing.
    expect(await configOf('batchStop')).toBeUndefined();
  });
});
