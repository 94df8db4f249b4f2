/**
 * A worker process for test/jobs.redis.test.ts: takes jobs of the kind `argv[4]`, says "started <id>"
 * on stdout for each, and never finishes one, so the test can SIGKILL it mid-job, as a crash would.
 */
import { redisJobs } from '../src/lib/jobs';

const [url, prefix, lockMs, kind] = process.argv.slice(2) as [string, string, string, string];
const jobs = redisJobs(url, prefix, { error: () => {}, warn: () => {} }, { lockMs: Number(lockMs) });
jobs.work(kind, async (data) => {
  process.stdout.write(`started ${String(data.name)}\n`);
  await new Promise(() => {});
});
