import type { Clock } from './clock';
import type { Bus } from './shared-state';

/**
 * Reference data every request reads (menus of a role, the recruitment year) kept for a few
 * seconds. Changes made by another process (the admin command, another instance) show within
 * the TTL; changes made here clear the cache at once.
 */
export class TtlCache {
  private entries = new Map<string, { value: unknown; until: number }>();
  private nextSweep = 0;
  /**
   * A load that began before its key was deleted (or the cache cleared) may have read what the
   * change replaced: its value is returned to its caller but not kept, or it would outlive the
   * change. Counted per key, so an applicant's save does not stop every other key being kept; the
   * counts start afresh at each sweep and clear (a new epoch), so they do not pile up either.
   */
  private deletions = new Map<string, number>();
  private epoch = 0;
  private stamp = (key: string) => `${this.epoch}:${this.deletions.get(key) ?? 0}`;
  private newEpoch(): void {
    this.epoch++;
    this.deletions.clear();
  }
  private bus: Bus | undefined;
  constructor(
    private clock: Clock,
    private ttlMs: number,
  ) {}

  /**
   * Several instances: a key deleted (or the cache cleared) here is deleted on the others at once,
   * rather than being served there until its TTL runs out.
   */
  shareThrough(bus: Bus): void {
    this.bus = bus;
    bus.subscribe((m) => {
      if (m.kind !== 'cache') return;
      if (m.key === null) this.clearHere();
      else this.deleteHere(m.key);
    });
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.live(key);
    if (hit) return hit.value as T;
    const startedIn = this.stamp(key);
    const value = await load();
    if (startedIn === this.stamp(key)) this.entries.set(key, { value, until: this.clock.now() + this.ttlMs });
    return value;
  }

  /**
   * The live value without a promise, so hot paths await only a miss. A value that is itself
   * `undefined` reads as a miss here: keep such keys on get().
   */
  peek<T>(key: string): T | undefined {
    return this.live(key)?.value as T | undefined;
  }

  private live(key: string): { value: unknown } | undefined {
    const now = this.clock.now();
    this.sweep(now);
    const hit = this.entries.get(key);
    return hit && hit.until > now ? hit : undefined;
  }

  /**
   * Some keys are per applicant (their stage gates): without a sweep, every applicant who ever
   * signed in would stay in memory. One pass per TTL keeps the cost flat per request.
   */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.ttlMs;
    this.newEpoch();
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  delete(key: string): void {
    this.deleteHere(key);
    this.bus?.publish({ kind: 'cache', key });
  }

  clear(): void {
    this.clearHere();
    this.bus?.publish({ kind: 'cache', key: null });
  }

  private deleteHere(key: string): void {
    this.deletions.set(key, (this.deletions.get(key) ?? 0) + 1);
    this.entries.delete(key);
  }

  private clearHere(): void {
    this.newEpoch();
    this.entries.clear();
  }
}
