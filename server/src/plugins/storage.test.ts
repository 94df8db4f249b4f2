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

  it('at start removes old complete files that no record names, and keeps recorded or young ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-orphans-'));
    try {
      const storage = new FileStorage(dir);
      const recorded = await storage.saveBuffer(Buffer.from('%PDF-1.4 kept'));
      const orphan = await storage.saveBuffer(Buffer.from('%PDF-1.4 left by a crash'));
      const young = await storage.saveBuffer(Buffer.from('%PDF-1.4 being recorded now'));
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      for (const key of [recorded.storageKey, orphan.storageKey]) {
        const file = everyFile(dir).find((f) => f.endsWith(key))!;
        fs.utimesSync(file, twoHoursAgo, twoHoursAgo);
      }
      const asked: string[][] = [];
      const removed = await storage.sweepOrphans(async (keys) => {
        asked.push(keys);
        return new Set(keys.filter((k) => k === recorded.storageKey));
      });
      expect(removed).toEqual([orphan.storageKey]);
      expect(await storage.exists(orphan.storageKey)).toBe(false);
      expect(await storage.exists(recorded.storageKey)).toBe(true);
      expect(await storage.exists(young.storageKey)).toBe(true);
      // Only old files are looked up.
      expect(asked.flat().sort()).toEqual([recorded.storageKey, orphan.storageKey].sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
