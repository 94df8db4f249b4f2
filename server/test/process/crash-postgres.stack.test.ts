import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crashRuns, ITERATIONS, postgresDatabase } from './crash';

describe(`SIGKILL under 200 writing applicants, ${ITERATIONS} times, on PostgreSQL`, () => {
  it('loses no acknowledged write, leaves no half file, keeps every rule of the database and settles every payment once', async () => {
    const name = `gradus_crash_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const result = await crashRuns((dataDir) => postgresDatabase(dataDir, process.env.TEST_DATABASE_URL!, name));
    expect(result.acknowledged, 'form saves acknowledged').toBeGreaterThan(0);
    // Uploads and payments queue behind the form saves for the pool's ten connections and in a short run may not
    // finish before any kill; those that do are checked like the rest, and every fee the gateway took is settled once.
    expect(result.settled).toBe(result.gatewayPaid);
  }, 1_800_000);
});
