import { describe } from 'vitest';
import { BACKOFF_MS, behavesAsAJobQueue } from '../../test/job-queue-contract';
import { localJobs } from './jobs';

const quiet = { error: () => {}, warn: () => {} };

/** The in-process queue (no REDIS_URL): the same contract as BullMQ's (test/jobs.redis.test.ts). */
describe('background jobs in this process', () => {
  behavesAsAJobQueue(() => localJobs(quiet, { backoffMs: BACKOFF_MS }));
});
