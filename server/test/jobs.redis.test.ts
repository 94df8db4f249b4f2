import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JobInterrupted, redisJobs, type JobQueue } from '../src/lib/jobs';
import { BACKOFF_MS, behavesAsAJobQueue } from './job-queue-contract';

/**
 * Background jobs on BullMQ and a real Redis (REDIS_URL set): the contract the in-process queue
 * keeps too, then what only several instances have: each job runs on one of them, and a job whose
 * instance was killed mid-job is taken over by another once its lock lapses.
 */
const REDIS_URL = process.env.TEST_REDIS_URL!;
const quiet = { error: () => {}, warn: () => {} };
const freshPrefix = () => `gradus-test-${randomUUID().slice(0, 8)}:`;

describe('background jobs on Redis', () => {
  behavesAsAJobQueue(() => redisJobs(REDIS_URL, freshPrefix(), quiet, { backoffMs: BACKOFF_MS }));

  it('runs each job on one instance of several', async () => {
    const prefix = freshPrefix();
    const instances: JobQueue[] = [1, 2, 3].map(() => redisJobs(REDIS_URL, prefix, quiet));
    const ranOn: Record<string, number[]> = {};
    instances.forEach((q, i) =>
      q.work('shared', async (data) => {
        (ranOn[String(data.name)] ??= []).push(i);
        await new Promise((r) => setTimeout(r, 20));
      }),
    );
    for (let n = 0; n < 30; n++) await instances[n % 3]!.add('shared', `job-${n}`, { name: `n${n}` });
    await expect.poll(() => Object.keys(ranOn).length, { timeout: 15_000 }).toBe(30);
    await new Promise((r) => setTimeout(r, 300));
    expect(Object.values(ranOn).every((on) => on.length === 1)).toBe(true);
    // Spread over more than one instance.
    expect(new Set(Object.values(ranOn).flat()).size).toBeGreaterThan(1);
    for (const q of instances) await q.close();
  }, 30_000);

  it('puts a job back for another instance, without using up a try, when the instance running it stops', async () => {
    const prefix = freshPrefix();
    const stopping = redisJobs(REDIS_URL, prefix, quiet);
    const other = redisJobs(REDIS_URL, prefix, quiet);
    let closing = false;
    let started = 0;
    stopping.work('handover', async () => {
      started++;
      while (!closing) await new Promise((r) => setTimeout(r, 10));
      throw new JobInterrupted();
    });
    await stopping.add('handover', 'job-handover', { name: 'tickets' });
    await expect.poll(() => started, { timeout: 10_000 }).toBe(1);
    const ran: number[] = [];
    other.work('handover', async (_data, attempt) => void ran.push(attempt));
    // As the printing does: no new job taken here, the one under way cut short.
    const stopped = stopping.stop('handover');
    closing = true;
    await stopped;
    await expect.poll(() => ran, { timeout: 10_000 }).toEqual([1]);
    expect(started).toBe(1);
    await stopping.close();
    await other.close();
  }, 30_000);

  it('gives a job whose instance was killed mid-job to another instance once its lock lapses', async () => {
    const prefix = freshPrefix();
    const lockMs = 1_000;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'jobs-worker-child.ts'), REDIS_URL, prefix, String(lockMs), 'orphaned'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const survivor = redisJobs(REDIS_URL, prefix, quiet, { lockMs });
    try {
      // The job goes to the child alone: the survivor's worker starts only once the child holds it.
      await survivor.add('orphaned', 'job-orphan', { name: 'tickets' });
      await expect.poll(() => output, { timeout: 20_000 }).toContain('started tickets');
      child.kill('SIGKILL');
      const ran: number[] = [];
      survivor.work('orphaned', async (_data, attempt) => void ran.push(attempt));
      await expect.poll(() => ran.length, { timeout: 15_000 }).toBe(1);
      // A crash is not a failed try: it is the first try again.
      expect(ran).toEqual([1]);
    } finally {
      child.kill('SIGKILL');
      await survivor.close();
    }
  }, 45_000);
});
