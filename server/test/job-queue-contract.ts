import { expect, it } from 'vitest';
import { JOB_ATTEMPTS, type JobQueue } from '../src/lib/jobs';

/** What every job queue does, in-process or on Redis; `make` gives a fresh queue whose failed tries wait `backoffMs`. */
export const BACKOFF_MS = 40;
const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

export function behavesAsAJobQueue(make: () => JobQueue): void {
  it('runs a job once, however often it is added, with the data it was given', async () => {
    const q = make();
    const ran: unknown[] = [];
    q.work('once', async (data) => void ran.push(data));
    await q.add('once', 'job-1', { batchId: 7 });
    await q.add('once', 'job-1', { batchId: 7 });
    await until(() => ran.length === 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(ran).toEqual([{ batchId: 7 }]);
    await q.close();
  });

  it('tries a failing job again after a wait, counting its tries, and gives it up after the last', async () => {
    const q = make();
    const tries: { attempt: number; at: number }[] = [];
    q.work('failing', async (_data, attempt) => {
      tries.push({ attempt, at: Date.now() });
      throw new Error('the printer is out of paper');
    });
    await q.add('failing', 'job-2', {});
    await until(() => tries.length === JOB_ATTEMPTS);
    await new Promise((r) => setTimeout(r, 8 * BACKOFF_MS));
    expect(tries.map((t) => t.attempt)).toEqual(Array.from({ length: JOB_ATTEMPTS }, (_, i) => i + 1));
    // Each wait at least the backoff, and longer each time.
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(BACKOFF_MS - 5);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(2 * BACKOFF_MS - 5);
    expect(await q.depth('failing')).toBe(0);
    await q.close();
  });

  it('stops trying once a try succeeds, and keeps the other jobs of its kind going meanwhile', async () => {
    const q = make();
    const log: string[] = [];
    q.work('flaky', async (data, attempt) => {
      log.push(`${String(data.name)}#${attempt}`);
      if (data.name === 'flaky' && attempt === 1) throw new Error('a passing failure');
    });
    await q.add('flaky', 'job-3', { name: 'flaky' });
    await q.add('flaky', 'job-4', { name: 'steady' });
    await until(() => log.includes('flaky#2'));
    await new Promise((r) => setTimeout(r, 6 * BACKOFF_MS));
    expect(log.sort()).toEqual(['flaky#1', 'flaky#2', 'steady#1']);
    await q.close();
  });

  it('says where a job stands: unknown, running, done, failed for good', async () => {
    const q = make();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    q.work('states', async (data) => {
      if (data.name === 'slow') await gate;
      if (data.name === 'bad') throw new Error('no paper');
    });
    expect(await q.state('states', 'never-added')).toBe('unknown');
    await q.add('states', 'slow', { name: 'slow' });
    await expect.poll(() => q.state('states', 'slow'), { timeout: 5000 }).toBe('active');
    release();
    await expect.poll(() => q.state('states', 'slow'), { timeout: 5000 }).toBe('completed');
    await q.add('states', 'bad', { name: 'bad' });
    await expect.poll(() => q.state('states', 'bad'), { timeout: 10_000 }).toBe('failed');
    await q.close();
  });

  it('counts the jobs waiting and running, and closes only once the running one is done', async () => {
    const q = make();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const done: string[] = [];
    q.work('slow', async (data) => {
      await gate;
      done.push(String(data.name));
    });
    for (const name of ['a', 'b', 'c']) await q.add('slow', `job-${name}`, { name });
    await expect.poll(() => q.depth('slow'), { timeout: 5000 }).toBe(3);
    const closing = q.close();
    release();
    await closing;
    // The running job finished; the waiting ones were left (on Redis, for another instance; in-process, for its owner to add again).
    expect(done).toContain('a');
  });
}
