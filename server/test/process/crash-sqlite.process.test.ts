import { describe, expect, it } from 'vitest';
import { crashRuns, ITERATIONS, sqliteDatabase } from './crash';

describe(`SIGKILL under 200 writing applicants, ${ITERATIONS} times, on SQLite`, () => {
  it('loses no acknowledged write, leaves no half file, keeps the database whole and settles every payment once', async () => {
    const result = await crashRuns(async (dataDir) => sqliteDatabase(dataDir));
    // It wrote under fire: form saves acknowledged in every run, files uploaded, fees paid and settled.
    expect(result.acknowledged).toBeGreaterThanOrEqual(ITERATIONS);
    // On a loaded machine few uploads and payments finish before the kill; some must, and every one the gateway took is settled.
    expect(result.uploads).toBeGreaterThan(0);
    expect(result.settled).toBeGreaterThan(0);
    expect(result.settled).toBe(result.gatewayPaid);
  }, 1_800_000);
});
