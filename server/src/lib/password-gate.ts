import { availableParallelism } from 'node:os';
import { ReplyCode } from '@gradus/contract';
import { AppError } from './app-error';

/**
 * How many password hashes (argon2id: 19 MiB, tens of milliseconds of a core each) run at once,
 * and how many sign-ins may wait for one. On release day a login storm would otherwise queue
 * hashes without bound: every sign-in would time out, and the hashes would take the cores the
 * signed-in applicants' pages need. Past the queue a sign-in is answered at once, 429 with
 * Retry-After, before its captcha is used, so the applicant simply tries again.
 */
export class PasswordGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    readonly concurrency = Math.max(1, availableParallelism() - 1),
    readonly maxWaiting = 16 * Math.max(1, availableParallelism() - 1),
    private readonly onBusy: () => void = () => {},
  ) {}

  /** A place to hash in; resolves when one is free, or throws `busy` at once when too many wait. */
  async enter(): Promise<() => void> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        this.onBusy();
        throw new AppError(ReplyCode.THROTTLED, 'error.busy', {}, 429, 2);
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      // The place passes straight to the next in line, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const leave = await this.enter();
    try {
      return await work();
    } finally {
      leave();
    }
  }
}
