import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crashRuns, ITERATIONS, postgresDatabase } from './crash';

describe(`SIGKILL under 200 writing applicants, ${ITERATIONS} times, on PostgreSQL`, () => {
  it('loses no acknowledged write, leaves no half file, keeps every rule of the database and settles every payment once', async () => {
    const name = `gradus_crash_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const result = await crashRuns((dataDir) => postgresDatabase(dataDir, process.env.TEST_DATABASE_URL!, name));
    expect(result.acknowledged).toBeGreaterThanOrEqual(ITERATIONS);
    // On a loaded machine few uploads and payments finish before the kill; some must, and every one the gateway took is settled.
    expect(result.uploads).toBeGreaterThan(0);
    expect(result.settled).toBeGreaterThan(0);
    expect(result.settled).toBe(result.gatewayPaid);
  }, 1_800_000);
});
