import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness';
import { REFERENCE_FILES, syncReferenceFiles } from './reference';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: 'none' });
});
afterAll(async () => t.close());

const template = REFERENCE_FILES[0].filePath;
const row = () => t.app.ctx.db.selectFrom('stored_file').selectAll().where('file_path', '=', template).executeTakeFirst();

describe('reference files', () => {
  it('are written at start without any demo data, as public records', async () => {
    const r = await row();
    expect(r).toMatchObject({ owner_user_id: null, is_public: 1, mime_type: 'application/pdf', original_name: '专家推荐信模板.pdf' });
    expect(await t.app.ctx.storage.exists(r!.storage_key)).toBe(true);
  });

  it('are left alone when present, and written again when their bytes went missing', async () => {
    const before = await row();
    await syncReferenceFiles(t.app.ctx.db, t.app.ctx.storage, t.clock.now());
    expect(await row()).toEqual(before);

    await t.app.ctx.storage.remove(before!.storage_key);
    await syncReferenceFiles(t.app.ctx.db, t.app.ctx.storage, t.clock.now());
    const after = await row();
    expect(after!.id).toBe(before!.id);
    expect(after!.storage_key).not.toBe(before!.storage_key);
    const bytes = fs.readFileSync(t.app.ctx.storage.open(after!.storage_key).path as string);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('two starts at once keep one record and no stray bytes', async () => {
    const { ctx } = t.app;
    await ctx.storage.remove((await row())!.storage_key);
    await ctx.db.deleteFrom('stored_file').where('file_path', '=', template).execute();
    await Promise.all([syncReferenceFiles(ctx.db, ctx.storage, 1), syncReferenceFiles(ctx.db, ctx.storage, 2)]);
    const rows = await ctx.db.selectFrom('stored_file').select('storage_key').where('file_path', '=', template).execute();
    expect(rows).toHaveLength(1);
    // Every byte file on disk is one a record names: the loser of the race removed its copy.
    const recorded = (await ctx.db.selectFrom('stored_file').select('storage_key').execute()).map((r) => r.storage_key).sort();
    const onDisk = fs
      .readdirSync(ctx.storage.root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.parentPath.includes('.tmp'))
      .map((e) => e.name)
      .sort();
    expect(onDisk).toEqual(recorded);
  });
});
