import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from './every';

describe('runEvery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the work at every tick, never two runs at once, and stops', async () => {
    let runs = 0;
    let finish: () => void = () => undefined;
    const job = runEvery(1000, () => new Promise<void>((done) => ((runs += 1), (finish = done))), () => undefined);
    await vi.advanceTimersByTimeAsync(3000);
    // The first run is still going: the ticks that overlap it are skipped.
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    finish();
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  it('stops only once the run under way has ended', async () => {
    let finish: () => void = () => undefined;
    const job = runEvery(1000, () => new Promise<void>((done) => (finish = done)), () => undefined);
    await vi.advanceTimersByTimeAsync(1000);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('reports a failed run and tries again at the next tick', async () => {
    const failures: unknown[] = [];
    let runs = 0;
    const job = runEvery(1000, async () => {
      runs += 1;
      if (runs === 1) throw new Error('database away');
    }, (err) => failures.push(err));
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(2);
    expect(failures.map((f) => (f as Error).message)).toEqual(['database away']);
    await job.stop();
  });
});
