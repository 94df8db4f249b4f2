import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';

/**
 * Tells a broken request body from our own failure while an upload is read. Errors out of the
 * multipart parser (busboy's limits, a malformed or cut-off form) reach us either from the parts
 * iterator, outside our own work, or through the file stream; anything else raised while we plan
 * and store the file (a full disk, a permission error, the database) is ours, and must reach the
 * error handler as a 5xx that is logged, not be blamed on the applicant.
 */
export class BodyErrors {
  private readonly fromStream = new WeakSet<object>();
  private inOwnWork = false;

  /** Remembers what the file stream fails with, to recognise it when storage rethrows it. */
  watch(file: Readable): void {
    file.on('error', (err: unknown) => {
      if (typeof err === 'object' && err !== null) this.fromStream.add(err);
    });
  }

  /** Runs our own work; if it fails, the flag stays set for isCallersFault to read. */
  async ours(work: () => Promise<void>): Promise<void> {
    this.inOwnWork = true;
    await work();
    this.inOwnWork = false;
  }

  /** AppErrors already say whose fault they are; they are passed on as they are. */
  isCallersFault(err: unknown): boolean {
    if (err instanceof AppError) return false;
    if (typeof err === 'object' && err !== null && this.fromStream.has(err)) return true;
    return !this.inOwnWork;
  }
}
