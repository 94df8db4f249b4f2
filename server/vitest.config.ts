import { defineConfig } from 'vitest/config';

/**
 * One suite, run once per dialect: SQLite (the default file database), PostgreSQL in-process via
 * PGlite, and a real PostgreSQL server when TEST_DATABASE_URL is set (CI sets it when one answers).
 */
const dialects = (process.env.DIALECTS ?? ['sqlite', 'pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])].join(','))
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: dialects.map((dialect) => ({
      extends: true,
      test: { name: dialect, env: { TEST_DIALECT: dialect }, include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
    })),
  },
});
