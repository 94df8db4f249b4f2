import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';

export class FileTooLargeError extends Error {}

export interface SavedBytes {
  storageKey: string;
  size: number;
  sha256: string;
  /** The first bytes, to identify the type by content. */
  head: Buffer;
}

const STORAGE_KEY = /^[0-9a-f-]{36}$/;
/** Far longer than any upload takes between its bytes landing and its record being written. */
export const ORPHAN_MIN_AGE_MS = 60 * 60_000;

/**
 * Bytes of uploaded and generated files under DATA_DIR/files, named by server-generated keys.
 * A client never names a path here: records in `stored_file` map virtual paths to these keys.
 */
export class FileStorage {
  private readonly tmpDir: string;
  constructor(readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  private pathOf(storageKey: string): string {
    if (!STORAGE_KEY.test(storageKey)) throw new Error('invalid storage key');
    return path.join(this.root, storageKey.slice(0, 2), storageKey);
  }

  /**
   * Streams into a temporary file and renames it into place only when complete, so a crash or an
   * oversize upload leaves neither a half file nor (since the record is written after) a record.
   */
  async save(source: Readable, maxBytes: number): Promise<SavedBytes> {
    const storageKey = randomUUID();
    const tmp = path.join(this.tmpDir, `${storageKey}.part`);
    const hash = createHash('sha256');
    let size = 0;
    const headChunks: Buffer[] = [];
    let headLength = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new FileTooLargeError());
        if (headLength < 16) {
          headChunks.push(chunk);
          headLength += chunk.length;
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    // Opened before any byte flows: a write stream opens its file lazily, so a body refused at
    // once could otherwise create the .part file just after the clean-up below had run.
    const handle = await fsp.open(tmp, 'wx');
    try {
      await pipeline(source, meter, handle.createWriteStream());
      const finalPath = this.pathOf(storageKey);
      await fsp.mkdir(path.dirname(finalPath), { recursive: true });
      await fsp.rename(tmp, finalPath);
    } catch (err) {
      await handle.close().catch(() => {});
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    return { storageKey, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks).subarray(0, 16) };
  }

  async saveBuffer(bytes: Buffer): Promise<SavedBytes> {
    const { Readable } = await import('node:stream');
    return this.save(Readable.from([bytes]), bytes.length);
  }

  open(storageKey: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(storageKey));
  }

  async exists(storageKey: string): Promise<boolean> {
    return fsp.access(this.pathOf(storageKey)).then(
      () => true,
      () => false,
    );
  }

  async remove(storageKey: string): Promise<void> {
    await fsp.rm(this.pathOf(storageKey), { force: true });
  }

  /** Leftovers of uploads cut off by a crash; called at start. */
  async sweepPartials(): Promise<void> {
    for (const name of await fsp.readdir(this.tmpDir)) await fsp.rm(path.join(this.tmpDir, name), { force: true });
  }

  /**
   * Complete files no record names: save() puts bytes in place before their checks and their
   * `stored_file` row, so a crash in between leaves one behind. Only files older than `minAgeMs`
   * go: a younger one may be an upload another instance is about to record. Called at start.
   * Returns the keys removed.
   */
  async sweepOrphans(recorded: (keys: string[]) => Promise<Set<string>>, minAgeMs = ORPHAN_MIN_AGE_MS): Promise<string[]> {
    const cutoff = Date.now() - minAgeMs;
    const old: string[] = [];
    for (const shard of await fsp.readdir(this.root, { withFileTypes: true })) {
      if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) continue;
      for (const name of await fsp.readdir(path.join(this.root, shard.name))) {
        if (!STORAGE_KEY.test(name) || name.slice(0, 2) !== shard.name) continue;
        const stat = await fsp.stat(this.pathOf(name)).catch(() => null);
        if (stat?.isFile() && stat.mtimeMs < cutoff) old.push(name);
      }
    }
    const removed: string[] = [];
    for (let i = 0; i < old.length; i += 500) {
      const batch = old.slice(i, i + 500);
      const known = await recorded(batch);
      for (const key of batch.filter((k) => !known.has(k))) {
        await this.remove(key);
        removed.push(key);
      }
    }
    return removed;
  }
}
