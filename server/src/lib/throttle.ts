import type { Clock } from './clock';

/**
 * Fixed-window counters for throttling sign-in, registration and resets, per account and per
 * client. In memory for the single-instance default; in Redis (lib/redis-state.ts) when several
 * instances run, so an address or an account has one count however the proxy spreads its calls.
 */
export interface ThrottleStore {
  /** Counts one hit; returns how long to wait (ms) if the limit is exceeded, else 0. */
  hit(key: string, limit: number, windowMs: number): Promise<number>;
  /** Whether the key is over its limit, without counting. */
  blockedFor(key: string, limit: number): Promise<number>;
  reset(key: string): Promise<void>;
}

interface Window {
  count: number;
  endsAt: number;
}

export class MemoryThrottle implements ThrottleStore {
  private windows = new Map<string, Window>();
  constructor(private clock: Clock) {}

  private current(key: string): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.endsAt <= this.clock.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<number> {
    const now = this.clock.now();
    let w = this.current(key);
    if (!w) {
      w = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, w);
      if (this.windows.size > 100_000) this.sweep();
    }
    w.count += 1;
    return w.count > limit ? w.endsAt - now : 0;
  }

  async blockedFor(key: string, limit: number): Promise<number> {
    const w = this.current(key);
    return w && w.count >= limit ? w.endsAt - this.clock.now() : 0;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
  }
}

export interface ThrottleLimits {
  /** Attempts per client address per minute on each sign-in/registration/reset call. */
  clientPerMinute: number;
  /** Failed attempts per account before it is locked for `accountLockMinutes`. */
  accountFailures: number;
  accountLockMinutes: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { clientPerMinute: 30, accountFailures: 5, accountLockMinutes: 15 };
