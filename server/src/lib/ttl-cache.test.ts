import { describe, expect, it } from 'vitest';
import { FakeClock } from './clock';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('serves a value for its TTL, then loads it again', async () => {
    const clock = new FakeClock();
    const cache = new TtlCache(clock, 10_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('menus:1', load)).toBe(1);
    clock.advance(9_999);
    expect(await cache.get('menus:1', load)).toBe(1);
    clock.advance(1);
    expect(await cache.get('menus:1', load)).toBe(2);
  });

  it('forgets expired per-applicant entries instead of keeping every applicant who ever signed in', async () => {
    const clock = new FakeClock();
    const cache = new TtlCache(clock, 10_000);
    for (let user = 0; user < 1000; user += 1) await cache.get(`gates:${user}`, async () => user);
    expect(cache.size).toBe(1000);
    clock.advance(10_000);
    await cache.get('menus:1', async () => 'menus');
    expect(cache.size).toBe(1);
  });

  it('peeks at a live value without loading, and misses an expired or absent one', async () => {
    const clock = new FakeClock();
    const cache = new TtlCache(clock, 10_000);
    expect(cache.peek('recruitYear')).toBeUndefined();
    await cache.get('recruitYear', async () => ({ year: '2027' }));
    expect(cache.peek('recruitYear')).toEqual({ year: '2027' });
    clock.advance(10_000);
    expect(cache.peek('recruitYear')).toBeUndefined();
  });

  it('does not keep what a load read before the entry was dropped: the change would be undone', async () => {
    const clock = new FakeClock();
    const cache = new TtlCache(clock, 10_000);
    let release!: (value: string) => void;
    const slow = cache.get('gates:1', () => new Promise<string>((resolve) => (release = resolve)));
    // The applicant submits meanwhile: their gates are dropped while the old read is still running.
    cache.delete('gates:1');
    release('before the change');
    expect(await slow).toBe('before the change');
    expect(cache.peek('gates:1')).toBeUndefined();
    expect(await cache.get('gates:1', async () => 'after the change')).toBe('after the change');
  });

  it("keeps other keys' loads when one key is dropped meanwhile", async () => {
    const clock = new FakeClock();
    const cache = new TtlCache(clock, 10_000);
    let release!: (value: string) => void;
    const menus = cache.get('menus:1', () => new Promise<string>((resolve) => (release = resolve)));
    cache.delete('gates:7');
    release('menus');
    await menus;
    expect(cache.peek('menus:1')).toBe('menus');
  });
});
