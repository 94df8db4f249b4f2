import type { Clock } from './clock';

/**
 * Reference data every request reads (menus of a role, the recruitment year) kept for a few
 * seconds. Changes made by another process (the admin command, another instance) show within
 * the TTL; changes made here clear the cache at once.
 */
export class TtlCache {
  private entries = new Map<string, { value: unknown; until: number }>();
  constructor(
    private clock: Clock,
    private ttlMs: number,
  ) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    const now = this.clock.now();
    if (hit && hit.until > now) return hit.value as T;
    const value = await load();
    this.entries.set(key, { value, until: now + this.ttlMs });
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
