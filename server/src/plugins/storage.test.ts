import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { FileStorage, FileTooLargeError } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every file under the storage root, .part files included. */
function everyFile(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? everyFile(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('file storage', () => {
  it('a body refused at its very first chunk leaves no partial file behind, however quickly it is refused', async () => {
    const storage = new FileStorage(root);
    for (let i = 0; i < 40; i++) {
      await expect(storage.save(Readable.from([Buffer.alloc(2048, 1)]), 1024)).rejects.toBeInstanceOf(FileTooLargeError);
      // Checked at once: the clean-up is over before the refusal arrives.
      expect(everyFile(root)).toEqual([]);
    }
  });

  it('keeps a body within the limit under its key, with its size and hash', async () => {
    const storage = new FileStorage(root);
    const saved = await storage.save(Readable.from([Buffer.from('%PDF-1.4 hello')]), 1024);
    expect(saved.size).toBe(14);
    expect(await storage.exists(saved.storageKey)).toBe(true);
    expect(everyFile(root).filter((f) => f.endsWith('.part'))).toEqual([]);
  });
});
