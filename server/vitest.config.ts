import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run the compiled server as processes (the crash test above all: 50 kills in a row
 * on each database) take minutes each. Started last, as the default order would start such small
 * files, they would be the suite's tail with a core idle; started first, the rest fills around them.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const weight = (f: TestSpecification) => (/crash-/.test(f.moduleId) ? 2 : /\.(process|stack)\.test\.ts$/.test(f.moduleId) ? 1 : 0);
    return [...sorted].sort((a, b) => weight(b) - weight(a));
  }
}

/**
 * One suite, run once per dialect: SQLite (the default file database), and PostgreSQL: a real server
 * when TEST_DATABASE_URL is set (CI sets it when one answers), else PostgreSQL in-process via PGlite, so
 * a machine without a server still tests the PostgreSQL dialect. PGlite stands in for the server; it adds
 * nothing beside one but minutes of CI (it ran on WASM the SQL the server had just run).
 */
const dialects = (process.env.DIALECTS ?? ['sqlite', process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'].join(','))
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    sequence: { sequencer: LongestFirst },
    // Vitest's default leaves a core idle (CPUs - 1, so one worker on the 2-core CI machine), while a
    // file spends much of its time waiting on SQLite, PostgreSQL or a socket: two workers finished a
    // 42-file sample in 258 s instead of 360 s. Each file has its own database, so files never meet.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Files share their worker's modules instead of importing the whole server again each: importing was
    // 600 of the suite's CPU-seconds (a CI run on 8540a1b), and the suite took 10 minutes instead of 20
    // without it. Nothing a file does to a module outlives it: each builds its own app on its own database
    // (state kept per database handle), and no file mocks a module or changes process.env.
    isolate: false,
    // A file's beforeAll may seed the whole demo, on PGlite, beside another worker.
    hookTimeout: 120_000,
    projects: dialects.map((dialect) => ({
      extends: true,
      test: {
        name: dialect,
        env: { TEST_DIALECT: dialect },
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        // *.pg.test.ts are about a PostgreSQL server itself (several connections at once): only that project has them.
        // *.process.test.ts start the compiled server as a child process and choose its database themselves:
        // they run once, in the SQLite project.
        // *.redis.test.ts share state between instances through a Redis server: where TEST_REDIS_URL names one (CI
        // sets it when 127.0.0.1:6379 answers), in the SQLite project.
        exclude: [
          ...configDefaults.exclude,
          ...(dialect === 'postgres' ? [] : ['**/*.pg.test.ts']),
          ...(dialect === 'sqlite' ? [] : ['**/*.process.test.ts']),
          ...(dialect === 'sqlite' && process.env.TEST_REDIS_URL ? [] : ['**/*.redis.test.ts']),
          // *.stack.test.ts run production's shape (instances on a PostgreSQL server and Redis, behind nginx): where both answer.
          ...(dialect === 'sqlite' && process.env.TEST_REDIS_URL && process.env.TEST_DATABASE_URL ? [] : ['**/*.stack.test.ts']),
        ],
      },
    })),
  },
});
